#if os(Linux)
    import Cards
    import Contacts
    import CoreNFC
    import CoreNFCTransport
    import NDEF
    import Store
    import TagCatalog
    import TagEmulator
    import TagWorkflows
    import TapCardSupport
    import Testing
    import Type3

    @testable import ViewModels

    /// The phone's Scan, Write and Lock screens on a FeliCa Lite-S: TapCard's own Type 3 driver
    /// over the CoreNFC stand-in's FeliCa channel (`.feliCa`, found by polling the app's system
    /// codes). The emulated card's blocks are the witness, read without TapCard's mapping.
    @MainActor
    @Suite struct Type3PhoneTests {
        static func scanned(_ bench: Type3Bench, store: TapCardStore? = nil) async throws -> TagInfo {
            let scan = ScanViewModel(service: bench.service, store: store, clock: { fixedNow })
            bench.holdTag()
            await bench.run { await scan.scan() }
            return try #require(scan.state.outcome, "\(scan.state)")
        }

        // MARK: Scan

        @Test func aFormattedLiteSIsInspectedByTheDriverAndRecorded() async throws {
            let bench = Type3Bench()
            let store = try temporaryStore()
            let info = try await Self.scanned(bench, store: store)
            let inspection = try #require(info.type3Inspection)
            #expect(info.field("UID") == "01:2E:50:48:4F:4E:45:82 (the card's IDm)")
            #expect(info.field("Manufacturer") == "Sony (FeliCa; the PMm's IC code F1 names the chip)")
            #expect(info.field("Chip") == "FeliCa Lite-S (RC-S966) (by PMm IC code F1)")
            #expect(info.field("Tag type") == "NFC Forum Type 3 (FeliCa)")
            #expect(info.field("NDEF status") == "NDEF, read/write (the attribute block's RW flag is 01)")
            #expect(info.field("Capacity") == "208 bytes (reported by the card's attribute block: Nmaxb 13 × 16)")
            #expect(info.capacity == .reported(208, model: .feliCaLiteS))
            let block0 = Hex.encode(try #require(bench.chip.block(0)), uppercase: true, separator: " ")
            #expect(
                info.field("Attribute block")
                    == "Block 0: \(block0). Ver 1.0, Nbr 4, Nbw 1, Nmaxb 13 (208 bytes), WriteF 00, RW flag 01 (read/write), Ln 0."
            )
            #expect(info.field("PMm") == Hex.encode(bench.chip.pmm, uppercase: true, separator: " "))
            // 12FC answered the driver's first Polling; 88B4 the one iOS lets it send instead of FFFF.
            #expect(info.field("System code") == "12FC (NDEF), 88B4 (FeliCa Lite-S)")
            #expect(inspection.systemCodes == [0x12FC, 0x88B4])
            #expect(info.field("MC (88h)")?.hasPrefix("FF FF FF 01") == true)
            #expect(info.field("Signature") == "Not checked: TapCard checks no originality signature on FeliCa cards.")
            #expect(info.contentSummary == "Empty: Ln is 0, so the card holds no message.")
            #expect(info.reading.uid == Type3Bench.idm)
            let entries = try store.inventory()
            #expect(entries.first?.tag.key == TagKey(uid: Type3Bench.idm, chip: "felica-lite-s"))
            #expect(entries.first?.tag.capacity == CapacityRecord(bytes: 208, source: .reported))
            // The driver's Polling for FFFF, refused by iOS (not in Info.plist), is the one error:
            // it polled 88B4 instead. iOS's NDEF calls were not needed.
            #expect(bench.tag?.errorsReported == [.readerErrorSecurityViolation])
        }

        @Test func aBlankLiteSFoundBy88B4IsShownNotFormattedWithAnAssumedCapacity() async throws {
            let bench = Type3Bench(formatted: false)
            let store = try temporaryStore()
            let info = try await Self.scanned(bench, store: store)
            #expect(info.type3Inspection != nil, "the driver's view, not iOS's fallback")
            #expect(info.field("Chip") == "FeliCa Lite-S (RC-S966) (by PMm IC code F1)")
            #expect(
                info.field("NDEF status")
                    == "Not NDEF-formatted: it does not answer polling for the NDEF system code 12FC (on a FeliCa Lite-S: MC SYS_OP bit 0 is 0)."
            )
            #expect(
                info.field("Capacity")?.hasPrefix("None reported: the card is not NDEF-formatted (assuming 208") == true
            )
            #expect(info.capacity == .assumed(208, model: .feliCaLiteS))
            #expect(info.field("System code") == "88B4 (FeliCa Lite-S)")
            #expect(info.reading.access == .notFormatted)
            // Recorded with the figure's source: nobody reported 208 bytes.
            #expect(try store.inventory().first?.tag.capacity == CapacityRecord(bytes: 208, source: .assumed))
            let before = bench.memory
            let write = WriteViewModel(service: bench.service, card: MyCardViewModel(profile: MyCardViewModelTests.ada))
            bench.holdTag()
            await bench.run { await write.write() }
            #expect(
                write.state.failure?.hasPrefix("The card is not NDEF-formatted: it does not answer polling") == true)
            #expect(write.state.failure?.hasSuffix("Nothing was written.") == true)
            #expect(bench.memory == before)
            #expect(bench.updates == 0)
        }

        // MARK: Write

        @Test(arguments: [CardFormat.url, .vcard])
        func aCardIsWrittenByTheDriverAndReadsBack(format: CardFormat) async throws {
            let bench = Type3Bench()
            let store = try temporaryStore()
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: format)
            let write = WriteViewModel(service: bench.service, card: card, store: store, clock: { fixedNow })
            let message = try #require(card.message).encoded()
            try #require(message.count <= 208)
            bench.holdTag()
            await bench.run { await write.write() }
            let report = try #require(write.state.outcome, "\(write.state)")
            let type3 = try #require(report.type3Report)
            #expect(type3.verification == .readBack(.bytes(message.count), match: .bytes))
            let dataBlocks = (message.count + 15) / 16
            #expect(type3.writes.count == 2 + dataBlocks, "Nbw 1: one data Update per block")
            #expect(report.lines.count == 5)
            #expect(
                report.lines[0]
                    == "Wrote \(message.count) bytes to the card with IDm 01:2E:50:48:4F:4E:45:82 (FeliCa Lite-S (RC-S966) (by PMm IC code F1))."
            )
            #expect(
                report.lines[1]
                    == "The card holds at most 208 bytes (reported by the card's attribute block: Nmaxb × 16); \(208 - message.count) left."
            )
            #expect(
                report.lines[2]
                    == "\(type3.writes.count) Updates (the attribute block with WriteF 0F first, \(dataBlocks) data \(dataBlocks == 1 ? "Update" : "Updates") of blocks \((1...dataBlocks).map(String.init).joined(separator: ", ")), then WriteF 00 with Ln \(message.count) last)."
            )
            #expect(
                report.lines[3]
                    == "Verified: block 0 and the \(message.count)-byte message read back in the same session decode to the same records."
            )
            #expect(report.lines[4].hasPrefix("Air time: ") && report.lines[4].contains("not measured"))
            // The card's blocks hold the message and Ln, read without TapCard's mapping.
            #expect(bench.message == message)
            #expect(bench.updates == type3.writes.count)
            #expect(card.capacity == .reported(208, model: .feliCaLiteS))
            let writes = try store.writes(for: TagKey(uid: Type3Bench.idm, chip: "felica-lite-s"))
            #expect(writes.count == 1)
            #expect(writes.first?.verified == true)
            #expect(writes.first?.message == message)
            #expect(writes.first?.pagesWritten == dataBlocks + 1)
            let info = try await Self.scanned(bench)
            #expect(info.records.count == 1)
            #expect(info.contentSummary == "1 record, \(message.count) bytes (Ln \(message.count)).")
        }

        @Test func aTooBigCardIsRefusedWithTheAttributeBlocksFiguresAndTheCardIsUntouched() async throws {
            let bench = Type3Bench()
            let card = MyCardViewModel(profile: Type4PhoneTests.longProfile, format: .vcard)
            let needed = try #require(card.message).encoded().count
            try #require(needed > 208)
            let before = bench.memory
            let write = WriteViewModel(service: bench.service, card: card)
            bench.holdTag()
            await bench.run { await write.write() }
            #expect(
                write.state.failure == Type3PlanError.tooBig(needed: needed, capacity: 208, maximumBlocks: 13).sentence)
            #expect(bench.memory == before, "every block byte-identical")
            #expect(bench.updates == 0, "no Update was sent")
            #expect(card.capacity == .reported(208))
        }

        @Test(arguments: [TearMode.notDelivered, .replyLost])
        func aTornWriteSaysWhichUpdateAndWhatTheCardMayHold(mode: TearMode) async throws {
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .vcard)
            let message = try #require(card.message).encoded()
            let twin = Type3Bench()
            twin.holdTag()
            await twin.run { await WriteViewModel(service: twin.service, card: card).write() }
            let updates = twin.chip.commandLog.enumerated().filter { $0.element.command.code == 0x08 }.map(\.offset)
            try #require(updates.count >= 3)
            for (index, command) in updates.enumerated() {
                let bench = Type3Bench()
                let write = WriteViewModel(service: bench.service, card: card)
                bench.holdTag(tearAfter: command, mode: mode)
                await bench.run { await write.write() }
                let failure = try #require(write.state.failure, "tear at Update \(index + 1)")
                #expect(failure.hasPrefix("The write stopped at Update \(index + 1) of \(updates.count)"), "\(failure)")
                #expect(write.suggestsScan)
                let states = [TagStateAfterWrite.empty, .emptyOrNew, .new].map(\.phrase)
                #expect(states.contains { failure.contains("The tag holds \($0).") }, "\(failure)")
                // WriteF 0F (no valid message, what "empty" is on FeliCa) or the new message.
                let writeFlag = bench.chip.block(0)?[9]
                #expect(
                    writeFlag == 0x0F || bench.message == message || bench.message == [],
                    "tear at Update \(index + 1), \(mode)")
                if index > 0, index < updates.count - 1 { #expect(writeFlag == 0x0F) }
            }
        }

        // MARK: Lock

        @Test func aLiteSIsLockedByTheDriverAfterTheTypedConfirmation() async throws {
            let bench = Type3Bench()
            let link = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .url)
            bench.holdTag()
            await bench.run { await WriteViewModel(service: bench.service, card: link).write() }
            let message = try #require(bench.message)
            let lock = LockViewModel(service: bench.service)
            lock.select(try await Self.scanned(bench))
            #expect(lock.requiredPhrase == "LOCK 4582")
            lock.typedConfirmation = "LOCK 5E80"
            #expect(!lock.canLock)
            lock.typedConfirmation = "lock 4582"
            #expect(lock.canLock)
            bench.holdTag()
            await bench.run { await lock.lock() }
            #expect(lock.state == .done(LockReceipt(uid: Type3Bench.idm, accessAfter: .readOnly)), "\(lock.state)")
            let report = try #require(lock.type3Report)
            #expect(report.verified)
            #expect(report.steps == [.readOnlyFlag, .lockMemory])
            #expect(
                lock.reportLines.first
                    == "Locked FeliCa Lite-S with IDm 01:2E:50:48:4F:4E:45:82 in 2 Updates: the attribute block's RW flag set to 00 (reversible on its own); MC with S_PAD0–13 read-only and MC_ALL 00 (permanent)."
            )
            #expect(lock.reportLines[1].hasPrefix("Verified: read back, block 0 has RW flag 00; MC "))
            #expect(lock.reportLines.last?.hasPrefix("Permanent: the lock-memory step (MC_ALL 00)") == true)
            // The card: RW flag 00 in block 0, MC_ALL (MC byte 2) 00, MC_SP bits clear; message unchanged.
            #expect(bench.chip.block(0)?[10] == 0x00)
            let mc = try #require(bench.chip.block(0x88))
            #expect(mc[2] == 0x00 && mc[0] == 0x00 && mc[1] & 0x3F == 0x00)
            #expect(bench.message == message)
            let info = try await Self.scanned(bench)
            #expect(info.reading.access == .readOnly)
            #expect(
                info.field("NDEF status")?.hasPrefix("NDEF, read-only (the attribute block's RW flag is 00") == true)
            lock.select(info)
            #expect(lock.blocker == "This tag is already read-only.")
            let before = bench.memory
            let write = WriteViewModel(service: bench.service, card: MyCardViewModel(profile: MyCardViewModelTests.ada))
            bench.holdTag()
            await bench.run { await write.write() }
            #expect(write.state.failure != nil)
            #expect(bench.memory == before)
            #expect(bench.updates == 0)
        }
    }
#endif
