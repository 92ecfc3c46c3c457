import NDEF
import TagEmulator
import TagFrames
import TagTransport
import TapCardSupport
import Testing
import Type4

@testable import TagWorkflows

/// `changeKeys` over the emulated NTAG 424 DNA: the new keys authenticate, the old ones no longer
/// do, key versions read back; torn at every command in every mode, every key is where the error
/// says (new, old, or the one uncertain key either), and no key ever appears in an error.
@Suite struct NTAG424KeyChangeTests {
    static let uid: [UInt8] = [0x04, 0x4B, 0x45, 0x59, 0x00, 0x00, 0x01]
    static let newKeys: [Int: [UInt8]] = Dictionary(
        uniqueKeysWithValues: (0...4).map { number in
            (number, (0..<16).map { UInt8(truncatingIfNeeded: 0xA0 + number * 16 + $0) })
        })

    /// Which keys authenticate with the new value (true), the old (false); nil when neither.
    static func keyState(_ tag: EmulatedType4Tag) async -> [Bool?] {
        var states: [Bool?] = []
        for number in 0...4 {
            var state: Bool?
            for (candidate, isNew) in [(newKeys[number]!, true), (Type4Tag.factoryKey, false)] where state == nil {
                tag.present()
                let driver = Type4Tag(channel: tag)
                do {
                    try await driver.selectApplication()
                    _ = try await driver.authenticate(keyNumber: UInt8(number), key: candidate)
                    state = isNew
                } catch {}
            }
            states.append(state)
        }
        return states
    }

