import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing

@testable import TagWorkflows

/// A Type 4 tag pulled away mid-write is never left holding garbage: for each message, tear the
/// write at every command index in each of the emulator's three modes, put the tag back and read
/// it with a fresh driver. Modes 1 and 2 (the APDU never arrives; it runs but its answer is lost)
/// must leave exactly the old, an empty or the new message. Mode 3 (an UPDATE BINARY left
/// half-programmed) may also leave an interrupted write, but only when the torn UPDATE is the one
/// that writes NLEN at offset 0, which the error then says.
@Suite struct Type4TearingTests {
    struct Scenario: CustomStringConvertible, Sendable {
        var model: TagModel
        var oldLength: Int
        var newLength: Int
        var description: String { "\(model.rawValue) \(oldLength)→\(newLength) bytes" }
    }

    /// Generic T4T (MLc 52: chunked writes, NLEN above 255 for the 600-byte message) and NTAG 424
    /// DNA (MLc 255: one UPDATE for short messages, two chunks for 250 bytes).
    static let scenarios: [Scenario] = [
        Scenario(model: .genericType4, oldLength: 40, newLength: 30),
        Scenario(model: .genericType4, oldLength: 100, newLength: 200),
        Scenario(model: .genericType4, oldLength: 200, newLength: 600),
        Scenario(model: .ntag424DNA, oldLength: 60, newLength: 120),
        Scenario(model: .ntag424DNA, oldLength: 120, newLength: 250),
    ]

    typealias Observed = TearObservation

    static func observed(_ content: NDEFContent, old: NDEFMessage, new: NDEFMessage) -> Observed {
        switch content {
        case .empty: .empty
        case .message(_, let bytes) where bytes == old.encoded(): .old
        case .message(_, let bytes) where bytes == new.encoded(): .new
        case .interrupted: .interrupted
        default: .other
        }
    }

    @Test func everyTearPointLeavesOldEmptyOrNew() async throws {
        var counts: [TagModel: [TearMode: Int]] = [:]
        var interruptedAtLength = 0
        for (index, scenario) in Self.scenarios.enumerated() {
            var rng = SplitMix64(seed: UInt64(4000 + index))
            let old = Messages.exactly(scenario.oldLength, using: &rng)
            let new = Messages.exactly(scenario.newLength, using: &rng)
            let uid: [UInt8] = [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, UInt8(index)]

            func freshTag() async throws -> EmulatedType4Tag {
                let tag = EmulatedType4Tag(model: scenario.model, uid: uid)
                _ = try await Type4Tag(channel: tag).write(old)
                tag.clearLog()
                return tag
            }
            // How many APDUs a whole write (identification, preflight, writes, read-back) takes.
            let reference = try await freshTag()
            let referenceReport = try await Type4Tag(channel: reference).write(new)
            #expect(referenceReport.writes.count >= 1)
            let total = reference.commandLog.count

            for mode in TearMode.allCases {
                for tearPoint in 0..<total {
                    let tag = try await freshTag()
                    tag.tearAfter(commands: tearPoint, mode: mode)
                    var reported: TagStateAfterWrite?
                    var lengthMayBeTorn = false
                    do {
                        _ = try await Type4Tag(channel: tag).write(new)
                        Issue.record("\(scenario) \(mode) @\(tearPoint): the write did not fail")
                    } catch let error as TagWriteError {
                        if case .interruptedUpdate(_, _, _, _, _, let state, let torn, _) = error {
                            reported = state
                            lengthMayBeTorn = torn
                        }
                    } catch {
                        // A tear during a read (identification, preflight, read-back) surfaces as
                        // the carrier's error.
                        let carrier = error as? Type4Failure
                        #expect(carrier?.mayHaveLanded == true, "\(scenario) \(mode) @\(tearPoint): \(error)")
                    }
                    let torn = tag.commandLog.last?.command
                    tag.present()
                    let content = try await Type4Tag(channel: tag).read().content
                    let seen = Self.observed(content, old: old, new: new)
                    let context =
                        "\(scenario) \(mode.rawValue) tear after \(tearPoint) of \(total) (\(torn.map { $0.description } ?? "-"))"
                    if seen == .interrupted {
                        #expect(
                            mode == .corruptedWrite && torn?.ins == 0xD6 && torn?.p1 == 0 && torn?.p2 == 0
                                && lengthMayBeTorn, "\(context): \(content)")
                        interruptedAtLength += 1
                    } else {
                        #expect(seen != .other, "\(context): \(content)")
                    }
                    if let reported, seen != .interrupted {
                        let allowed = Observed.allowed(by: reported)
                        #expect(allowed.contains(seen), "\(context): reported \(reported), found \(seen)")
                    }
                    counts[scenario.model, default: [:]][mode, default: 0] += 1
                }
            }
        }
        for model in [TagModel.genericType4, .ntag424DNA] {
            for mode in TearMode.allCases {
                print(
                    "Type 4 tearing: \(counts[model]?[mode] ?? 0) tear points on \(model.displayName) in mode \(mode.rawValue)"
                )
            }
        }
        print("Type 4 tearing: \(interruptedAtLength) corrupted NLEN tears reported as an interrupted write")
        for model in [TagModel.genericType4, .ntag424DNA] {
            #expect(TearMode.allCases.allSatisfy { (counts[model]?[$0] ?? 0) > 20 })
        }
    }
}
