import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import Testing
import Type3

@testable import TagWorkflows

/// Locking a FeliCa Lite-S: the RW flag, then the permanent MC step; every refusal leaving the
/// card untouched; torn at every command in three modes, a lock leaves a prefix of its steps in
/// place (never the MC locked with the flag still 01), the error says which steps landed, and the
/// same lock run again completes it.
@Suite struct Type3LockTests {
    static let idm: [UInt8] = [0x01, 0x2E, 0x4C, 0x4F, 0x43, 0x4B, 0x00, 0x01]
    static let message = NDEFMessage(records: [.uri("https://example.com/keep")])

    static func writtenTag() async throws -> EmulatedType3Tag {
        let tag = EmulatedType3Tag(model: .feliCaLiteS, idm: idm, formatted: true)
        _ = try await Type3Tag(channel: tag).write(message)
        tag.clearLog()
        return tag
    }

    /// [RW flag 00, MC locked], read from the blocks directly (byte 10; MC_SP bits 0–13, MC_ALL).
    static func stepsInPlace(_ tag: EmulatedType3Tag) -> [Bool] {
        let mc = tag.block(0x88)!
        let spLocked = mc[0] == 0 && mc[1] & 0x3F == 0
        return [tag.block(0)![10] == 0x00, spLocked && mc[2] == 0x00]
    }

    @Test func lockMakesTheCardReadOnlyForGood() async throws {
        let tag = try await Self.writtenTag()
        let report = try await Type3Tag(channel: tag).lock(confirmation: .permanent)
        #expect(report.steps == [.readOnlyFlag, .lockMemory])
        #expect(report.writes.filter(\.isPermanent).map(\.step) == [.lockMemory])
        #expect(report.verified)
        #expect(Self.stepsInPlace(tag) == [true, true])
        // The chip refuses an Update of S_PAD0 past TapCard's own refusal; reads still work.
        let refused = try await tag.send(
            Type3Command.update(idm: Self.idm, service: 0x0009, blocks: [0], data: tag.block(0)!))
        #expect(refused.payload.prefix(2) == [0x01, 0xA5])
        await #expect(throws: Type3PlanError.readOnlyFlag) {
            try await Type3Tag(channel: tag).write(NDEFMessage(records: [.uri("https://example.com/new")]))
        }
        let read = try await Type3Tag(channel: tag).read()
        #expect(read.content.message == Self.message)
        #expect(!read.isWritable)
        let inspection = try await Type3Tag(channel: tag).inspect()
        #expect(inspection.readOnlyReasons.first == .accessFlag)
        // Locking again sends no Update.
        tag.clearLog()
        let again = try await Type3Tag(channel: tag).lock(confirmation: .permanent)
        #expect(again.steps.isEmpty && again.verified)
        #expect(!tag.commandLog.contains { $0.command.code == 0x08 })
    }

    @Test func refusalsLeaveTheCardExactlyAsItWas() async throws {
        let tag = try await Self.writtenTag()
        let before = tag.blocks
        await #expect(throws: Type3Refusal.confirmationRequired) {
            try await Type3Tag(channel: tag).lock(confirmation: nil)
        }
        #expect(tag.commandLog.isEmpty && tag.blocks == before)

        let blank = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: false)
        let blankBlocks = blank.blocks
        await #expect(throws: Type3Refusal.self) {
            try await Type3Tag(channel: blank).lock(confirmation: .permanent)
        }
        #expect(blank.blocks == blankBlocks)
        #expect(!blank.commandLog.contains { $0.command.code == 0x08 })
    }

    @Test func aTornLockLeavesAPrefixOfItsStepsAndARerunCompletesIt() async throws {
        let reference = try await Self.writtenTag()
        _ = try await Type3Tag(channel: reference).lock(confirmation: .permanent)
        let total = reference.commandLog.count
        var counts: [TearMode: Int] = [:]
        var interrupted = 0
        for mode in TearMode.allCases {
            for tearPoint in 0..<total {
                let tag = try await Self.writtenTag()
                tag.tearAfter(commands: tearPoint, mode: mode)
                var reportedCompleted: [Type3ConfigurationWrite.Step]?
                do {
                    _ = try await Type3Tag(channel: tag).lock(confirmation: .permanent)
                    Issue.record("\(mode) @\(tearPoint): the lock did not fail")
                } catch let error as Type3ConfigurationInterrupted {
                    reportedCompleted = error.completed
                    interrupted += 1
                    #expect(error.operation == .lock && error.cause.mayHaveLanded)
                    #expect(error.sentence.contains("stopped at \(error.failed.rawValue)"))
                } catch let error as Type3Failure {
                    #expect(error.mayHaveLanded, "\(mode) @\(tearPoint): \(error)")
                }
                tag.present()
                let inPlace = Self.stepsInPlace(tag)
                let context = "\(mode.rawValue) tear after \(tearPoint) of \(total)"
                // Never the permanent step without the flag.
                #expect(!(inPlace[1] && !inPlace[0]), "\(context): \(inPlace)")
                if let reportedCompleted {
                    let steps: [Type3ConfigurationWrite.Step] = [.readOnlyFlag, .lockMemory]
                    for (index, step) in steps.enumerated() where reportedCompleted.contains(step) {
                        #expect(inPlace[index], "\(context): \(step) reported as landed")
                    }
                }
                #expect(try await Type3Tag(channel: tag).read().content.message == Self.message, "\(context)")
                let rerun = try await Type3Tag(channel: tag).lock(confirmation: .permanent)
                #expect(rerun.verified, "\(context)")
                #expect(Self.stepsInPlace(tag) == [true, true], "\(context)")
                counts[mode, default: 0] += 1
            }
        }
        for mode in TearMode.allCases {
            print("Type 3 lock tearing: \(counts[mode] ?? 0) tear points in mode \(mode.rawValue)")
        }
        #expect(interrupted >= 6)
    }
}
