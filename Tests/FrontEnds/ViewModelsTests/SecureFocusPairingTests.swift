#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import Focus
    import FocusSessions
    import Foundation
    import NDEF
    import TagCatalog
    import TagEmulator
    import TagWorkflows
    import Testing
    import Type4

    @testable import ViewModels

    /// An NTAG 424 DNA paired as a SUN focus tag on the phone (one session: keys 1–2 random and
    /// in the key store before any ChangeKey, SDM set up, the URL read back and verified by the
    /// focus engine), then taps: the paired tag's fresh SUN message starts and ends a session; a
    /// replayed URL, a copied UID without a valid MAC and another NTAG 424 DNA never end one.
    @MainActor
    @Suite struct SecureFocusPairingTests {
        let bench = Type4Bench(model: .ntag424DNA)
        let scratch: ScratchStore
        let clock = TestClock()
        let secrets = MemorySecretStore()
        let focus: FocusViewModel
        let tap: FocusTapViewModel

        init() throws {
            scratch = try ScratchStore()
            focus = FocusViewModel(controller: FocusController(store: scratch.store), clock: clock.function)
            tap = FocusTapViewModel(service: bench.service, focus: focus, secrets: secrets)
        }

        /// Holds `chip` (another tag, or a copy) up for the next session instead of the paired tag.
        func hold(_ chip: EmulatedType4Tag) {
            bench.system.script([.present([StandInISO7816Tag(channel: chip, uid: chip.uid)])])
        }

        /// An NTAG 424 DNA with `uid` whose NDEF file holds `url` as plain bytes (no SDM): what a
        /// copy of the paired tag's UID that replays or edits a URL looks like to the phone.
        static func copy(uid: [UInt8], holding url: String) async throws -> EmulatedType4Tag {
            let chip = EmulatedType4Tag(model: .ntag424DNA, uid: uid)
            _ = try await Type4Tag(channel: chip, uid: uid).write(
                NDEFMessage(records: [NDEFRecord.uri(url)]), verify: false)
            return chip
        }

        func pair() async throws {
            bench.holdTag()
            await bench.run { await tap.pairSecure(label: "Desk", location: "desk drawer") }
            try #require(focus.errorMessage == nil, "\(focus.errorMessage ?? "")")
            try #require(tap.state.outcome != nil, "\(tap.state)")
        }

        func tapHeld() async {
            await bench.run { await tap.tap() }
        }

        @Test func pairingStoresRandomKeysFirstAndRecordsASecurePairing() async throws {
            var keysStoredBeforeChangeKey = false
            secrets.onSave = { [bench] in
                keysStoredBeforeChangeKey =
                    !(bench.tag?.apdusReceived.contains { $0.cla == 0x90 && $0.ins == 0xC4 } ?? true)
            }
            try await pair()
            #expect(keysStoredBeforeChangeKey, "the keys reach the store before the first ChangeKey")
            let keys = try #require(try secrets.loadKeys(forTag: sampleUID))
            #expect(keys.keys.keys.sorted() == [1, 2])
            #expect(
                keys.key(1) != Type4Tag.factoryKey && keys.key(2) != Type4Tag.factoryKey && keys.key(1) != keys.key(2))
            let paired = try #require(focus.pairedTags.first)
            #expect(paired.sunSecured && paired.identity == TagIdentity(uid: sampleUID, chip: "ntag424-dna"))
            #expect(
                focus.message?.hasPrefix("Paired ntag424-dna 04:A1:B2:C3:D4:E5:80") == true, "\(focus.message ?? "")")
            #expect(focus.message?.contains("every tap must carry a fresh SUN message") == true)
            // The same record as the desk's: the store holds the pairing's keys, confirmed.
            let stored = try #require(try scratch.store.focusSUNKeys(for: .init(uid: sampleUID, chip: "ntag424-dna")))
            #expect(stored.confirmed && stored.keys.fileKey == keys.key(1) && stored.keys.metaKey == keys.key(2))
        }

        @Test func aPlainPairingNamesTheChipAsTheTapsDo() async throws {
            bench.holdTag()
            await bench.run { await tap.pair(label: nil, location: nil) }
            #expect(focus.pairedTags.first?.identity == TagIdentity(uid: sampleUID, chip: "ntag424-dna"))
            bench.holdTag()
            await tapHeld()
            #expect(focus.isFocusing, "\(focus.errorMessage ?? "")")
        }

        @Test func validFreshSUNTapsStartAndEndASession() async throws {
            try await pair()
            bench.holdTag()
            await tapHeld()
            #expect(focus.isFocusing, "\(focus.errorMessage ?? "")")
            clock.advance(minutes: 30)
            bench.holdTag()
            await tapHeld()
            #expect(!focus.isFocusing, "\(focus.errorMessage ?? "")")
            #expect(focus.errorMessage == nil)
        }

        @Test func aReplayedURLDoesNotEndTheSession() async throws {
            try await pair()
            // A URL read off the real tag by someone else, never shown to TapCard…
            let recorded = try await Type4Tag(channel: bench.chip, uid: sampleUID).read()
            guard case .message(let message, _) = recorded.content, case .uri(let record)? = message.records.first?.view
            else { throw TestFailure("no URL on the paired tag") }
            bench.holdTag()
            await tapHeld()  // …then the real tag starts a session with a newer counter.
            try #require(focus.isFocusing)
            clock.advance(minutes: 30)
            hold(try await Self.copy(uid: sampleUID, holding: record.uri))
            await tapHeld()
            #expect(focus.isFocusing, "a replayed URL must not end the session")
            guard case .sunCounterNotIncreasing? = focus.lastRefusal else {
                Issue.record("expected a replay refusal, got \(String(describing: focus.lastRefusal))")
                return
            }
        }

        @Test func aCopiedUIDWithAnEditedOrMissingMACDoesNotEndTheSession() async throws {
            try await pair()
            bench.holdTag()
            await tapHeld()
            try #require(focus.isFocusing)
            clock.advance(minutes: 30)
            let fresh = try await Type4Tag(channel: bench.chip, uid: sampleUID).read()
            guard case .message(let message, _) = fresh.content, case .uri(let record)? = message.records.first?.view
            else { throw TestFailure("no URL on the paired tag") }
            let last = record.uri.last == "0" ? "1" : "0"
            hold(try await Self.copy(uid: sampleUID, holding: String(record.uri.dropLast()) + last))
            await tapHeld()
            #expect(focus.isFocusing, "an edited MAC must not end the session")
            guard case .sunMacInvalid? = focus.lastRefusal else {
                Issue.record("expected an invalid-MAC refusal, got \(String(describing: focus.lastRefusal))")
                return
            }
            hold(try await Self.copy(uid: sampleUID, holding: "https://tapcard.invalid/f"))
            await tapHeld()
            #expect(focus.isFocusing, "a copied UID without SUN must not end the session")
            guard case .uidCloneOfSecureTag? = focus.lastRefusal else {
                Issue.record("expected a clone refusal, got \(String(describing: focus.lastRefusal))")
                return
            }
        }

        @Test func anotherNTAG424DoesNotEndTheSession() async throws {
            try await pair()
            bench.holdTag()
            await tapHeld()
            try #require(focus.isFocusing)
            clock.advance(minutes: 30)
            hold(EmulatedType4Tag(model: .ntag424DNA, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x80]))
            await tapHeld()
            #expect(focus.isFocusing)
            guard case .notYourTag? = focus.lastRefusal else {
                Issue.record("expected a wrong-tag refusal, got \(String(describing: focus.lastRefusal))")
                return
            }
        }

        @Test func aPairingTornAtTheKeyChangeKeepsItsKeysAndFinishesOnTheNextTry() async throws {
            // Where the first ChangeKey (C4) falls in a complete pairing, on a twin phone and tag.
            let twin = try SecureFocusPairingTests()
            try await twin.pair()
            let sent = try #require(twin.bench.tag).apdusReceived.dropFirst()  // the discovery SELECT
            let first = try #require(sent.indices.first { sent[$0].cla == 0x90 && sent[$0].ins == 0xC4 })
            bench.holdTag(tearAfter: first - sent.startIndex)
            await bench.run { await tap.pairSecure(label: nil, location: nil) }
            let failure = try #require(tap.state.failure)
            let keys = try #require(try secrets.loadKeys(forTag: sampleUID), "the keys stay on this iPhone")
            #expect(failure.hasSuffix("tap “Pair securely” again to finish the pairing with them."), "\(failure)")
            #expect(!failure.contains("tapcard") && !failure.contains("--"), "\(failure)")
            #expect(focus.pairedTags.isEmpty)
            try await pair()
            #expect(try secrets.loadKeys(forTag: sampleUID) == keys, "the second try uses the saved keys")
            #expect(focus.pairedTags.first?.sunSecured == true)
        }
    }

    struct TestFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
#endif
