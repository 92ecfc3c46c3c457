#if os(Linux)
    import Cards
    import Contacts
    import CoreNFCTransport
    import NDEF
    import Store
    import TagCatalog
    import TagEmulator
    import TagWorkflows
    import TapCardSupport
    import Testing
    import Type5

    @testable import ViewModels

    /// The phone's Scan, Write and Lock screens on Type 5 tags: TapCard's own Type 5 driver over
    /// the CoreNFC stand-in's ISO 15693 channel (`.iso15693`), on emulated ICODE SLIX2 and
    /// ST25DV04K chips. The emulated chip's memory is the witness, read without TapCard's mapping.
    @MainActor
    @Suite struct Type5PhoneTests {
        nonisolated static let models = [TagModel.icodeSLIX2, .st25dv04k]

        static func scanned(_ bench: Type5Bench, store: TapCardStore? = nil) async throws -> TagInfo {
            let scan = ScanViewModel(service: bench.service, store: store, clock: { fixedNow })
            bench.holdTag()
            await bench.run { await scan.scan() }
            return try #require(scan.state.outcome, "\(scan.state)")
        }

        /// A profile whose vCard is larger than an ST25DV04K's 500-byte NDEF area.
        static let hugeProfile = ContactProfile(
            displayName: "Ada Lovelace", phones: [Phone("+44 20 7946 0000")], emails: ["ada@example.com"],
            urls: (1...14).map { "https://ada.example/notes/on/the/analytical/engine/\($0)" })

        /// What each formatted chip reports: the CC's MLEN, data area and the message it holds.
        static func figures(_ model: TagModel) -> (mlen: Int, dataArea: Int, capacity: Int, memory: String) {
            model == .icodeSLIX2
                ? (39, 312, 308, "320 bytes of memory (reported by GET SYSTEM INFO: 80 blocks)")
                : (63, 504, 500, "512 bytes of memory (reported by GET SYSTEM INFO: 128 blocks)")
        }

        // MARK: Scan

        @Test(arguments: models)
        func aFormattedTagIsInspectedByTheDriverAndRecorded(model: TagModel) async throws {
            let bench = Type5Bench(model: model)
            let store = try temporaryStore()
            let info = try await Self.scanned(bench, store: store)
            let inspection = try #require(info.type5Inspection)
            let figures = Self.figures(model)
            let uid = bench.chip.uid
            #expect(info.field("UID") == Hex.encode(uid, uppercase: true, separator: ":"))
            #expect(
                info.field("Manufacturer")
                    == (model == .icodeSLIX2
                        ? "NXP Semiconductors (UID byte 1 = 0x04)" : "STMicroelectronics (UID byte 1 = 0x02)"))
            #expect(info.field("Chip") == inspection.read.identification.phrase)
            #expect(info.field("Chip")?.hasPrefix("\(model.displayName) (UID ") == true)
            #expect(info.field("Chip")?.contains("agrees") == true, "the IC reference from GET SYSTEM INFO")
            #expect(info.field("Tag type") == "NFC Forum Type 5 (ISO 15693)")
            #expect(info.field("Memory") == "4-byte blocks (reported by GET SYSTEM INFO); \(figures.memory)")
            #expect(info.field("NDEF status") == "NDEF, read/write (the CC's write access is 00 (free))")
            #expect(
                info.field("Capacity")
                    == "\(figures.capacity) bytes (reported by the tag's CC: MLEN \(figures.mlen), a \(figures.dataArea)-byte data area)"
            )
            #expect(info.capacity == .reported(figures.capacity, model: model))
            let mlen = Hex.encode([UInt8(figures.mlen)], uppercase: true)
            #expect(info.field("CC")?.hasPrefix("E1 40 \(mlen) 00: magic E1, mapping version 1.0") == true)
            #expect(info.field("NDEF TLV") == "At data-area offset 0 (block 1), 1-byte length 0; block 1.")
            #expect(info.field("Block security") == "No block is locked.")
            #expect(info.field("iOS compatibility") == "No known reason iOS would not read this tag's NDEF message.")
            #expect(info.contentSummary == "Empty: the NDEF TLV has length 0, so the tag holds no message.")
            #expect(info.reading.access == .readWrite)
            if model == .icodeSLIX2 {
                // The emulator answers READ SIGNATURE with zeros: the verdict and its own statement.
                let check = try #require(inspection.signatureCheck)
                #expect(info.field("Signature") == "Invalid. \(check.statement)")
                #expect(info.signatureCheck == check)
            } else {
                #expect(info.field("Signature")?.hasPrefix("Not read: READ SIGNATURE is an NXP ICODE command") == true)
                #expect(info.signatureCheck.verdict != .invalid)
            }
            let entries = try store.inventory()
            #expect(entries.first?.tag.key == TagKey(uid: uid, chip: model.rawValue))
            #expect(entries.first?.tag.capacity == CapacityRecord(bytes: figures.capacity, source: .reported))
            // The driver did the reading: iOS's NDEF calls were not needed.
            #expect(bench.tag?.errorsReported.isEmpty == true)
        }

        @Test func aBlankTagIsShownNotFormattedWithBlockZeroAndTheWriteIsRefused() async throws {
            let bench = Type5Bench(model: .icodeSLIX2, formatted: false)
            let info = try await Self.scanned(bench)
            #expect(info.type5Inspection != nil, "the driver's view, not iOS's fallback")
            #expect(info.field("NDEF status") == "Not NDEF-formatted: block 0 holds 00 00 00 00, not a CC (E1 or E2).")
            #expect(info.field("Capacity") == "None: without a CC the tag reports no NDEF capacity.")
            #expect(info.field("iOS compatibility") == Type5CompatibilityWarning.noCapabilityContainer.description)
            #expect(info.reading.access == .notFormatted)
            #expect(info.contentSummary.hasPrefix("Nothing to read: the tag has no CC"))
            // Lock has nothing to lock; Write is refused with block 0 before anything is sent.
            let lock = LockViewModel(service: bench.service)
            lock.select(info)
            #expect(lock.blocker == "This tag is not NDEF formatted; there is nothing to lock.")
            let before = bench.memory
            let write = WriteViewModel(service: bench.service, card: MyCardViewModel(profile: MyCardViewModelTests.ada))
            bench.holdTag()
            await bench.run { await write.write() }
            #expect(write.state.failure?.hasPrefix("Block 0 holds 00 00 00 00, not a Type 5 CC (E1 or E2)") == true)
            #expect(write.state.failure?.contains("Nothing was written.") == true)
            #expect(bench.memory == before)
            #expect(bench.blockWrites == 0)
        }

        // MARK: Write

        @Test(arguments: models, [CardFormat.url, .vcard])
        func aCardIsWrittenByTheDriverAndReadsBack(model: TagModel, format: CardFormat) async throws {
            let bench = Type5Bench(model: model)
            let store = try temporaryStore()
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: format)
            let write = WriteViewModel(service: bench.service, card: card, store: store, clock: { fixedNow })
            let message = try #require(card.message).encoded()
            let capacity = Self.figures(model).capacity
            bench.holdTag()
            await bench.run { await write.write() }
            let report = try #require(write.state.outcome, "\(write.state)")
            let type5 = try #require(report.type5Report)
            #expect(report.receipt.verified)
            #expect(type5.verification == .readBack(.bytes(message.count), match: .bytes))
            let uid = Hex.encode(bench.chip.uid, uppercase: true, separator: ":")
            #expect(report.lines.count == 5)
            #expect(report.lines[0] == "Wrote \(message.count) bytes to tag \(uid) (\(type5.identification.phrase)).")
            #expect(
                report.lines[1]
                    == "The tag holds at most \(capacity) bytes (reported by the tag's CC); \(capacity - message.count) left."
            )
            #expect(
                report.lines[2].hasPrefix("\(type5.writes.count) WRITE SINGLE BLOCK commands (the NDEF TLV's length"))
            #expect(
                report.lines[3]
                    == "Verified: the CC and the \(message.count)-byte message read back in the same session decode to the same records."
            )
            #expect(report.lines[4].hasPrefix("Air time: "))
            #expect(report.lines[4].contains("modeled") && report.lines[4].contains("not measured"))
            // The chip's memory holds the message, read without TapCard's mapping.
            #expect(bench.message == message)
            #expect(bench.blockWrites == type5.writes.count)
            #expect(card.capacity == .reported(capacity, model: model))
            let writes = try store.writes(for: TagKey(uid: bench.chip.uid, chip: model.rawValue))
            #expect(writes.count == 1)
            #expect(writes.first?.verified == true)
            #expect(writes.first?.message == message)
            #expect(writes.first?.capacity == CapacityRecord(bytes: capacity, source: .reported))
            #expect(writes.first?.pagesWritten == Set(type5.writes.map(\.block)).count)
            #expect((writes.first?.modeledAirTime ?? 0) > 0)
            // A scan reads it back through the driver, record by record.
            let info = try await Self.scanned(bench)
            #expect(info.records.count == 1)
            #expect(
                info.records.first?.title.hasPrefix(format == .url ? "Link" : "MIME text/vcard") == true,
                "\(info.records)")
            #expect(info.contentSummary == "1 record, \(message.count) bytes (NDEF TLV at data-area offset 0).")
        }

        @Test(arguments: models)
        func aTooBigCardIsRefusedWithTheCCsFiguresAndTheTagIsUntouched(model: TagModel) async throws {
            let bench = Type5Bench(model: model)
            let card = MyCardViewModel(profile: Self.hugeProfile, format: .vcard)
            let needed = try #require(card.message).encoded().count
            let figures = Self.figures(model)
            try #require(needed > figures.capacity)
            let before = bench.memory
            let write = WriteViewModel(service: bench.service, card: card)
            bench.holdTag()
            await bench.run { await write.write() }
            #expect(
                write.state.failure
                    == Type5PlanError.tooBig(
                        needed: needed, capacity: figures.capacity, dataAreaBytes: figures.dataArea, tlvOffset: 0
                    ).sentence)
            #expect(bench.memory == before, "the chip's memory is byte-identical")
            #expect(bench.blockWrites == 0, "no WRITE SINGLE BLOCK was sent")
            #expect(card.capacity == .reported(figures.capacity))
        }

        /// The indices, in the chip's command log, of the WRITE SINGLE BLOCK requests a complete
        /// write of `card` sends to a tag in `bench`'s state (the twin's).
        static func writeIndices(_ twin: Type5Bench, card: MyCardViewModel) async -> [Int] {
            twin.chip.clearLog()
            twin.holdTag()
            await twin.run { await WriteViewModel(service: twin.service, card: card).write() }
            return twin.chip.commandLog.enumerated().filter { $0.element.request.request.command == 0x21 }.map(
                \.offset)
        }

        @Test(arguments: [TearMode.notDelivered, .replyLost])
        func aTornWriteSaysWhichBlockAndTheTagHoldsEmptyOrNew(mode: TearMode) async throws {
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .vcard)
            let message = try #require(card.message).encoded()
            let writes = await Self.writeIndices(Type5Bench(model: .icodeSLIX2), card: card)
            try #require(writes.count >= 3)
            for (index, command) in writes.enumerated() {
                let bench = Type5Bench(model: .icodeSLIX2)
                let write = WriteViewModel(service: bench.service, card: card)
                bench.holdTag(tearAfter: command, mode: mode)
                await bench.run { await write.write() }
                let failure = try #require(write.state.failure, "tear at write \(index + 1)")
                #expect(failure.hasPrefix("The write stopped at block "), "\(failure)")
                #expect(failure.contains("(WRITE SINGLE BLOCK \(index + 1) of \(writes.count))"), "\(failure)")
                #expect(write.suggestsScan)
                // The factory-formatted tag was empty: the states the sentence names are empty and
                // new, and the chip holds one of them, never a mix.
                let states = [TagStateAfterWrite.empty, .emptyOrNew, .new].map(\.phrase)
                #expect(states.contains { failure.contains("The tag holds \($0).") }, "\(failure)")
                #expect(bench.message == [] || bench.message == message, "tear at write \(index + 1), \(mode)")
                if failure.contains("The tag holds an empty message.") { #expect(bench.message == []) }
            }
        }

        @Test func aTornRewriteLeavesTheOldOrEmptyOrNewMessageNeverAMix() async throws {
            let link = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .url)
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .vcard)
            let twin = Type5Bench(model: .st25dv04k)
            twin.holdTag()
            await twin.run { await WriteViewModel(service: twin.service, card: link).write() }
            let old = try #require(twin.message)
            let writes = await Self.writeIndices(twin, card: card)
            try #require(writes.count >= 3)
            for (index, command) in writes.enumerated() {
                let bench = Type5Bench(model: .st25dv04k)
                bench.holdTag()
                await bench.run { await WriteViewModel(service: bench.service, card: link).write() }
                try #require(bench.message == old)
                bench.chip.clearLog()
                let write = WriteViewModel(service: bench.service, card: card)
                bench.holdTag(tearAfter: command, mode: .replyLost)
                await bench.run { await write.write() }
                let failure = try #require(write.state.failure)
                #expect(failure.contains("(WRITE SINGLE BLOCK \(index + 1) of \(writes.count))"), "\(failure)")
                let held = bench.message
                #expect(
                    held == old || held == [] || held == card.message?.encoded(), "tear at write \(index + 1)")
            }
        }

        // MARK: Lock

        @Test(arguments: models)
        func aTagIsLockedByTheDriverAfterTheTypedConfirmation(model: TagModel) async throws {
            let bench = Type5Bench(model: model)
            let link = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .url)
            bench.holdTag()
            await bench.run { await WriteViewModel(service: bench.service, card: link).write() }
            let message = try #require(bench.message)
            let lock = LockViewModel(service: bench.service)
            lock.select(try await Self.scanned(bench))
            let phrase = "LOCK " + Hex.encode(bench.chip.uid.suffix(2), uppercase: true)
            #expect(lock.requiredPhrase == phrase)
            lock.typedConfirmation = "LOCK 0000"
            #expect(!lock.canLock, "the typed words must name this tag")
            lock.typedConfirmation = phrase.lowercased()
            #expect(lock.canLock)
            bench.holdTag()
            await bench.run { await lock.lock() }
            #expect(lock.state == .done(LockReceipt(uid: bench.chip.uid, accessAfter: .readOnly)), "\(lock.state)")
            let report = try #require(lock.type5Report)
            #expect(report.verified && report.isPermanent)
            let uid = Hex.encode(bench.chip.uid, uppercase: true, separator: ":")
            #expect(
                lock.reportLines.first
                    == "Locked \(model.displayName) \(uid) in \(report.steps.count) steps: \(report.steps.map(\.label).joined(separator: "; "))."
            )
            #expect(lock.reportLines.first?.contains("CC write access set to read-only (block 0)") == true)
            #expect(lock.reportLines.first?.hasSuffix("locked CC block 0.") == true, "the CC block is locked last")
            #expect(
                lock.reportLines[1].hasPrefix("Verified: read back, the CC's write access is 11 (read-only); blocks 0–")
            )
            #expect(lock.reportLines.last?.hasPrefix("Permanent: the LOCK BLOCK steps (blocks 0–") == true)
            // The chip: CC write access 11, the CC and NDEF blocks locked, the message unchanged.
            #expect(bench.chip.memory.blocks[0][1] & 0x03 == 0x03)
            #expect(report.blocksToLock.allSatisfy { bench.chip.memory.isLocked($0) })
            #expect(bench.message == message)
            // A scan shows it read-only, Lock no longer offers it, and a write is refused unsent.
            let info = try await Self.scanned(bench)
            #expect(info.field("NDEF status") == "NDEF, read-only (the CC's write access is 11 (read-only))")
            lock.select(info)
            #expect(lock.blocker == "This tag is already read-only.")
            let before = bench.memory
            let write = WriteViewModel(service: bench.service, card: MyCardViewModel(profile: MyCardViewModelTests.ada))
            bench.holdTag()
            await bench.run { await write.write() }
            #expect(write.state.failure == Type5PlanError.readOnlyByCC(access: .readOnly).sentence)
            #expect(bench.memory == before)
        }

        @Test func anotherTagIsRefusedBeforeTheDriverRuns() async throws {
            let bench = Type5Bench(model: .icodeSLIX2)
            let lock = LockViewModel(service: bench.service)
            lock.select(try await Self.scanned(bench))
            lock.typedConfirmation = lock.requiredPhrase ?? ""
            let stranger = Type5Bench(model: .st25dv04k)
            let before = stranger.memory
            stranger.holdTag()
            await stranger.run { await lock.lock() }
            #expect(lock.state.failure?.contains("nothing was locked") == true, "\(lock.state)")
            #expect(stranger.tag?.requestsReceived.isEmpty == true, "nothing was sent to the other tag")
            #expect(stranger.memory == before)
        }
    }
#endif
