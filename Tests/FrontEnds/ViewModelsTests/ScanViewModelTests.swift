#if os(Linux)
    import CoreNFCTransport
    import NDEF
    import Store
    import TagCatalog
    import TapCardSupport
    import Testing

    @testable import ViewModels

    @MainActor
    @Suite struct ScanViewModelTests {
        @Test func aBlankNTAG213ShowsEveryField() async throws {
            let bench = Bench()
            let store = try temporaryStore()
            let model = ScanViewModel(service: bench.service, store: store, clock: { fixedNow })
            #expect(model.buttonTitle == "Scan a tag")
            bench.holdTag()
            await bench.run { await model.scan() }
            let info = try #require(model.state.outcome)
            #expect(info.field("UID") == "04:A1:B2:C3:D4:E5:80")
            #expect(info.field("Manufacturer") == "NXP Semiconductors (UID byte 0 = 0x04)")
            #expect(info.field("Chip") == "NTAG213 (GET_VERSION 00 04 04 02 01 00 0F 03)")
            #expect(info.field("Tag type") == "NFC Forum Type 2 (ISO 14443-A, MIFARE Ultralight)")
            #expect(info.field("NDEF status") == "NDEF, read/write")
            // The capacity says who measured it.
            #expect(info.capacity == .reported(137, model: .ntag213))
            #expect(info.field("Capacity")?.hasPrefix("137 bytes for an NDEF message, as this tag reports it.") == true)
            // The emulator's signature is 32 zero bytes: the originality check says invalid, in its own words.
            #expect(info.signatureCheck.verdict == .invalid)
            #expect(info.field("Signature") == info.signatureCheck.statement)
            #expect(info.contentSummary == "Empty: the tag is formatted but holds no message.")
            #expect(info.records.isEmpty)
            // Recorded in the inventory with the reported figure.
            let entries = try store.inventory()
            #expect(entries.count == 1)
            #expect(entries.first?.tag.key == TagKey(uid: sampleUID, chip: "ntag213"))
            #expect(entries.first?.tag.capacity == CapacityRecord(bytes: 137, source: .reported))
        }

        @Test func recordsAreShownThroughTheirTypedViewsAndUnknownOnesAsHex() async throws {
            let bench = Bench(model: .ntag215)
            let records: [NDEFRecordFields] = [
                NDEFRecordFields(tnf: 0x01, type: [0x55], payload: [0x04] + Array("example.com".utf8)),
                NDEFRecordFields(tnf: 0x01, type: [0x54], payload: [0x02] + Array("enHello".utf8)),
                NDEFRecordFields(tnf: 0x05, type: [], payload: [0x00, 0xFF, 0x41, 0x42]),
                NDEFRecordFields(tnf: 0x02, type: Array("image/png".utf8), payload: [0x89, 0x50, 0x4E, 0x47]),
            ]
            bench.holdTag()
            await bench.run { _ = try? await bench.service.write(records) }
            let model = ScanViewModel(service: bench.service)
            bench.holdTag()
            await bench.run { await model.scan() }
            let info = try #require(model.state.outcome)
            #expect(info.records.count == 4)
            #expect(info.records[0].view == .uri(URIRecord(uri: "https://example.com")))
            #expect(info.records[0].detail == "https://example.com")
            #expect(info.records[1].title == "Text (en, UTF-8)")
            #expect(info.records[1].detail == "Hello")
            #expect(info.records[2].view.kind == "unknown")
            #expect(info.records[2].hexDump == ["0000  00 FF 41 42" + String(repeating: " ", count: 36) + "  |..AB|"])
            #expect(info.records[3].title == "MIME image/png")
            #expect(!info.records[3].hexDump.isEmpty)
            #expect(info.contentSummary == "4 records.")
        }

        /// A published NTAG21x vector (UID 04E10CDA993C80): Tag Info says the signature verifies,
        /// and what that does not prove.
        @Test func aGenuineSignatureVerifiesWithItsCaveat() async throws {
            let uid: [UInt8] = [0x04, 0xE1, 0x0C, 0xDA, 0x99, 0x3C, 0x80]
            let bench = Bench(uid: uid)
            bench.chip.signature = try Hex.decode("8B76052EE42F5567BEB53238B3E3F9950707C0DCC956B5C5EFCFDB709B2D82B3")
            let model = ScanViewModel(service: bench.service)
            bench.holdTag()
            await bench.run { await model.scan() }
            let info = try #require(model.state.outcome)
            #expect(info.signatureCheck.verdict == .valid(keyName: "NTAG21x"))
            #expect(info.field("Signature")?.contains("does not prove this tag is that chip") == true)
        }

        @Test func anISO15693TagNamesItsManufacturerFromTheSecondUIDByte() {
            let reading = TagReading(
                uid: [0xE0, 0x04, 0x01, 0x50, 0x12, 0x34, 0x56, 0x78], technology: .iso15693(manufacturerCode: 0x04),
                access: .notFormatted, reportedCapacity: 0, content: .notFormatted)
            let info = TagInfo(reading)
            #expect(info.field("Manufacturer") == "NXP Semiconductors (UID byte 1 = 0x04)")
            #expect(info.field("Tag type") == "ISO 15693 (NFC-V)")
            #expect(info.tagKey.chip == "type5")
        }

        @Test func cancellingIsNotAnError() async {
            let bench = Bench()
            bench.system.script([.userCancels])
            let model = ScanViewModel(service: bench.service)
            var failures: [NFCSessionError] = []
            model.onFailure = { failures.append($0) }
            await bench.run { await model.scan() }
            #expect(model.state == .idle)
            #expect(failures == [.cancelled])
        }

        @Test func timeoutAndBusyHaveTheirOwnWords() async {
            let bench = Bench()
            let model = ScanViewModel(service: bench.service)
            await bench.run { await model.scan() }
            #expect(model.state.failure?.contains("60 seconds") == true)
        }

        @Test func anUnformattedTagSaysSo() async throws {
            let bench = Bench(model: .ultralightEV1_48)
            bench.chip.memory.replaceSubrange(12..<16, with: [0, 0, 0, 0])
            let model = ScanViewModel(service: bench.service)
            bench.holdTag()
            await bench.run { await model.scan() }
            let info = try #require(model.state.outcome)
            #expect(info.field("NDEF status") == "Not NDEF formatted")
            #expect(info.field("Capacity") == "None: the tag is not NDEF formatted.")
            #expect(info.field("Chip")?.hasPrefix("MIFARE Ultralight EV1 (48 bytes)") == true)
        }

        @Test func hexDumpLinesAreOffsetHexAndASCII() {
            let lines = HexDump.lines(Array(0x30...0x50).map(UInt8.init))
            #expect(lines.count == 3)
            #expect(lines[0] == "0000  30 31 32 33 34 35 36 37 38 39 3A 3B 3C 3D 3E 3F  |0123456789:;<=>?|")
            #expect(lines[2].hasPrefix("0020  50 "))
            #expect(HexDump.lines([]).isEmpty)
        }
    }
#endif
