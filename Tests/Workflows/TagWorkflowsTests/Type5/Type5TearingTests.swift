import NDEF
import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing
import Type5

@testable import TagWorkflows

/// A Type 5 tag pulled away mid-write is never left holding garbage: for each old→new pair, tear
/// the write at every command index in each of the emulator's three modes (the request never
/// arrives; it runs but its answer is lost; a block write lands half its bytes), put the tag back
/// and read it with a fresh driver. The content must be exactly the old, an empty or the new
/// message, and the error's state must name a set containing what is read. An interrupted write
/// is accepted only for a half-programmed write of the length block, which the error then says.
@Suite struct Type5TearingTests {
    typealias Observed = TearObservation

    static func observed(_ content: NDEFContent, old: [UInt8], new: [UInt8]) -> Observed {
        switch content {
        case .empty where old.isEmpty || new.isEmpty: old.isEmpty ? .old : .new
        case .empty: .empty
        case .message(_, let bytes) where bytes == old: .old
        case .message(_, let bytes) where bytes == new: .new
        case .interrupted: .interrupted
        default: .other
        }
    }

    /// `nil` for 0 bytes: an erase (an empty NDEF TLV), since an NDEF message of no records
    /// encodes as one empty record.
    static func message(_ length: Int, _ rng: inout SplitMix64) -> NDEFMessage? {
        length == 0 ? nil : Messages.exactly(length, using: &rng)
    }

    static func change(_ tag: EmulatedType5Tag, to message: NDEFMessage?) async throws -> Type5WriteReport {
        if let message { return try await Type5Tag(channel: tag).write(message) }
        return try await Type5Tag(channel: tag).erase()
    }

    @Test func everyTearPointLeavesOldEmptyOrNew() async throws {
        var counts: [TagModel: [TearMode: Int]] = [:]
        var interruptedAtLength = 0
        for (chipIndex, model) in [TagModel.icodeSLIX2, .st25dv04k].enumerated() {
            let capacity = try await Type5Tag(channel: EmulatedType5Tag(model: model)).read().capacity.bytes
            // Sizes 0 (empty), 3 (the smallest NDEF message: one empty record), 254/255/256 (the
            // 1- and 3-byte TLV length forms), near capacity and at capacity.
            let pairs = [(20, 0), (0, 3), (3, 254), (254, 255), (255, 256), (100, capacity - 1), (256, capacity)]
            for (index, (oldLength, newLength)) in pairs.enumerated() {
                var rng = SplitMix64(seed: UInt64(5000 + 100 * chipIndex + index))
                let old = Self.message(oldLength, &rng)
                let new = Self.message(newLength, &rng)
                let origin = EmulatedType5Tag(model: model)
                _ = try await Self.change(origin, to: old)
                func freshTag() throws -> EmulatedType5Tag {
                    try EmulatedType5Tag(model: model, uid: origin.uid, memory: origin.memory)
                }
                let reference = try freshTag()
                let referenceReport = try await Self.change(reference, to: new)
                #expect(!referenceReport.writes.isEmpty)
                let total = reference.commandLog.count
                let scenario = "\(model.rawValue) \(oldLength)→\(newLength) bytes"

                for mode in TearMode.allCases {
                    for tearPoint in 0..<total {
                        let tag = try freshTag()
                        tag.tearAfter(commands: tearPoint, mode: mode)
                        var reported: TagStateAfterWrite?
                        var lengthMayBeTorn = false
                        do {
                            _ = try await Self.change(tag, to: new)
                            Issue.record("\(scenario) \(mode) @\(tearPoint): the write did not fail")
                        } catch let error as TagWriteError {
                            if case .interruptedBlockWrite(_, _, _, let state, let torn, _) = error {
                                reported = state
                                lengthMayBeTorn = torn
                            } else if error.isReadBackInterrupted {
                                // Every block landed; the read-back was torn: the new message.
                                reported = error.stateAfter
                            } else {
                                Issue.record("\(scenario) \(mode) @\(tearPoint): \(error)")
                            }
                        } catch {
                            // A tear during a read (identification, preflight, read-back) surfaces
                            // as the carrier's error.
                            let carrier = error as? Type5Failure
                            #expect(carrier?.mayHaveLanded == true, "\(scenario) \(mode) @\(tearPoint): \(error)")
                        }
                        let torn = tag.commandLog.last?.request.request
                        tag.present()
                        let content = try await Type5Tag(channel: tag).read().content
                        let seen = Self.observed(content, old: old?.encoded() ?? [], new: new?.encoded() ?? [])
                        let context =
                            "\(scenario) \(mode.rawValue) tear after \(tearPoint) of \(total) (\(torn.map { $0.description } ?? "-"))"
                        if seen == .interrupted {
                            #expect(
                                mode == .corruptedWrite && torn?.command == 0x21 && lengthMayBeTorn,
                                "\(context): \(content)")
                            interruptedAtLength += 1
                        } else {
                            #expect(seen != .other, "\(context): \(content)")
                        }
                        if let reported, seen != .interrupted {
                            var allowed = Observed.allowed(by: reported)
                            // An empty old or new message reads as that message.
                            if old == nil, allowed.contains(.empty) { allowed.append(.old) }
                            if new == nil, allowed.contains(.empty) { allowed.append(.new) }
                            #expect(allowed.contains(seen), "\(context): reported \(reported), found \(seen)")
                        }
                        counts[model, default: [:]][mode, default: 0] += 1
                    }
                }
            }
        }
        for model in [TagModel.icodeSLIX2, .st25dv04k] {
            for mode in TearMode.allCases {
                print(
                    "Type 5 tearing: \(counts[model]?[mode] ?? 0) tear points on \(model.displayName) in mode \(mode.rawValue)"
                )
            }
        }
        print("Type 5 tearing: \(interruptedAtLength) corrupted length-block tears reported as an interrupted write")
        for model in [TagModel.icodeSLIX2, .st25dv04k] {
            #expect(TearMode.allCases.allSatisfy { (counts[model]?[$0] ?? 0) > 100 })
        }
    }
}
