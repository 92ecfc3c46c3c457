import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import Testing
import Type4

@testable import TagWorkflows

/// Locking an NTAG 424 DNA with its key 0, and every refusal: a generic T4T (no procedure), no
/// confirmation, a wrong key — each leaving the tag exactly as it was. Torn at every command in
/// three modes, a lock leaves a prefix of its steps in place, never a later step without the ones
/// before, and the same lock run again completes it.
@Suite struct Type4LockTests {
    static let uid: [UInt8] = [0x04, 0x4C, 0x4F, 0x43, 0x4B, 0x00, 0x01]

    static func writtenTag(_ model: TagModel = .ntag424DNA) async throws -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: model, uid: uid)
        _ = try await Type4Tag(channel: tag).write(NDEFMessage(records: [.uri("https://example.com/keep")]))
        return tag
    }

    /// Which lock steps the tag shows: CC byte FF, file 2 locked, file 1 locked.
    static func stepsInPlace(_ tag: EmulatedType4Tag) async throws -> [Bool] {
        tag.present()
        let driver = Type4Tag(channel: tag)
        _ = try await driver.identify()
        let (cc, _) = try await driver.readCapabilityContainer(whole: false)
        let file2 = try await driver.fileSettings(2)
        let file1 = try await driver.fileSettings(1)
        return [cc.ndefFile.writeAccess == .never, Type4Tag.isLocked(file2), Type4Tag.isLocked(file1)]
    }

    @Test func lockWithTheFactoryKeyMakesTheTagReadOnlyForGood() async throws {
        let tag = try await Self.writtenTag()
        let report = try await Type4Tag(channel: tag).lock(confirmation: .permanent)
        #expect(report.steps == [.ccWriteAccess, .ndefFileSettings, .ccFileSettings])
        #expect(report.verified)
        #expect(try await Self.stepsInPlace(tag) == [true, true, true])
        // The chip refuses a write even past TapCard's own refusal, and reads still work.
        tag.present()
        let driver = Type4Tag(channel: tag)
        try await driver.select(file: 0xE104)
        let refused = try await tag.transmit(Type4Command.updateBinary(offset: 0, data: [0, 0]))
        #expect(refused.status == .securityNotSatisfied)
        await #expect(throws: Type4PlanError.self) {
            try await Type4Tag(channel: tag).write(NDEFMessage(records: [.uri("https://example.com/new")]))
        }
        let read = try await Type4Tag(channel: tag).read()
        #expect(read.content.message == NDEFMessage(records: [.uri("https://example.com/keep")]))
        #expect(!read.isWritable)
        // Locking again sends nothing that changes the tag.
        let again = try await Type4Tag(channel: tag).lock(confirmation: .permanent)
        #expect(again.steps.isEmpty && again.verified)
    }

    @Test func refusalsLeaveTheTagExactlyAsItWas() async throws {
        let generic = try await Self.writtenTag(.genericType4)
        let before = generic.memory
        await #expect(throws: Type4LockRefusal.noProcedure(model: .genericType4)) {
            try await Type4Tag(channel: generic).lock(confirmation: .permanent)
        }
        #expect(generic.memory == before)

        let tag = try await Self.writtenTag()
        let factory = tag.memory
        await #expect(throws: Type4LockRefusal.confirmationRequired) {
            try await Type4Tag(channel: tag).lock(confirmation: nil)
        }
        #expect(tag.memory == factory)
        await #expect(throws: Type4LockRefusal.self) {
            try await Type4Tag(channel: tag).lock(confirmation: .permanent, key: [UInt8](repeating: 0x11, count: 16))
        }
        #expect(tag.memory == factory)
        #expect(try await Self.stepsInPlace(tag) == [false, false, false])
    }

    @Test func aTornLockLeavesAPrefixOfItsStepsAndARerunCompletesIt() async throws {
        let reference = try await Self.writtenTag()
        reference.clearLog()
        _ = try await Type4Tag(channel: reference).lock(confirmation: .permanent)
        let total = reference.commandLog.count
        var torn = 0
        for mode in TearMode.allCases {
            for point in 0..<total {
                let tag = try await Self.writtenTag()
                tag.tearAfter(commands: point, mode: mode)
                var reported: [Type4LockReport.Step]?
                do {
                    _ = try await Type4Tag(channel: tag).lock(confirmation: .permanent)
                } catch let error as Type4LockInterrupted {
                    reported = error.completed
                } catch {
                    // A tear while reading (before the first step, or during the read-back).
                }
                tag.cancelTear()
                let steps = try await Self.stepsInPlace(tag)
                let context = "\(mode.rawValue) tear after \(point) of \(total): \(steps)"
                // A prefix: no step is in place unless every earlier one is.
                #expect(steps == steps.sorted(by: { $0 && !$1 }), "\(context)")
                if let reported {
                    // The steps acknowledged are in place (a lost reply may have landed one more).
                    #expect(steps.prefix(reported.count).allSatisfy { $0 }, "\(context): reported \(reported)")
                }
                tag.present()
                let rerun = try await Type4Tag(channel: tag).lock(confirmation: .permanent)
                #expect(rerun.verified, "\(context): the rerun did not complete the lock")
                #expect(try await Self.stepsInPlace(tag) == [true, true, true])
                torn += 1
            }
        }
        print("Type 4 lock tearing: \(torn) torn locks over \(total) commands × 3 modes, each completed by a rerun")
        #expect(torn == total * 3)
    }
}
