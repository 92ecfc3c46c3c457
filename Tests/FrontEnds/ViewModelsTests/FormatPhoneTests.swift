#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import NDEF
    import TagCatalog
    import TagEmulator
    import TagWorkflows
    import TapCardSupport
    import Testing
    import Type4

    @testable import ViewModels

    /// "Format for NDEF" on the Write screen, through the CoreNFC stand-in: the desk's `format`
    /// by the driver for the tag's channels (a DESFire's AN11004 application, a Type 5 CC, a
    /// Type 2 CC after a blank tag's memory), read back in the same session and verified only
    /// when the read-back shows an empty, writable NDEF tag; the same refusals as the desk, in
    /// the phone's words, with the tag left as it was.
    @MainActor
    @Suite struct FormatPhoneTests {
        static func app(_ service: CoreNFCTagSessions) -> TapCardAppModel {
            TapCardAppModel(
                service: service, store: nil, card: MyCardViewModel(profile: MyCardViewModelTests.ada, format: .url))
        }

        /// A phone with a DESFire card on the table.
        final class DESFireBench {
            let system = NFCStandInSystem()
            let chip: EmulatedType4Tag
            let service = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)
            init(_ chip: EmulatedType4Tag) { self.chip = chip }
            func holdTag() {
                system.script([.present([StandInTag(isoDep: chip, uid: chip.uid, family: .desfire)])])
            }
            func run(_ body: () async -> Void) async { await NFCStandInSystem.run(system) { await body() } }
        }

        @Test(arguments: [TagModel.desfireEV1_4K, .desfireEV2_8K, .desfireEV3_4K])
        func aBlankDESFireGetsItsNDEFApplicationThenTakesTheCard(model: TagModel) async throws {
            let bench = DESFireBench(EmulatedType4Tag(model: model, uid: sampleUID))
            let app = Self.app(bench.service)
            bench.holdTag()
            await bench.run { await app.write.format() }
            let outcome = try #require(app.write.formatState.outcome, "\(app.write.formatState)")
            #expect(outcome.verified)
            #expect(
                outcome.lines.first?.hasPrefix("Formatted \(model.displayName) 04:A1:B2:C3:D4:E5:80 per NXP AN11004")
                    == true)
            #expect(outcome.lines.contains { $0.hasPrefix("Verified: read back as a Type 4 tag") })
            #expect(outcome.readBack.reading.access == .readWrite && outcome.readBack.capacity.bytes == 2046)
            #expect(bench.chip.picc?.applications.map(\.aid) == [0x000001])
            // Then the card is written like any Type 4 tag.
            bench.holdTag()
            await bench.run { await app.write.write() }
            #expect(app.write.state.outcome?.receipt.verified == true, "\(app.write.state)")
            // A second format is refused: the card holds a message now, and it is kept.
            let before = String(describing: bench.chip.memory)
            bench.holdTag()
            await bench.run { await app.write.format() }
            let refusal = try #require(app.write.formatState.failure, "\(app.write.formatState)")
            #expect(!PhoneSentenceTests.speaksCLI(refusal))
            #expect(String(describing: bench.chip.memory) == before)
            // Scan, then lock with the typed confirmation: key 0 of the NDEF application, by
            // AuthenticateAES on an EV1 and AuthenticateEV2First on the later generations.
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            app.lock.typedConfirmation = try #require(app.lock.requiredPhrase)
            bench.holdTag()
            await bench.run { await app.lock.lock() }
            #expect(app.lock.state.outcome?.accessAfter == .readOnly, "\(app.lock.state)")
            let authentication = model == .desfireEV1_4K ? "AuthenticateAES" : "AuthenticateEV2First"
            #expect(app.lock.reportLines.contains { $0.contains("(\(authentication))") }, "\(app.lock.reportLines)")
        }

        @Test func aDESFireThatWantsItsPICCMasterKeyAsksForItAndFormatsWithIt() async throws {
            let masterKey: [UInt8] = Array(0x20...0x2F)
            var picc = DESFirePICC.factory.withAESMasterKey(masterKey)
            picc.keySettings = 0x0B
            let bench = DESFireBench(try EmulatedType4Tag(model: .desfireEV1_4K, uid: sampleUID, picc: picc))
            let app = Self.app(bench.service)
            let before = String(describing: bench.chip.memory)
            bench.holdTag()
            await bench.run { await app.write.format() }
            let refusal = try #require(app.write.formatState.failure, "\(app.write.formatState)")
            #expect(
                refusal.hasPrefix("The card creates applications only after authentication with its PICC master key"))
            #expect(refusal.contains("AuthenticateAES answered 91 AE"))
            #expect(!PhoneSentenceTests.speaksCLI(refusal))
            #expect(app.write.usesKey)
            #expect(String(describing: bench.chip.memory) == before)
            app.write.key = AuthenticationKeyEntry(text: Hex.encode(masterKey))
            bench.holdTag()
            await bench.run { await app.write.format() }
            let outcome = try #require(app.write.formatState.outcome, "\(app.write.formatState)")
            #expect(outcome.verified)
            #expect(outcome.lines.contains { $0.contains("CreateApplication went in an AuthenticateAES session") })
        }

        @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k])
        func aBlankType5TagGetsItsCCAndReadsBackEmpty(model: TagModel) async throws {
            let bench = Type5Bench(model: model, formatted: false)
            let app = Self.app(bench.service)
            bench.holdTag()
            await bench.run { await app.write.format() }
            let outcome = try #require(app.write.formatState.outcome, "\(app.write.formatState)")
            #expect(outcome.verified)
            #expect(outcome.lines.first?.hasPrefix("Formatted \(model.displayName) E0:") == true)
            #expect(
                outcome.lines.last?.hasPrefix(
                    "Verified: read back in the same session, it is an empty, writable NDEF tag with room for") == true)
            #expect(Array(bench.memory.prefix(1)) == [0xE1])
            #expect(bench.message == [])
        }

        @Test func aBlankFeliCaLiteSGetsItsAttributeBlock() async throws {
            let bench = Type3Bench(formatted: false)
            let app = Self.app(bench.service)
            bench.holdTag()
            await bench.run { await app.write.format() }
            let outcome = try #require(app.write.formatState.outcome, "\(app.write.formatState)")
            #expect(outcome.verified, "\(outcome.lines)")
            #expect(outcome.lines.first?.hasPrefix("Formatted FeliCa Lite-S ") == true)
            #expect(outcome.readBack.reading.access == .readWrite && outcome.readBack.capacity.bytes > 0)
            // The card now takes a message from the same screen.
            bench.holdTag()
            await bench.run { await app.write.write() }
            #expect(app.write.state.outcome?.receipt.verified == true, "\(app.write.state)")
        }

        @Test func aBlankType2TagIsFormattedByTapCardsDriver() async throws {
            let bench = Bench(model: .ntag213)
            bench.chip.memory = EmulatedTag(model: .ntag213, uid: sampleUID, formatted: false).memory
            let app = Self.app(bench.service)
            bench.holdTag()
            await bench.run { await app.write.format() }
            let outcome = try #require(app.write.formatState.outcome, "\(app.write.formatState)")
            #expect(outcome.verified, "\(outcome.lines)")
            #expect(outcome.lines.first == "Formatted NTAG213 04:A1:B2:C3:D4:E5:80 for NDEF.")
            #expect(Array(bench.chip.memory[12..<16]) == [0xE1, 0x10, 0x12, 0x00])
        }

        @Test func aType2TagHoldingAMessageIsNotFormattedOver() async throws {
            let bench = Bench(model: .ntag213)
            let app = Self.app(bench.service)
            bench.holdTag()
            await bench.run { await app.write.write() }
            #expect(app.write.state.outcome != nil, "\(app.write.state)")
            let before = bench.chip.memory
            bench.chip.clearLog()
            bench.holdTag()
            await bench.run { await app.write.format() }
            let refusal = try #require(app.write.formatState.failure, "\(app.write.formatState)")
            #expect(refusal.contains("formatting again would only lose its message"), "\(refusal)")
            #expect(!PhoneSentenceTests.speaksCLI(refusal))
            #expect(bench.writeCommands == 0 && bench.chip.memory == before)
        }
    }
#endif
