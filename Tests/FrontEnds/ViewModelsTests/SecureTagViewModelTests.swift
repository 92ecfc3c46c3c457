import SUN

#if os(Linux)
    import CoreNFCTransport
    import TagWorkflows
    import TapCardSupport
    import Testing
    import Type4

    @testable import ViewModels

    /// "Make this a secure tag" on an emulated NTAG 424 DNA behind the CoreNFC stand-in: keys saved
    /// before any ChangeKey, changed, SDM set up, the URL read back and verified with the stored
    /// keys; tears at the key change and the setup; refusals before any session.
    @MainActor
    @Suite struct SecureTagViewModelTests {
        static let changeKey: UInt8 = 0xC4
        static let writeData: UInt8 = 0x8D

        static func model(_ bench: Type4Bench, _ store: MemorySecretStore) -> SecureTagViewModel {
            let model = SecureTagViewModel(service: bench.service, secrets: store)
            model.typedConfirmation = "change keys"
            return model
        }

        /// Every text the screen can show, for the no-key check.
        static func texts(_ model: SecureTagViewModel) -> [String] {
            [model.blocker, model.state.failure, model.checkState.failure, model.templateProblem, model.key0Problem]
                .compactMap { $0 } + model.reportLines + model.checkLines
                + [String(describing: model.state), String(describing: model.checkState)]
        }

        static func expectNoKey(_ texts: [String], _ keys: SUNKeySet) {
            for key in keys.keys.values {
                for form in [Hex.encode(key), Hex.encode(key, uppercase: true), Hex.encode(key, separator: " ")] {
                    #expect(!texts.contains { $0.localizedStandardContains(form) }, "a key is on the screen")
                }
            }
        }

        /// The index (in the session's own commands) of the first native command `ins`, from a
        /// complete run on a twin tag.
        static func index(of ins: UInt8) async throws -> Int {
            let twin = Type4Bench(model: .ntag424DNA)
            let model = Self.model(twin, MemorySecretStore())
            twin.holdTag()
            await twin.run { await model.makeSecure() }
            try #require(model.state.outcome != nil, "\(model.state)")
            let sent = try #require(twin.tag).apdusReceived.dropFirst()  // the system's discovery SELECT
            let first = try #require(sent.indices.first { sent[$0].cla == 0x90 && sent[$0].ins == ins })
            return first - sent.startIndex
        }

        @Test func aFactoryTagGetsNewKeysSDMAndVerifiesWithTheStoredKeys() async throws {
            let bench = Type4Bench(model: .ntag424DNA)
            let store = MemorySecretStore()
            let model = Self.model(bench, store)
            #expect(model.canStart, "\(model.blocker ?? "")")
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            let receipt = try #require(model.state.outcome, "\(model.state)")
            #expect(receipt.uid == sampleUID)
            #expect(receipt.keyNumbers == [1, 2])
            #expect(receipt.keyChange?.changed == [1, 2])
            #expect(receipt.setup.steps == [.ndefFile, .fileSettings] && receipt.setup.verified)
            let keys = try #require(try store.loadKeys(forTag: sampleUID))
            #expect(keys.keys.keys.sorted() == [1, 2])
            #expect(
                keys.key(1) != Type4Tag.factoryKey && keys.key(2) != Type4Tag.factoryKey && keys.key(1) != keys.key(2))
            // The URL read back verifies with the stored keys, and with nothing else.
            let check = receipt.check
            let verification = try #require(check.verification, "\(check.failure ?? "")")
            #expect(verification.uid == sampleUID && check.keySource == .stored)
            let url = try #require(check.url)
            #expect(url.hasPrefix("https://example.com/tap?picc_data="))
            #expect(throws: SUNError.self) {
                try SUNVerifier.verify(url: url, metaKey: Type4Tag.factoryKey, fileKey: Type4Tag.factoryKey)
            }
            #expect(
                model.reportLines.first?.hasPrefix("Keys 1, 2 of 04:A1:B2:C3:D4:E5:80 now hold new random keys") == true
            )
            #expect(model.reportLines.contains("SDM set up: ndef-file, file-settings."))
            #expect(
                model.reportLines.last
                    == "Verified with the keys stored on this iPhone: UID 04:A1:B2:C3:D4:E5:80, read counter \(verification.counter)."
            )
            // The tag's key versions say keys 1 and 2 changed; key 0 is still the factory key.
            bench.chip.present()
            let info = try await Type4Tag(channel: bench.chip).ntag424Info(key: Type4Tag.factoryKey)
            #expect(info.keyVersions?[1] == 1 && info.keyVersions?[2] == 1 && info.keyVersions?[0] == 0)
            // Verify on its own: a later tap, a higher counter, the same keys.
            bench.holdTag()
            await bench.run { await model.verify() }
            let again = try #require(model.checkState.outcome, "\(model.checkState)")
            #expect(again.isValid && (again.verification?.counter ?? 0) > verification.counter)
            #expect(model.checkLines.last?.hasPrefix("Verified with the keys stored on this iPhone") == true)
            Self.expectNoKey(Self.texts(model), keys)
            #expect(!String(describing: keys).contains(Hex.encode(keys.key(1))))
        }

        @Test func theKeysAreStoredBeforeTheFirstChangeKey() async throws {
            let bench = Type4Bench(model: .ntag424DNA)
            let store = MemorySecretStore()
            var changeKeysSentBeforeSave: Int?
            store.onSave = {
                changeKeysSentBeforeSave =
                    bench.tag?.apdusReceived.filter { $0.cla == 0x90 && $0.ins == Self.changeKey }.count
            }
            let model = Self.model(bench, store)
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            #expect(model.state.outcome != nil, "\(model.state)")
            #expect(store.saves == 1)
            #expect(changeKeysSentBeforeSave == 0)
            #expect(bench.tag?.apdusReceived.filter { $0.cla == 0x90 && $0.ins == Self.changeKey }.count == 2)
        }

        @Test func aTearAtTheChangeKeyLeavesTheKeysStoredAndARerunFinishes() async throws {
            let point = try await Self.index(of: Self.changeKey)
            let bench = Type4Bench(model: .ntag424DNA)
            let store = MemorySecretStore()
            let model = Self.model(bench, store)
            bench.holdTag(tearAfter: point)
            await bench.run { await model.makeSecure() }
            let failure = try #require(model.state.failure, "\(model.state)")
            #expect(failure.hasPrefix("The key change stopped at key 1:"), "\(failure)")
            #expect(failure.contains("Key 1 holds either the old or the new value"))
            #expect(failure.contains("key 2 still hold the old values") || failure.contains("key 2 still holds"))
            #expect(failure.hasSuffix("tap “Make this a secure tag” again to finish with them."))
            let keys = try #require(try store.loadKeys(forTag: sampleUID), "stored before the ChangeKey")
            Self.expectNoKey(Self.texts(model), keys)
            // The same tag again: the stored keys are used, the change and the setup complete.
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            let receipt = try #require(model.state.outcome, "\(model.state)")
            #expect(receipt.reusedStoredKeys)
            #expect(try store.loadKeys(forTag: sampleUID) == keys)
            #expect(receipt.check.isValid, "\(receipt.check.failure ?? "")")
            Self.expectNoKey(Self.texts(model), keys)
        }

        @Test func aTearInTheSetupShowsTheInterruptedSentence() async throws {
            let point = try await Self.index(of: Self.writeData)
            let bench = Type4Bench(model: .ntag424DNA)
            let store = MemorySecretStore()
            let model = Self.model(bench, store)
            bench.holdTag(tearAfter: point)
            await bench.run { await model.makeSecure() }
            let failure = try #require(model.state.failure, "\(model.state)")
            #expect(failure.hasPrefix("The SDM setup stopped at ndef-file:"), "\(failure)")
            #expect(failure.contains("SDM is not on yet"))
            #expect(failure.hasSuffix("tap “Make this a secure tag” again to finish with them."))
            let keys = try #require(try store.loadKeys(forTag: sampleUID))
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            let receipt = try #require(model.state.outcome, "\(model.state)")
            #expect(receipt.keyChange?.alreadyNew == [1, 2], "the keys went on before the tear")
            #expect(receipt.check.isValid)
            Self.expectNoKey(Self.texts(model), keys)
        }

        @Test func aBadTemplateIsRefusedBeforeAnySession() async throws {
            let bench = Type4Bench(model: .ntag424DNA)
            let store = MemorySecretStore()
            let model = Self.model(bench, store)
            model.template = "https://example.com/?e={picc}"
            #expect(model.templateProblem == SUNTemplateError.macMissing.sentence)
            #expect(model.blocker == SUNTemplateError.macMissing.sentence && !model.canStart)
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            #expect(model.state.failure == SUNTemplateError.macMissing.sentence)
            #expect(bench.tag?.apdusReceived.isEmpty == true, "no session started")
            #expect(store.saves == 0)
            model.template = "https://example.com/?e={pic}&c={mac}"
            #expect(model.templateProblem?.contains("unknown placeholder {pic}") == true)
        }

        @Test func newKeysNeedTheTypedConfirmation() async throws {
            let bench = Type4Bench(model: .ntag424DNA)
            let store = MemorySecretStore()
            let model = SecureTagViewModel(service: bench.service, secrets: store)
            #expect(model.generatesNewKeys && model.needsConfirmation && !model.canStart)
            #expect(model.blocker == "Type CHANGE KEYS to confirm: the tag's SUN keys will be replaced.")
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            #expect(model.state.failure?.contains("type CHANGE KEYS to confirm. Nothing was written.") == true)
            #expect(bench.tag?.apdusReceived.isEmpty == true && store.saves == 0)
            model.typedConfirmation = "CHANGE KEY"
            #expect(!model.canStart)
            model.typedConfirmation = " change keys "
            #expect(model.canStart)
            // Keeping the tag's keys needs no confirmation and changes none.
            model.typedConfirmation = ""
            model.generatesNewKeys = false
            #expect(model.canStart)
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            let receipt = try #require(model.state.outcome, "\(model.state)")
            #expect(receipt.keyChange == nil && store.saves == 0)
            #expect(receipt.check.isValid && receipt.check.keySource == .factory)
            #expect(model.reportLines.first == "Keys 1, 2 kept as they were (the factory keys): no key was changed.")
        }

        @Test func aMalformedKey0AndOtherTagsAreRefused() async throws {
            let bench = Type4Bench(model: .genericType4)
            let store = MemorySecretStore()
            let model = Self.model(bench, store)
            model.key0 = "00112233"
            #expect(model.key0Problem == SecureTagRefusal.key0Malformed(digits: 8).sentence && !model.canStart)
            #expect(model.key0Problem?.contains("00112233") == false, "the key is not echoed")
            model.key0 = ""
            bench.holdTag()
            await bench.run { await model.makeSecure() }
            #expect(model.state.failure == NTAG424SetupRefusal.notNTAG424(model: .genericType4).sentence)
            #expect(store.saves == 0, "no keys stored for a tag that cannot take them")
        }

        @Test func aKeySetRoundTripsAndNeverPrintsItsKeys() throws {
            let keys = SUNKeySet.random(for: [1, 2])
            #expect(try SUNKeySet(encoded: keys.encoded) == keys)
            #expect(keys.encoded.count == 1 + 2 * 17)
            #expect(String(describing: keys) == "SUN keys 1, 2 (hidden)")
            #expect(String(reflecting: keys) == "SUN keys 1, 2 (hidden)")
            #expect(throws: SecretStoreError.corrupt(bytes: 3)) { try SUNKeySet(encoded: [1, 2, 3]) }
        }
    }
#endif
