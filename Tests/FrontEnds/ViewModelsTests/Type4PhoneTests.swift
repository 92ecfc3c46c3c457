#if os(Linux)
    import Cards
    import Contacts
    import CoreNFCTransport
    import NDEF
    import Store
    import TagCatalog
    import TagWorkflows
    import TapCardSupport
    import Testing
    import Type4

    @testable import ViewModels

    /// The phone's Scan, Write and Lock screens on Type 4 tags: TapCard's own Type 4 driver over
    /// the CoreNFC stand-in's ISO-DEP channel (`.iso7816`), on emulated chips as they leave the
    /// factory.
    @MainActor
    @Suite struct Type4PhoneTests {
        static func scanned(_ bench: Type4Bench, store: TapCardStore? = nil) async throws -> TagInfo {
            let scan = ScanViewModel(service: bench.service, store: store, clock: { fixedNow })
            bench.holdTag()
            await bench.run { await scan.scan() }
            return try #require(scan.state.outcome, "\(scan.state)")
        }

        /// A profile whose vCard is larger than an NTAG 424 DNA's 254-byte NDEF file holds.
        static let longProfile = ContactProfile(
            displayName: "Ada Lovelace", phones: [Phone("+44 20 7946 0000")], emails: ["ada@example.com"],
            urls: (1...6).map { "https://ada.example/notes/on/the/analytical/engine/\($0)" })

        // MARK: Scan

        @Test func aFactoryNTAG424DNAIsInspectedByTheDriver() async throws {
            let bench = Type4Bench(model: .ntag424DNA)
            let store = try temporaryStore()
            let info = try await Self.scanned(bench, store: store)
            let inspection = try #require(info.type4Inspection)
            #expect(info.field("UID") == "04:A1:B2:C3:D4:E5:80")
            #expect(info.field("Chip") == inspection.read.identification.phrase)
            #expect(info.field("Chip")?.hasPrefix("NTAG 424 DNA (by GetVersion: NXP, HW 48.0, SW 1.2") == true)
            #expect(info.field("Tag type") == "NFC Forum Type 4 (ISO 7816 (ISO-DEP))")
            #expect(info.field("NDEF status") == "NDEF, read/write (the CC file's write access is free (00))")
            #expect(info.field("Capacity") == "254 bytes (reported by the tag's CC file: max size 256 − 2-byte NLEN)")
            #expect(info.capacity == .reported(254))
            // Each file's settings in words (factory: E104 read/write free, change key 0).
            #expect(info.field("File 1")?.hasPrefix("32 bytes, plain communication") == true)
            #expect(
                info.field("File 2")
                    == "256 bytes, plain communication; read free, write free, read-write free, change settings key 0.")
            #expect(info.field("File 3")?.hasPrefix("128 bytes, full communication") == true)
            // The verdict and the originality check's own statement.
            let check = try #require(inspection.signatureCheck)
            #expect(info.field("Signature")?.hasSuffix(check.statement) == true)
            #expect(info.signatureCheck == check)
            #expect(info.contentSummary == "Empty: NLEN is 0, so the NDEF file holds no message.")
            #expect(info.records.isEmpty)
            // Recorded like a Type 2 scan, under the chip GetVersion named.
            let entries = try store.inventory()
            #expect(entries.first?.tag.key == TagKey(uid: sampleUID, chip: "ntag424-dna"))
            #expect(entries.first?.tag.capacity == CapacityRecord(bytes: 254, source: .reported))
            // The driver did the reading: iOS's NDEF calls were not needed.
            #expect(bench.tag?.errorsReported.isEmpty == true)
        }

        @Test func aGenericType4TagShowsTheCCsFiguresAndNoSignature() async throws {
            let bench = Type4Bench(model: .genericType4)
            let store = try temporaryStore()
            let info = try await Self.scanned(bench, store: store)
            #expect(
                info.field("Chip")?.hasPrefix("Type 4 tag (it selected the NDEF application; GetVersion answered")
                    == true)
            #expect(info.field("Capacity") == "2046 bytes (reported by the tag's CC file: max size 2048 − 2-byte NLEN)")
            #expect(info.field("CC file")?.contains("MLe 59 (largest READ BINARY answer), MLc 52") == true)
            #expect(info.fields.filter { $0.label.hasPrefix("File ") }.isEmpty)
            #expect(
                info.field("Signature")
                    == "Not read: Read_Sig is an NTAG 424 DNA command, and GetVersion named no NTAG 424 DNA.")
            #expect(try store.inventory().first?.tag.key == TagKey(uid: sampleUID, chip: "type4"))
        }

        // MARK: Write

        @Test func aCardIsWrittenByTheDriverAndReadsBack() async throws {
            let bench = Type4Bench(model: .genericType4)
            let store = try temporaryStore()
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .vcard)
            let write = WriteViewModel(service: bench.service, card: card, store: store, clock: { fixedNow })
            let message = try #require(card.message).encoded()
            bench.holdTag()
            await bench.run { await write.write() }
            let report = try #require(write.state.outcome, "\(write.state)")
            let type4 = try #require(report.type4Report)
            #expect(type4.writes.count == 2 + (message.count - 50 + 51) / 52)
            #expect(
                report.lines == [
                    "Wrote \(message.count) bytes to NDEF file E104 of tag 04:A1:B2:C3:D4:E5:80 (\(type4.identification.phrase)).",
                    "The NDEF file holds at most 2046 bytes (reported by the tag's CC file: max size 2048 − 2-byte NLEN); \(2046 - message.count) left.",
                    "\(type4.writes.count) UPDATE BINARY commands (NLEN cleared first and set last when the message takes more than one).",
                    "Read back in the same session: NLEN and the \(message.count)-byte message match record by record.",
                ])
            // The emulated chip's NDEF file holds the message.
            #expect(bench.message == message)
            #expect(card.capacity == .reported(2046, model: .genericType4))
            let writes = try store.writes(for: TagKey(uid: sampleUID, chip: "type4"))
            #expect(writes.count == 1)
            #expect(writes.first?.verified == true)
            #expect(writes.first?.message == message)
            // A scan reads it back through the driver, record by record.
            let info = try await Self.scanned(bench)
            #expect(info.records.count == 1)
            #expect(info.records.first?.title.hasPrefix("MIME text/vcard") == true, "\(info.records)")
            #expect(info.contentSummary == "1 record, \(message.count) bytes (NLEN \(message.count)).")
        }

        @Test func aTornWriteReportsTheDriversVerdictAndTheTagHoldsOldEmptyOrNew() async throws {
            // Where the tear falls: a complete write of the same card on a twin tag, counted.
            let twin = Type4Bench(model: .genericType4)
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .vcard)
            twin.holdTag()
            await twin.run { await WriteViewModel(service: twin.service, card: card).write() }
            let sent = try #require(twin.tag).apdusReceived.dropFirst()  // the system's discovery SELECT
            let updates = sent.indices.filter { sent[$0].ins == 0xD6 }
            try #require(updates.count >= 3)
            let message = try #require(card.message).encoded()

            for (index, update) in updates.enumerated() {
                let bench = Type4Bench(model: .genericType4)
                let write = WriteViewModel(service: bench.service, card: card)
                bench.holdTag(tearAfter: update - sent.startIndex)
                await bench.run { await write.write() }
                let failure = try #require(write.state.failure, "tear before UPDATE \(index + 1)")
                #expect(failure.hasPrefix("The write stopped at UPDATE BINARY \(index + 1) of \(updates.count)"))
                #expect(failure.contains("The tag holds"))
                #expect(!failure.contains("moved away from the phone"), "the driver's words, not iOS's")
                #expect(write.suggestsScan)
                // The factory tag was empty: it now holds the empty message or the new one, nothing else.
                #expect(bench.message.isEmpty || bench.message == message, "tear before UPDATE \(index + 1)")
            }
        }

        @Test func aTornRewriteLeavesTheOldOrEmptyMessageNeverAMix() async throws {
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .vcard)
            let bench = Type4Bench(model: .genericType4)
            let link = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .url)
            bench.holdTag()
            await bench.run { await WriteViewModel(service: bench.service, card: link).write() }
            let old = bench.message
            try #require(!old.isEmpty)
            // The rewrite's first commands: SELECT, GetVersion, SELECT again, CC, NDEF file reads; tear
            // at the second UPDATE BINARY (after NLEN 00 00 landed).
            bench.holdTag()
            await bench.run { await WriteViewModel(service: bench.service, card: card).write() }
            let sent = try #require(bench.tag).apdusReceived.dropFirst()
            let second = try #require(sent.indices.filter { sent[$0].ins == 0xD6 }.dropFirst().first)
            let torn = Type4Bench(model: .genericType4)
            torn.holdTag()
            await torn.run { await WriteViewModel(service: torn.service, card: link).write() }
            let write = WriteViewModel(service: torn.service, card: card)
            torn.holdTag(tearAfter: second - sent.startIndex)
            await torn.run { await write.write() }
            let failure = try #require(write.state.failure)
            #expect(failure.hasPrefix("The write stopped at UPDATE BINARY 2 of"))
            #expect(torn.message.isEmpty || torn.message == old || torn.message == card.message?.encoded())
        }

        @Test func aTooBigCardIsRefusedWithTheCCsFiguresAndTheTagIsUntouched() async throws {
            let bench = Type4Bench(model: .ntag424DNA)
            let card = MyCardViewModel(profile: Self.longProfile, format: .vcard)
            let needed = try #require(card.message).encoded().count
            try #require(needed > 254)
            let before = bench.ndefFile
            let write = WriteViewModel(service: bench.service, card: card)
            bench.holdTag()
            await bench.run { await write.write() }
            #expect(
                write.state.failure
                    == Type4PlanError.tooBig(needed: needed, capacity: 254, maximumSize: 256, lengthFieldBytes: 2)
                    .sentence)
            #expect(write.state.failure?.contains("reported by the tag's CC file: max size 256 − 2-byte NLEN") == true)
            #expect(bench.ndefFile == before)
            #expect(bench.tag?.apdusReceived.contains { $0.ins == 0xD6 } == false, "no UPDATE BINARY was sent")
            #expect(card.capacity == .reported(254))
        }

        // MARK: Lock

        @Test func aGenericType4TagIsRefusedWithTheDriversSentence() async throws {
            let bench = Type4Bench(model: .genericType4)
            let lock = LockViewModel(service: bench.service)
            lock.select(try await Self.scanned(bench))
            #expect(lock.blocker == nil)
            lock.typedConfirmation = "LOCK E580"
            #expect(lock.canLock)
            let before = bench.ndefFile
            bench.holdTag()
            await bench.run { await lock.lock() }
            #expect(lock.state.failure == Type4LockRefusal.noProcedure(model: .genericType4).sentence)
            #expect(lock.state.failure?.contains("NFC Forum Type 4 mapping defines no command") == true)
            #expect(lock.state.failure?.contains("iPhone 7") == false, "never told the phone has no NFC")
            #expect(bench.ndefFile == before)
        }

        @Test func anNTAG424DNAIsLockedByTheDriverAndReadBack() async throws {
            let bench = Type4Bench(model: .ntag424DNA)
            let lock = LockViewModel(service: bench.service)
            lock.select(try await Self.scanned(bench))
            lock.typedConfirmation = "LOCK E580"
            bench.holdTag()
            await bench.run { await lock.lock() }
            #expect(lock.state == .done(LockReceipt(uid: sampleUID, accessAfter: .readOnly)), "\(lock.state)")
            let report = try #require(lock.type4Report)
            #expect(report.verified)
            #expect(report.steps == [.ccWriteAccess, .ndefFileSettings, .ccFileSettings])
            #expect(
                lock.reportLines.first
                    == "Locked NTAG 424 DNA 04:A1:B2:C3:D4:E5:80 with key 0 (AuthenticateEV2First), 3 steps: FF into the CC file's NDEF write-access byte; the NDEF file's settings to write, read-write and change never; the CC file's settings to write, read-write and change never."
            )
            #expect(
                lock.reportLines.last
                    == "Verified: read back, the CC file says write access never (FF); file 1 write never, read-write never, change never; file 2 write never, read-write never, change never. No command can make this tag writable again."
            )
            // A scan now shows it read-only, and the Lock screen no longer offers it.
            let info = try await Self.scanned(bench)
            #expect(info.field("NDEF status") == "NDEF, read-only (the CC file's write access is never (FF))")
            lock.select(info)
            #expect(lock.blocker == "This tag is already read-only.")
            // A write is refused with the CC's access, before anything is sent.
            let before = bench.ndefFile
            let write = WriteViewModel(service: bench.service, card: MyCardViewModel(profile: MyCardViewModelTests.ada))
            bench.holdTag()
            await bench.run { await write.write() }
            #expect(write.state.failure == Type4PlanError.notWritable(access: .never).sentence)
            #expect(bench.ndefFile == before)
        }

        @Test func anotherType4TagIsRefusedBeforeTheDriverRuns() async throws {
            let bench = Type4Bench(model: .genericType4)
            let lock = LockViewModel(service: bench.service)
            lock.select(try await Self.scanned(bench))
            lock.typedConfirmation = "LOCK E580"
            let stranger = Type4Bench(model: .genericType4, uid: [0x04, 1, 2, 3, 4, 5, 6])
            stranger.holdTag()
            await stranger.run { await lock.lock() }
            #expect(lock.state.failure?.contains("nothing was locked") == true)
            #expect(stranger.tag?.apdusReceived.count == 1, "only the system's discovery SELECT")
        }
    }
#endif
