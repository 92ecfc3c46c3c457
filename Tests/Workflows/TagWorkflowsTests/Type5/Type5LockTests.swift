import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing
import Type5

@testable import TagWorkflows

/// Locking a Type 5 tag: the CC's write access 11, LOCK BLOCK of the NDEF TLV's blocks, the CC
/// block last; verified by reading back; a lock torn at any command says which steps landed, and
/// the same lock run again completes it.
@Suite struct Type5LockTests {
    static func tagWithMessage(_ model: TagModel, seed: UInt64) async throws -> (EmulatedType5Tag, NDEFMessage) {
        let tag = EmulatedType5Tag(model: model)
        var rng = SplitMix64(seed: seed)
        let message = Messages.exactly(30, using: &rng)
        _ = try await Type5Tag(channel: tag).write(message)
        return (tag, message)
    }

    @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k]) func locksAndVerifies(model: TagModel) async throws {
        let (tag, message) = try await Self.tagWithMessage(model, seed: 11)
        let report = try await Type5Tag(channel: tag).lock(confirmation: .permanent)
        #expect(report.verified)
        #expect(report.isPermanent)
        #expect(tag.memory.blocks[0][1] & 0x03 == 0x03)
        // The message's TLV: 03 1E + 30 bytes from byte 4 = blocks 1…8 (byte 35); the CC block 0.
        for block in 0...8 { #expect(tag.memory.locked[block], "block \(block)") }
        #expect(!tag.memory.locked[9])
        // The CC block is the last LOCK BLOCK.
        let locks = tag.commandLog.filter { $0.request.request.command == 0x22 }.map {
            Int($0.request.request.parameters[0])
        }
        #expect(locks.last == 0)
        let read = try await Type5Tag(channel: tag).read()
        #expect(read.content.message == message)
        #expect(!read.isWritable)
        let before = tag.memory
        var rng = SplitMix64(seed: 1)
        let other = Messages.exactly(10, using: &rng)
        await #expect(throws: Type5PlanError.self) {
            _ = try await Type5Tag(channel: tag).write(other)
        }
        #expect(tag.memory == before)
        // Locked already: nothing more to send.
        tag.clearLog()
        let again = try await Type5Tag(channel: tag).lock(confirmation: .permanent)
        #expect(again.steps.isEmpty)
        #expect(again.verified)
    }

    /// A tear at every command of a lock, in every mode: the error names the steps that had
    /// landed, and they have; a second lock completes the job.
    @Test func tornLockReportsWhatCompleted() async throws {
        var points = 0
        for model in [TagModel.icodeSLIX2, .st25dv04k] {
            let (origin, message) = try await Self.tagWithMessage(model, seed: 12)
            let reference = try EmulatedType5Tag(model: model, uid: origin.uid, memory: origin.memory)
            _ = try await Type5Tag(channel: reference).lock(confirmation: .permanent)
            let total = reference.commandLog.count
            for mode in TearMode.allCases {
                for tearPoint in 0..<total {
                    let tag = try EmulatedType5Tag(model: model, uid: origin.uid, memory: origin.memory)
                    tag.tearAfter(commands: tearPoint, mode: mode)
                    let context = "\(model.rawValue) \(mode.rawValue) tear after \(tearPoint) of \(total)"
                    do {
                        _ = try await Type5Tag(channel: tag).lock(confirmation: .permanent)
                        Issue.record("\(context): the lock did not fail")
                    } catch let error as Type5LockInterrupted {
                        #expect(error.sentence.contains("run the same lock command again"))
                        for step in error.completed {
                            switch step {
                            case .writeCapabilityContainer:
                                #expect(tag.memory.blocks[0][1] & 0x03 == 0x03, "\(context)")
                            case .lockDataBlock(let block, _), .lockCapabilityContainerBlock(let block, _):
                                #expect(tag.memory.locked[block], "\(context): block \(block)")
                            }
                        }
                        // Nothing after the failed step landed.
                        let failedIndex = error.completed.count
                        #expect(failedIndex < error.total)
                    } catch {
                        #expect((error as? Type5Failure)?.mayHaveLanded == true, "\(context): \(error)")
                    }
                    tag.present()
                    let report = try await Type5Tag(channel: tag).lock(confirmation: .permanent)
                    #expect(report.verified, "\(context)")
                    #expect(try await Type5Tag(channel: tag).read().content.message == message, "\(context)")
                    points += 1
                }
            }
        }
        print("Type 5 lock tearing: \(points) tear points over ICODE SLIX2 and ST25DV04K, 3 modes")
        #expect(points > 30)
    }
}
