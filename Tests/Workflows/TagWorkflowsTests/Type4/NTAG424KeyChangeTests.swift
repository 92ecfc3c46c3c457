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
                    for key in Self.newKeys.values {
                        #expect(!interrupted.sentence.lowercased().contains(Hex.encode(key)), "\(context)")
                    }
                    // With key 0 still old, the same command run again finishes the change.
                    if state[0] == false {
                        tag.present()
                        let rerun = try await Type4Tag(channel: tag).changeKeys(
                            to: Self.newKeys, confirmation: .changeKeys)
                        #expect(rerun.keyVersions.count == 5, "\(context)")
                        #expect(await Self.keyState(tag) == [true, true, true, true, true], "\(context)")
                    }
                }
            }
        }
        #expect(interruptions > 0)
    }
}
