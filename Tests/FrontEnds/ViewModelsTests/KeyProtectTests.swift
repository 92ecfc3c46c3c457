#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import NDEF
    import TagCatalog
    import TagEmulator
    import TagTransport
    import TagWorkflows
    import Testing
    import Type2

    @testable import ViewModels

    /// The Protect screen for the chips guarded by a 16-byte key (MIFARE Ultralight C, 3DES;
    /// Ultralight AES, AES-128), through the view model and the CoreNFC stand-in: the same
    /// driver and contract as the desk (`protectTag`/`unprotectTag` on a `Type2Tag` built with
    /// the key), a wrong key refused by the tag with the tag unchanged, and a key change that
    /// waits for its confirmation before anything is sent.
    @MainActor
    @Suite struct KeyProtectTests {
        /// An Ultralight C NAKs GET_VERSION, which sends it to IDLE; the stand-in does not wake it
        /// on the driver's `connect(to:)`, so this does, as iOS would if it re-selects (the same
        /// wrapper as the transport's Ultralight C tests). It changes no answer.
        final class ReselectingTag: NFCAChannel {
            let inner: EmulatedTag
            init(_ inner: EmulatedTag) { self.inner = inner }
            func reactivate() async throws(ChannelError) { try await inner.reactivate() }
            func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
                do {
                    return try await inner.transceive(command)
                } catch {
                    if case .nak = error { try? await inner.reactivate() }
                    throw error
                }
            }
        }

        /// A phone with a key-guarded chip on the table.
        final class KeyBench {
            let system = NFCStandInSystem()
            let chip: EmulatedTag
            let service = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)

            init(model: TagModel) async throws {
                chip = EmulatedTag(model: model, uid: sampleUID)
                _ = try await Type2Tag(transport: chip).write(KeyProtectTests.message)
                chip.present()
                chip.clearLog()
            }

            func holdTag() {
                chip.present()
                system.script([.present([StandInTag(transport: ReselectingTag(chip), uid: sampleUID)])])
            }

            func run(_ body: () async -> Void) async { await NFCStandInSystem.run(system) { await body() } }

            var writes: Int { chip.commandLog.filter { $0.command.first == 0xA2 }.count }

            /// The message as a reader without the key sees it, straight from the chip.
            func readWithoutKey() async throws -> NDEFContent {
                chip.present()
                defer { chip.clearLog() }
                return try await Type2Tag(transport: chip).read().content
            }
        }

        static let message = NDEFMessage(records: [.uri("https://example.com/ticket")])
        nonisolated static let ultralightCFactory = "49454d4b41455242214e4143554f5946"
        nonisolated static let aesFactory = String(repeating: "00", count: 16)
        static let otherKey = "00112233445566778899aabbccddeeff"

        /// The two key-guarded chips and their factory keys.
        nonisolated static let chips: [(TagModel, String)] =
            (ultralightCDESAvailable ? [(TagModel.ultralightC, ultralightCFactory)] : [])
            + [(TagModel.ultralightAES, aesFactory)]

        nonisolated static let ultralightCDESAvailable =
            (try? UltralightCAuthentication(key: .factory, rndA: [UInt8](repeating: 0, count: 8))) != nil

        // MARK: The key entry

        @Test func theKeyIsThirtyTwoHexDigitsAndNeverShownBack() throws {
            var entry = AuthenticationKeyEntry()
            #expect(entry.problem?.hasPrefix("Enter the tag's key: 32 hex digits (16 bytes).") == true)
            #expect(entry.key == nil)
            entry.text = "1a2b3c4d"
            #expect(
                entry.problem
                    == "A key is 16 bytes (32 hex digits, e.g. 00112233445566778899aabbccddeeff); this one has 4 bytes."
            )
            entry.text = "zz" + String(repeating: "0", count: 30)
            #expect(entry.problem?.hasPrefix("A key is given as hex digits.") == true)
            #expect(entry.key == nil)
            entry.text = "00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF"
            #expect(entry.problem == nil)
            #expect(
                entry.key?.bytes == [
                    0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF,
                ])
            // Never shown back: no line the screen shows carries the key's digits.
            let protect = ProtectViewModel(service: CoreNFCTagSessions(defects: DefectLog { _ in }))
            protect.key = AuthenticationKeyEntry(text: Self.otherKey)
            #expect(protect.keyProtectBlocker == nil)
            let shown = protect.keyPlan + [AuthenticationKeyEntry.note, "\(try #require(protect.key.key))"]
            #expect(!shown.contains { $0.lowercased().contains("00112233") || $0.contains("00 11 22 33") })
            // Without a key nothing can be sent.
            protect.key = AuthenticationKeyEntry()
            #expect(protect.keyProtectBlocker == AuthenticationKeyEntry().problem)
            #expect(!protect.canProtectWithKey && !protect.canRemoveWithKey && !protect.canChangeKey)
        }

        // MARK: Protect and unprotect with the right key

        @Test(arguments: chips)
        func guardWithTheKeyThenRemoveTheGuard(model: TagModel, factoryKey: String) async throws {
            let bench = try await KeyBench(model: model)
            let protect = ProtectViewModel(service: bench.service)
            protect.usesKey = true
            protect.key = AuthenticationKeyEntry(text: factoryKey)
            protect.protectsReads = true
            #expect(
                protect.keyPlan.first?.hasPrefix("Pages from 4 on will need the key to be written, and to be read")
                    == true)
            bench.holdTag()
            await bench.run { await protect.protectWithKey() }
            let outcome = try #require(protect.keyState.outcome, "\(protect.keyState)")
            #expect(outcome.title == "Protected.")
            #expect(outcome.report.after.auth0 == 4)
            #expect(outcome.report.after.protectsReads)
            #expect(outcome.report.keyAuthenticated)
            #expect(!outcome.report.changedKey)
            #expect(outcome.lines.contains { $0.contains("the tag proved it holds the") })
            #expect(outcome.undo?.hasPrefix("To undo: \"Remove protection\" with the tag's key.") == true)
            #expect(!outcome.lines.contains { $0.lowercased().contains(factoryKey.prefix(12)) })
            #expect(bench.chip.commandLog.contains { $0.command.first == 0x1A })
            #expect(protect.key == AuthenticationKeyEntry())  // not kept
            // A reader without the key is now refused from page 4.
            guard case .passwordProtected(4) = try await bench.readWithoutKey() else {
                Issue.record("expected reads guarded from page 4")
                return
            }

            // Remove the guard with the key.
            #expect(protect.keyRemoveBlocker == AuthenticationKeyEntry().problem)
            protect.key = AuthenticationKeyEntry(text: factoryKey)
            bench.holdTag()
            await bench.run { await protect.unprotectWithKey() }
            let removed = try #require(protect.keyState.outcome, "\(protect.keyState)")
            #expect(removed.title == "Protection removed: no page needs the key.")
            #expect(!removed.report.after.isProtected)
            #expect(removed.undo == nil)
            #expect(try await bench.readWithoutKey().message == Self.message)
        }

        // MARK: Write and Lock follow the Protect screen

        static func app(_ bench: KeyBench) -> TapCardAppModel {
            TapCardAppModel(
                service: bench.service, store: nil,
                card: MyCardViewModel(profile: MyCardViewModelTests.ada, format: .url))
        }

        @Test(arguments: chips)
        func aKeyGuardMakesWriteAndLockAskForTheKeyAndBothWorkWithIt(model: TagModel, factoryKey: String)
            async throws
        {
            let bench = try await KeyBench(model: model)
            let app = Self.app(bench)
            #expect(!app.write.usesKey && !app.lock.usesKey)
            app.protect.usesKey = true
            app.protect.key = AuthenticationKeyEntry(text: factoryKey)
            bench.holdTag()
            await bench.run { await app.protect.protectWithKey() }
            let lastPage = try #require(model.type2Layout?.userPages.upperBound)
            #expect(app.protect.keyState.outcome?.report.after.auth0 == 4, "\(app.protect.keyState)")
            #expect(app.write.usesKey && !app.write.usesPassword)
            #expect(
                app.write.keyReason?.contains("needs its \(model.type2KeyCipher?.name ?? "?") key to be written")
                    == true)
            #expect(
                app.write.keyReason?.contains("pages 4–") == true && app.write.keyReason?.contains("AUTH0 4") == true)
            #expect(app.lock.usesKey && app.lock.keyReason?.contains("key to be locked (AUTH0 4") == true)

            // A scan of the same tag (its guard cannot be read without the key) keeps Lock asking.
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            #expect(app.lock.target != nil, "\(app.scan.state)")
            if model == .ultralightC {
                // The scan cannot name an Ultralight C (it NAKs GET_VERSION) and says where its key goes.
                #expect(app.scan.state.outcome?.field("Chip")?.contains("Ultralight C may guard its pages") == true)
            } else {
                #expect(app.scan.state.outcome?.field("Chip")?.hasPrefix("MIFARE Ultralight AES (GET_VERSION") == true)
            }
            #expect(app.lock.usesKey && app.lock.keyReason != nil)

            // Write with the key.
            app.write.key = AuthenticationKeyEntry(text: factoryKey)
            bench.holdTag()
            await bench.run { await app.write.write() }
            #expect(app.write.state.outcome != nil, "\(app.write.state)")
            #expect(lastPage > 4)

            // Lock: the button stays off until the key is typed; then it locks with it.
            app.lock.typedConfirmation = try #require(app.lock.requiredPhrase)
            #expect(!app.lock.canLock && app.lock.passwordProblem == AuthenticationKeyEntry().problem)
            app.lock.key = AuthenticationKeyEntry(text: factoryKey)
            #expect(app.lock.canLock)
            bench.chip.clearLog()
            bench.holdTag()
            await bench.run { await app.lock.lock() }
            #expect(app.lock.state.outcome?.accessAfter == .readOnly, "\(app.lock.state)")
            #expect(bench.chip.commandLog.first { $0.command.first == 0x1A } != nil)
            #expect(app.lock.key == AuthenticationKeyEntry())  // not kept
        }

        @Test(arguments: chips)
        func aLockWithoutTheKeyIsRefusedWholeAndTheScreenAsksForIt(model: TagModel, factoryKey: String)
            async throws
        {
            let bench = try await KeyBench(model: model)
            _ = try await Type2Tag(transport: bench.chip, key: try Type2AuthenticationKey.parse(factoryKey))
                .protectWithKey(firstPage: 4, protectsReads: false)
            let app = Self.app(bench)
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            #expect(!app.lock.usesKey)  // a fresh app does not know the guard
            let before = bench.chip.memory
            bench.chip.clearLog()
            app.lock.typedConfirmation = try #require(app.lock.requiredPhrase)
            bench.holdTag()
            await bench.run { await app.lock.lock() }
            let failure = try #require(app.lock.state.failure, "\(app.lock.state)")
            #expect(!PhoneSentenceTests.speaksCLI(failure))
            #expect(app.lock.usesKey && app.lock.keyReason == failure)
            #expect(bench.writes == 0 && bench.chip.memory == before)
        }

        @Test(arguments: chips)
        func aWriteWithoutTheKeyToAGuardedMessageIsRefusedWholeNotTorn(model: TagModel, factoryKey: String)
            async throws
        {
            // The guard starts inside the message area (page 6): a write that sent pages 4 and 5
            // and then met the guard would leave half a message.
            let bench = try await KeyBench(model: model)
            _ = try await Type2Tag(transport: bench.chip, key: try Type2AuthenticationKey.parse(factoryKey))
                .protectWithKey(firstPage: 6, protectsReads: false)
            let app = Self.app(bench)
            bench.holdTag()
            await bench.run { await app.scan.scan() }
            #expect(app.scan.state.outcome != nil, "\(app.scan.state)")
            let before = bench.chip.memory
            bench.chip.clearLog()
            bench.holdTag()
            await bench.run { await app.write.write() }
            let failure = try #require(app.write.state.failure, "\(app.write.state)")
            #expect(!PhoneSentenceTests.speaksCLI(failure))
            #expect(bench.writes == 0 && bench.chip.memory == before)
            #expect(app.write.usesKey && app.write.keyReason == failure)
            // With the key it is written and verified.
            app.write.key = AuthenticationKeyEntry(text: factoryKey)
            bench.holdTag()
            await bench.run { await app.write.write() }
            #expect(app.write.state.outcome?.receipt.verified == true, "\(app.write.state)")
        }

        @Test(arguments: chips)
        func anEraseOfAGuardedMessageTakesTheKey(model: TagModel, factoryKey: String) async throws {
            let bench = try await KeyBench(model: model)
            _ = try await Type2Tag(transport: bench.chip, key: try Type2AuthenticationKey.parse(factoryKey))
                .protectWithKey(firstPage: 4, protectsReads: false)
            let app = Self.app(bench)
            let before = bench.chip.memory
            bench.chip.clearLog()
            bench.holdTag()
            await bench.run { await app.write.erase() }
            let failure = try #require(app.write.state.failure, "\(app.write.state)")
            #expect(app.write.usesKey && app.write.keyReason == failure)
            #expect(bench.writes == 0 && bench.chip.memory == before)
            app.write.key = AuthenticationKeyEntry(text: factoryKey)
            bench.holdTag()
            await bench.run { await app.write.erase() }
            #expect(app.write.state.outcome?.receipt.verified == true, "\(app.write.state)")
            #expect(bench.chip.commandLog.contains { $0.command.first == 0x1A })
            guard case .empty = try await bench.readWithoutKey() else {
                Issue.record("expected an empty message")
                return
            }
        }

        @Test(arguments: chips)
        func aGuardPastTheMessageAndTheLockPagesAsksForNoKey(model: TagModel, factoryKey: String) async throws {
            let bench = try await KeyBench(model: model)
            let app = Self.app(bench)
            let lockPage = try #require(DynamicLockMap.of(model)?.page)
            app.protect.usesKey = true
            app.protect.key = AuthenticationKeyEntry(text: factoryKey)
            app.protect.firstPageText = String(lockPage + 1)
            bench.holdTag()
            await bench.run { await app.protect.protectWithKey() }
            #expect(app.protect.keyState.outcome?.report.after.auth0 == lockPage + 1, "\(app.protect.keyState)")
            #expect(!app.write.usesKey && app.write.keyReason == nil)
            #expect(!app.lock.usesKey && app.lock.keyReason == nil)
        }

        // MARK: Refusals

        @Test(arguments: chips)
        func aWrongKeyIsRefusedByTheTagAndLeavesItUnchanged(model: TagModel, factoryKey: String) async throws {
            let bench = try await KeyBench(model: model)
            _ = try await Type2Tag(transport: bench.chip, key: try Type2AuthenticationKey.parse(factoryKey))
                .protectWithKey(firstPage: 4, protectsReads: false)
            bench.chip.present()
            bench.chip.clearLog()
            let before = bench.chip.memory
            let protect = ProtectViewModel(service: bench.service)
            protect.usesKey = true
            protect.key = AuthenticationKeyEntry(text: Self.otherKey)
            bench.holdTag()
            await bench.run { await protect.unprotectWithKey() }
            let failure = try #require(protect.keyState.failure, "\(protect.keyState)")
            #expect(failure.hasPrefix("The tag refused the key: it answered the second AUTHENTICATE step with"))
            #expect(!PhoneSentenceTests.speaksCLI(failure))
            #expect(bench.chip.memory == before)
            #expect(bench.writes == 0)
            #expect(protect.key.text == Self.otherKey)  // kept to correct, not cleared by a refusal
        }

        @Test(arguments: chips)
        func aKeyChangeWaitsForTheConfirmationThenTheNewKeyOpensTheTag(model: TagModel, factoryKey: String)
            async throws
        {
            let bench = try await KeyBench(model: model)
            let protect = ProtectViewModel(service: bench.service)
            protect.usesKey = true
            protect.key = AuthenticationKeyEntry(text: factoryKey)
            protect.newKey = AuthenticationKeyEntry(text: Self.otherKey)
            let before = bench.chip.memory
            #expect(protect.keyChangeBlocker == ProtectViewModel.keyChangeWarning)
            #expect(!protect.canChangeKey)
            bench.holdTag()
            await bench.run { await protect.changeKey() }
            // Refused before anything was sent: no session, no command, the tag unchanged.
            #expect(protect.keyState == .idle)
            #expect(bench.chip.commandLog.isEmpty)
            #expect(bench.system.transcript.isEmpty)
            #expect(bench.chip.memory == before)

            protect.newKey = AuthenticationKeyEntry(text: factoryKey)
            protect.confirmsKeyChange = true
            #expect(protect.keyChangeBlocker == "The new key is the tag's current key: there is nothing to change.")
            protect.newKey = AuthenticationKeyEntry(text: Self.otherKey)
            #expect(protect.keyChangeBlocker == nil)
            bench.holdTag()
            await bench.run { await protect.changeKey() }
            let changed = try #require(protect.keyState.outcome, "\(protect.keyState)")
            #expect(changed.title == "Key changed.")
            #expect(changed.report.changedKey)
            #expect(
                changed.lines.last?.hasPrefix(
                    "The new \(changed.report.cipher.name) key counts from the tag's next time in the field") == true)
            #expect(protect.newKey == AuthenticationKeyEntry() && !protect.confirmsKeyChange)

            // The old key no longer authenticates; the new one guards and unguards the tag.
            protect.key = AuthenticationKeyEntry(text: factoryKey)
            bench.holdTag()
            await bench.run { await protect.protectWithKey() }
            #expect(protect.keyState.failure?.hasPrefix("The tag refused the key") == true)
            protect.key = AuthenticationKeyEntry(text: Self.otherKey)
            bench.holdTag()
            await bench.run { await protect.protectWithKey() }
            #expect(protect.keyState.outcome?.report.after.auth0 == 4, "\(protect.keyState)")
        }

        @Test(arguments: chips)
        func aScanWithTheKeyReadsAReadGuardedChip(model: TagModel, factoryKey: String) async throws {
            let bench = try await KeyBench(model: model)
            _ = try await Type2Tag(transport: bench.chip, key: try Type2AuthenticationKey.parse(factoryKey))
                .protectWithKey(firstPage: 4, protectsReads: true)
            let scan = ScanViewModel(service: bench.service)
            scan.usesKey = true
            await scan.scan()
            #expect(scan.state.failure == AuthenticationKeyEntry().problem)  // nothing sent without a key
            #expect(bench.system.transcript.isEmpty)
            scan.key = AuthenticationKeyEntry(text: factoryKey)
            bench.holdTag()
            await bench.run { await scan.scan() }
            let info = try #require(scan.state.outcome, "\(scan.state)")
            #expect(info.model == model)
            #expect(info.records.count == 1)
            #expect(bench.chip.commandLog.contains { $0.command.first == 0x1A })
        }

        @Test(arguments: chips)
        func aWriteWithTheKeyRewritesAWriteGuardedChip(model: TagModel, factoryKey: String) async throws {
            let bench = try await KeyBench(model: model)
            _ = try await Type2Tag(transport: bench.chip, key: try Type2AuthenticationKey.parse(factoryKey))
                .protectWithKey(firstPage: 4, protectsReads: false)
            bench.chip.present()
            bench.chip.clearLog()
            let card = MyCardViewModel(profile: MyCardViewModelTests.ada, format: .url)
            let write = WriteViewModel(service: bench.service, card: card)
            write.usesKey = true
            write.key = AuthenticationKeyEntry(text: Self.otherKey)
            bench.holdTag()
            await bench.run { await write.write() }
            // The wrong key: refused by the tag, nothing written.
            #expect(write.state.failure?.hasPrefix("The tag refused the key") == true, "\(write.state)")
            #expect(bench.writes == 0)
            write.key = AuthenticationKeyEntry(text: factoryKey)
            bench.holdTag()
            await bench.run { await write.write() }
            let report = try #require(write.state.outcome, "\(write.state)")
            #expect(report.receipt.verified)
            #expect(bench.chip.commandLog.contains { $0.command.first == 0x1A })
            #expect(try await bench.readWithoutKey().message == card.message)
        }

        @Test func aKeyOnAnNTAG213IsRefusedInThePhonesWordsBeforeAnyWrite() async throws {
            // An NTAG213 refuses a key in the phone's words, before any write.
            let bench = Bench()
            let protect = ProtectViewModel(service: bench.service)
            protect.usesKey = true
            protect.key = AuthenticationKeyEntry(text: Self.otherKey)
            bench.holdTag()
            await bench.run { await protect.protectWithKey() }
            let failure = try #require(protect.keyState.failure, "\(protect.keyState)")
            #expect(failure.hasPrefix("A 16-byte key authenticates a MIFARE Ultralight C (3DES) or Ultralight AES"))
            #expect(!PhoneSentenceTests.speaksCLI(failure))
            #expect(bench.writeCommands == 0)
        }
    }
#endif
