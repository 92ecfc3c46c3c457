import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing
import Type3

@testable import TagWorkflows

/// A FeliCa Lite-S pulled away mid-write is never left holding garbage: for each old → new pair,
/// tear the write at every command index in each of the emulator's three modes, put the card back
/// and read it with a fresh driver. It must hold exactly the old message, "empty" (an empty
/// message, or WriteF 0F: an interrupted write, which holds no valid message), or the new one; and
/// when the error names the Update, its state must be a set containing what is read.
///
/// Sizes: 0 (an erase), 1 (no NDEF message is 1 byte long: it stands for the smallest one the
/// verification accepts, 4 bytes, one unknown record with one payload byte), 15/16/17 (one block, exactly one, one and a bit), 207/208 (the Lite-S's 13 data
/// blocks, the last one byte short and full), and seeded random sizes.
@Suite struct Type3TearingTests {
    struct Scenario: CustomStringConvertible, Sendable {
        var oldLength: Int
        var newLength: Int
        var description: String { "FeliCa Lite-S \(oldLength)→\(newLength) bytes" }
    }

    static let scenarios: [Scenario] = {
        var list = [
            Scenario(oldLength: 208, newLength: 0), Scenario(oldLength: 0, newLength: 1),
            Scenario(oldLength: 1, newLength: 15), Scenario(oldLength: 15, newLength: 16),
            Scenario(oldLength: 16, newLength: 17), Scenario(oldLength: 17, newLength: 207),
            Scenario(oldLength: 207, newLength: 208), Scenario(oldLength: 40, newLength: 1),
        ]
        var rng = SplitMix64(seed: 0x7E3)
        for _ in 0..<3 {
            list.append(
                Scenario(
                    oldLength: Int.random(in: 4...208, using: &rng), newLength: Int.random(in: 4...208, using: &rng)))
        }
        return list
    }()

    enum Observed: Equatable { case old, empty, new, other }

    /// 0 is the empty message; 1 stands for the smallest message (4 bytes).
    static func message(_ length: Int, using rng: inout SplitMix64) -> NDEFMessage {
        if length == 0 { return NDEFMessage(records: []) }
        return Messages.exactly(max(4, length), using: &rng)
    }

    static func observed(_ content: NDEFContent, old: [UInt8], new: [UInt8]) -> Observed {
        switch content {
        case .message(_, let bytes) where bytes == new: .new
        case .message(_, let bytes) where bytes == old: .old
        case .empty where new.isEmpty: .new
        case .empty: .empty
        // WriteF 0F: the only interrupted state a Type 3 write can leave.
        case .interrupted(let error) where error.sentence.contains("WriteF is 0F"): .empty
        default: .other
        }
    }

    static func allowed(_ state: TagStateAfterWrite, oldIsEmpty: Bool) -> [Observed] {
        let old: Observed = oldIsEmpty ? .empty : .old
        return switch state {
        case .old: [old]
        case .empty: [.empty]
        case .new: [.new]
        case .oldOrEmpty: [old, .empty]
        case .emptyOrNew: [.empty, .new]
        case .oldOrNew: [old, .new]
        }
    }

    static let idm: [UInt8] = [0x01, 0x2E, 0x54, 0x45, 0x41, 0x52, 0x00, 0x01]

    @Test func everyTearPointLeavesOldEmptyOrNew() async throws {
        var counts: [TearMode: Int] = [:]
        var reportedByUpdate = 0
        for (index, scenario) in Self.scenarios.enumerated() {
            var rng = SplitMix64(seed: UInt64(3000 + index))
            let old = Self.message(scenario.oldLength, using: &rng)
            let new = Self.message(scenario.newLength, using: &rng)
            // 0 bytes is an erase (NDEFMessage(records: []) encodes as one empty record).
            let oldBytes = scenario.oldLength == 0 ? [] : old.encoded()
            let newBytes = scenario.newLength == 0 ? [] : new.encoded()
            func write(_ driver: Type3Tag) async throws -> Type3WriteReport {
                scenario.newLength == 0 ? try await driver.erase() : try await driver.write(new)
            }

            func freshTag() async throws -> EmulatedType3Tag {
                let tag = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: true)
                if !oldBytes.isEmpty { _ = try await Type3Tag(channel: tag).write(old) }
                tag.clearLog()
                return tag
            }
            // How many commands a whole write (polling, preflight, Updates, read-back) takes.
            let reference = try await freshTag()
            let referenceReport = try await write(Type3Tag(channel: reference))
            #expect(referenceReport.verified)
            let total = reference.commandLog.count
            #expect(total > referenceReport.writes.count)

            for mode in TearMode.allCases {
                for tearPoint in 0..<total {
                    let tag = try await freshTag()
                    tag.tearAfter(commands: tearPoint, mode: mode)
                    var reported: TagStateAfterWrite?
                    do {
                        _ = try await write(Type3Tag(channel: tag))
                        Issue.record("\(scenario) \(mode) @\(tearPoint): the write did not fail")
                    } catch let error as TagWriteError where error.isReadBackInterrupted {
                        // Every Update landed; the read-back was torn: the card holds the new
                        // message, and the error says so (the contract's rule on every type).
                        reported = error.stateAfter
                    } catch let error as TagWriteError {
                        guard
                            case .interruptedFeliCaUpdate(
                                let blocks, let completed, let writes, let state, _, let cause) = error
                        else {
                            Issue.record("\(scenario) \(mode) @\(tearPoint): \(error)")
                            continue
                        }
                        reported = state
                        reportedByUpdate += 1
                        #expect(cause.mayHaveLanded)
                        #expect(completed < writes && writes == referenceReport.writes.count)
                        #expect(blocks == referenceReport.writes[completed].blocks)
                        #expect(error.sentence.contains("Update \(completed + 1) of \(writes)"))
                    } catch let error as Type3Failure {
                        // A tear during a read (polling, preflight, read-back): the carrier's error.
                        #expect(error.mayHaveLanded, "\(scenario) \(mode) @\(tearPoint): \(error)")
                    }
                    let torn = tag.commandLog.last?.command
                    tag.present()
                    let content = try await Type3Tag(channel: tag).read().content
                    let seen = Self.observed(content, old: oldBytes, new: newBytes)
                    let context =
                        "\(scenario) \(mode.rawValue) tear after \(tearPoint) of \(total) (\(torn.map { $0.description } ?? "-"))"
                    #expect(seen != .other, "\(context): \(content)")
                    if let reported {
                        #expect(
                            Self.allowed(reported, oldIsEmpty: oldBytes.isEmpty).contains(seen),
                            "\(context): reported \(reported), found \(seen)")
                    }
                    counts[mode, default: 0] += 1
                }
            }
        }
        for mode in TearMode.allCases {
            print("Type 3 tearing: \(counts[mode] ?? 0) tear points on FeliCa Lite-S in mode \(mode.rawValue)")
        }
        print("Type 3 tearing: \(reportedByUpdate) tears named the Update and the state")
        #expect(TearMode.allCases.allSatisfy { (counts[$0] ?? 0) > 100 })
        #expect(reportedByUpdate > 100)
    }
}
