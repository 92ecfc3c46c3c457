import NDEF
import TagEmulator
import TagFrames
import TapCardSupport
import TestSupport
import Testing
import Type4

@testable import TagWorkflows

/// Issue 25, item 2: `write`/`erase` on an NTAG 424 DNA whose NDEF file's write access is a key
/// (after `sdm setup`: key 0). Without the key the write is refused before any write command;
/// with it (``Type4Tag/offeredKeys``) the tearing-safe order goes as WriteData in an
/// AuthenticateEV2First session and is read back in that session; a message the SDM mirror would
/// overwrite is refused; torn at every command in every mode, the tag holds what the error says.
@Suite struct NTAG424KeyedWriteTests {
    static let uid: [UInt8] = [0x04, 0x6B, 0x65, 0x79, 0x00, 0x00, 0x01]
    /// The mirror starts late (a long path before `e=`), so a 150-byte message fits before it.
    static let template = "https://h.example/" + String(repeating: "p", count: 160) + "?e={picc}&c={mac}"

    /// A message of exactly `length` encoded bytes.
    static func message(_ length: Int) -> NDEFMessage {
        var rng = SplitMix64(seed: UInt64(length))
        return Messages.exactly(length, using: &rng)
    }

    /// A factory NTAG 424 DNA set up for SUN (write key 0), holding `old` written with the key.
    static func setUpTag(old: NDEFMessage?) async throws -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: uid)
        _ = try await Type4Tag(channel: tag).setUpSDM(try SUNTemplate(template))
        if let old {
            tag.present()
            let driver = Type4Tag(channel: tag)
            driver.offeredKeys = [0: Type4Tag.factoryKey]
            _ = try await driver.write(old)
        }
        tag.present()
        tag.clearLog()
        return tag
    }

    static func keyed(_ tag: EmulatedType4Tag) -> Type4Tag {
        let driver = Type4Tag(channel: tag)
        driver.offeredKeys = [0: Type4Tag.factoryKey]
        return driver
    }

    @Test("Without the key: refused before any write command, saying which key; the tag is unchanged")
    func withoutKey() async throws {
        let tag = try await Self.setUpTag(old: nil)
        let before = tag.memory
        await #expect(throws: Type4WriteRefusal.self) { try await Type4Tag(channel: tag).write(Self.message(20)) }
        // A key for another number does not help either.
        let other = Type4Tag(channel: tag)
        other.offeredKeys = [3: Type4Tag.factoryKey]
        do {
            _ = try await other.write(Self.message(20))
            Issue.record("the write was not refused")
        } catch let refusal as Type4WriteRefusal {
            #expect(refusal.sentence.contains("--auth-key N=HEX32") && refusal.sentence.contains("key 0"))
        }
        #expect(tag.memory == before)
        #expect(!tag.commandLog.contains { $0.command.ins == 0xD6 || $0.command.ins == 0x8D })
    }

    @Test("With key 0: WriteData in a session, verified by reading the stored bytes; a phone then reads it")
    func withKey() async throws {
        let tag = try await Self.setUpTag(old: nil)
        let new = Self.message(150)
        let report = try await Self.keyed(tag).write(new)
        #expect(report.verification == .readBack(.bytes(150), match: .bytes))
        #expect(tag.commandLog.contains { $0.command.cla == 0x90 && $0.command.ins == 0x8D })
        #expect(!tag.commandLog.contains { $0.command.ins == 0xD6 })
        tag.present()
        let read = try await Type4Tag(channel: tag).read()
        #expect(read.content == .message(new, bytes: new.encoded()))
        // And erased the same way.
        tag.present()
        _ = try await Self.keyed(tag).erase()
        tag.present()
        #expect(try await Type4Tag(channel: tag).read().content == .empty)
    }

    @Test("A message the SDM mirror would overwrite is refused before any write command")
    func mirrorInside() async throws {
        let tag = try await Self.setUpTag(old: nil)
        let before = tag.memory
        do {
            _ = try await Self.keyed(tag).write(Self.message(200))
            Issue.record("the write was not refused")
        } catch let refusal as Type4WriteRefusal {
            guard case .sdmMirrorInside(_, let number, let end, let start) = refusal else {
                Issue.record("\(refusal)")
                return
            }
            #expect(number == 2 && start < end)
        }
        #expect(tag.memory == before)
    }

    @Test("Torn at every command in every mode, the tag holds what the error says")
    func tearing() async throws {
        let old = Self.message(12)
        let new = Self.message(150)
        let reference = try await Self.setUpTag(old: old)
        _ = try await Self.keyed(reference).write(new)
        let total = reference.commandLog.count
        var interruptions = 0
        for mode in TearMode.allCases {
            for point in 0..<total {
                let tag = try await Self.setUpTag(old: old)
                tag.tearAfter(commands: point, mode: mode)
                var state: TagStateAfterWrite?
                do {
                    _ = try await Self.keyed(tag).write(new)
                } catch let error as TagWriteError {
                    state = error.stateAfter
                } catch {}
                tag.present()
                let content = try await Type4Tag(channel: tag).read().content
                let seen: TearObservation =
                    switch content {
                    case .message(_, let bytes) where bytes == old.encoded(): .old
                    case .message(_, let bytes) where bytes == new.encoded(): .new
                    case .empty: .empty
                    default: .other
                    }
                let context = "\(mode.rawValue) tear after \(point) of \(total)"
                #expect(seen != .other, "\(context): \(content)")
                guard let state else { continue }
                interruptions += 1
                #expect(TearObservation.allowed(by: state).contains(seen), "\(context): said \(state), holds \(seen)")
            }
        }
        #expect(interruptions > 0)
    }
}