    @Test func changesEveryKeyKeyZeroLast() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        let report = try await Type4Tag(channel: tag).changeKeys(
            to: Self.newKeys, version: 7, confirmation: .changeKeys)
        #expect(report.changed == [1, 2, 3, 4, 0])
        #expect(report.keyVersions == [0: 7, 1: 7, 2: 7, 3: 7, 4: 7])
        #expect(await Self.keyState(tag) == [true, true, true, true, true])
        // Keys never appear in what a report says.
        #expect(!"\(report)".lowercased().contains("a0a1"))
    }

    @Test func refusalsChangeNothing() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        await #expect(throws: NTAG424SetupRefusal.confirmationRequired) {
            try await Type4Tag(channel: tag).changeKeys(to: Self.newKeys, confirmation: nil)
        }
        await #expect(throws: NTAG424SetupRefusal.noSuchKey(5)) {
            try await Type4Tag(channel: tag).changeKeys(to: [5: Type4Tag.factoryKey], confirmation: .changeKeys)
        }
        await #expect(throws: NTAG424SetupRefusal.noNewKeys) {
            try await Type4Tag(channel: tag).changeKeys(to: [:], confirmation: .changeKeys)
        }
        #expect(await Self.keyState(tag) == [false, false, false, false, false])
    }

    @Test func aTornKeyChangeSaysWhichKeyIsWhich() async throws {
        let reference = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        reference.clearLog()
        _ = try await Type4Tag(channel: reference).changeKeys(to: Self.newKeys, confirmation: .changeKeys)
        let total = reference.commandLog.count
        var interruptions = 0
        for mode in TearMode.allCases {
            for point in 0..<total {
                let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
                tag.tearAfter(commands: point, mode: mode)
                var interrupted: NTAG424KeyChangeInterrupted?
                do {
                    _ = try await Type4Tag(channel: tag).changeKeys(to: Self.newKeys, confirmation: .changeKeys)
                } catch let error as NTAG424KeyChangeInterrupted {
                    interrupted = error
                } catch {
                    // A tear before the first ChangeKey, or in the re-authentication after key 0.
                }
                tag.cancelTear()
                let state = await Self.keyState(tag)
                let context = "\(mode.rawValue) tear after \(point) of \(total): \(state)"
                // Every key authenticates with its old or its new value: the tag stays usable.
                #expect(state.allSatisfy { $0 != nil }, "\(context)")
                if let interrupted {
                    interruptions += 1
                    for number in interrupted.changed { #expect(state[number] == true, "\(context)") }
                    for number in interrupted.unchanged { #expect(state[number] == false, "\(context)") }
                    // A key is never both changed and uncertain (a tear in the GetKeyVersion after
                    // an acknowledged ChangeKey said "key 1 hold the new values. Key 1 holds either
                    // the old or the new value").
                    if let uncertain = interrupted.uncertain {
                        #expect(!interrupted.changed.contains(uncertain), "\(context): \(interrupted.sentence)")
                    }
                    #expect(!interrupted.sentence.contains(" hold the new values") || interrupted.changed.count > 1)
                    for key in Self.newKeys.values {
                        #expect(!interrupted.sentence.lowercased().contains(Hex.encode(key)), "\(context)")
                    }
                    // The same command run again finishes the change, whichever value key 0 holds
                    // (before, a key 0 already new made the rerun fail).
                    tag.present()
                    let rerun = try await Type4Tag(channel: tag).changeKeys(
                        to: Self.newKeys, confirmation: .changeKeys)
                    #expect(rerun.keyVersions.count <= 5, "\(context)")
                    #expect(Set(rerun.changed + rerun.alreadyNew) == Set(0...4), "\(context)")
                    #expect(await Self.keyState(tag) == [true, true, true, true, true], "\(context)")
                }
            }
        }
        #expect(interruptions > 0)
    }

    /// Issue 25, item 1: keys 1–4 hold values A (version 1); a run for values B that gives the wrong
    /// old keys (the factory's) must not call them "already new" by their version, as it did.
    @Test func aWrongOldKeyIsRefusedWithTheTagsAnswerNotAlreadyNew() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        var first = Self.newKeys
        first[0] = nil
        _ = try await Type4Tag(channel: tag).changeKeys(to: first, version: 1, confirmation: .changeKeys)
        let other: [Int: [UInt8]] = Dictionary(
            uniqueKeysWithValues: (0...4).map { number in
                (number, (0..<16).map { UInt8(truncatingIfNeeded: 0x30 + number + $0) })
            })
        tag.present()
        await #expect(
            throws: NTAG424KeyChangeRefused(
                key: 1, status: StatusWord(0x91AE), changed: [], alreadyNew: [], notSent: [0, 2, 3, 4])
        ) {
            try await Type4Tag(channel: tag).changeKeys(to: other, version: 1, confirmation: .changeKeys)
        }
        // Nothing changed: keys 1-4 still hold A, key 0 the factory key.
        #expect(await Self.keyState(tag) == [false, true, true, true, true])
    }

    /// A key whose old value given is wrong is found before the first ChangeKey (every old key is
    /// proven first, the hostile newcomer's finding: keys 1 and 2 were changed before key 3's wrong
    /// old value stopped the run): nothing is changed.
    @Test func aRefusalInTheMiddleChangesNothingAfterIt() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        _ = try await Type4Tag(channel: tag).changeKeys(to: [3: Self.newKeys[4]!], confirmation: .changeKeys)
        tag.present()
        do {
            _ = try await Type4Tag(channel: tag).changeKeys(to: Self.newKeys, confirmation: .changeKeys)
            Issue.record("key 3's wrong old key was not refused")
        } catch let refused as NTAG424KeyChangeRefused {
            #expect(refused.key == 3 && refused.changed.isEmpty && refused.notSent == [0, 1, 2, 4])
            #expect(!refused.sentence.lowercased().contains(Hex.encode(Self.newKeys[4]!)))
        }
        #expect(await Self.keyState(tag) == [false, false, false, nil, false])
    }

    /// A rerun after a finished change proves every key new with the tag (key 0 by authenticating
    /// with it, keys 1-4 by a ChangeKey under the new value) and changes none.
    @Test func aRerunProvesEveryKeyAlreadyNew() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
        _ = try await Type4Tag(channel: tag).changeKeys(to: Self.newKeys, confirmation: .changeKeys)
        tag.present()
        let rerun = try await Type4Tag(channel: tag).changeKeys(to: Self.newKeys, confirmation: .changeKeys)
        #expect(rerun.changed == [] && rerun.alreadyNew == [0, 1, 2, 3, 4])
        #expect(await Self.keyState(tag) == [true, true, true, true, true])
    }
}
