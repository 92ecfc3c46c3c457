import NDEF
import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import TapCardSupport
import TestSupport
import Testing

@testable import TagWorkflows

/// The tag contract's promises, asserted as properties of `any TagDriver` on every emulated
/// model, not per type: the same test body runs on NTAG21x, Ultralight, NTAG203, NTAG 424 DNA,
/// a generic Type 4 tag, ICODE SLIX2, ST25DV04K, FeliCa Lite-S, MIFARE DESFire EV3 and MIFARE
/// Classic 1K/4K.
///
/// - A fresh tag reads as formatted, empty, writable, with a reported capacity, and its facts
///   name the forum type, the technology and the chip.
/// - A blank tag reads as `not-formatted` with the capacity its model has once formatted,
///   `assumed` — the same on every type.
/// - A write reads back as the same records; "verified" says the bytes matched.
/// - A refusal (too big, format over a message, lock unconfirmed) leaves the tag byte-identical.
/// - A write or erase torn at every command index, in every tear mode, leaves exactly what the
///   error says (old, empty or new, or one of two); an error that is not a write error leaves the
///   old message; a write whose commit was acknowledged is never reported lost.
@Suite struct ConformanceSuiteTests {
    static let models: [TagModel] = [
        .ntag210, .ntag212, .ntag213, .ntag215, .ntag216, .ultralight, .ultralightEV1_48, .ultralightEV1_128,
        .ultralightC, .ntag203, .ntag424DNA, .genericType4, .icodeSLIX2, .st25dv04k, .feliCaLiteS, .desfireEV1_4K,
        .desfireEV2_8K, .desfireEV3_4K, .mifareClassic1K, .mifareClassic4K, .ultralightAES,
    ]

    static func forumType(_ model: TagModel) -> (Int, AirTechnology) {
        if model.type2Layout != nil { return (2, .nfcA) }
        if model.type3 != nil { return (3, .felica) }
        if model.type5 != nil { return (5, .iso15693) }
        // MIFARE Classic: no NFC Forum type; NFC-A with Crypto1 sector operations.
        if model.classic != nil { return (0, .nfcA) }
        return (4, .isoDep)
    }

    /// A message of about `fraction` of `capacity` bytes (at least the 3-byte minimum).
    static func message(_ bytes: Int, seed: UInt64) -> NDEFMessage {
        var rng = SplitMix64(seed: seed)
        let length = max(3, bytes)
        return Messages.exactly(length >= 259 && length <= 261 ? 258 : length, using: &rng)
    }

    @Test(arguments: models) func aFreshTagReadsAsFormattedEmptyAndWritable(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        let facts = try await tag.driver().identifyTag()
        let reading = try await tag.driver().readTag()
        let (forumType, technology) = Self.forumType(model)
        #expect(facts == reading.facts)
        #expect(reading.facts.forumType == forumType)
        #expect(reading.facts.technology == technology)
        #expect(reading.facts.chipName == model.displayName)
        #expect(reading.status == .readWrite)
        #expect(reading.content == .empty)
        #expect(reading.capacity?.source == .reported)
        #expect((reading.capacity?.bytes ?? 0) > 0)
        let inspection = try await tag.driver().inspectTag()
        #expect(inspection.facts.forumType == forumType)
        #expect(inspection.status == reading.status)
        #expect(inspection.capacity == reading.capacity)
    }

    /// Types 2, 3 and 5 can be blank (no CC, NDEF not enabled), and a DESFire (no NDEF
    /// application); all say so in one way.
    @Test(arguments: models.filter(VirtualTag.canBeBlank)) func aBlankTagIsNotFormattedOnEveryType(model: TagModel)
        async throws
    {
        let tag = try ConformanceTag.make(model, formatted: false)
        let reading = try await tag.driver().readTag()
        #expect(reading.status == .notFormatted, "\(model)")
        #expect(reading.content == .notFormatted, "\(model)")
        #expect(reading.capacity == model.assumedCapacity, "\(model)")
        #expect(reading.capacity?.source == .assumed, "\(model)")
    }

    @Test(arguments: models) func aWriteReadsBackAsTheSameRecords(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        let capacity = try await tag.driver().readTag().capacity?.bytes ?? 0
        for (index, size) in [3, capacity / 2, capacity].enumerated() {
            let message = Self.message(size, seed: UInt64(index))
            let outcome = try await tag.driver().writeMessage(message, verify: true)
            #expect(outcome.verified)
            if case .readBack(_, let match) = outcome.verification { #expect(match == .bytes) }
            #expect(try await tag.driver().readTag().content.message == message, "\(model) \(size) bytes")
            let again = try await tag.driver().writeMessage(message, verify: true)
            #expect(again.verification == .alreadyOnTag)
            #expect(again.writeCommands == 0)
        }
        let erased = try await tag.driver().eraseMessage(verify: true)
        #expect(erased.verified)
        #expect(try await tag.driver().readTag().content == .empty)
    }

    @Test(arguments: models) func refusalsLeaveTheTagByteIdentical(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        let old = Self.message(20, seed: 7)
        _ = try await tag.driver().writeMessage(old, verify: true)
        let capacity = try await tag.driver().readTag().capacity?.bytes ?? 0
        let before = tag.state()

        await #expect(throws: (any Error).self) {
            _ = try await tag.driver().writeMessage(Self.message(capacity + 1, seed: 8), verify: true)
        }
        #expect(tag.state() == before, "\(model): a too-big write changed the tag")

        if let formattable = tag.driver() as? any FormattableTag {
            do {
                _ = try await formattable.formatTag(FormatOptions())
                Issue.record("\(model): format over a message was not refused")
            } catch let error as any TapCardError {
                #expect(error.origin == .refusal, "\(model): \(error.sentence)")
            }
            #expect(tag.state() == before, "\(model): a refused format changed the tag")
        }
        if let lockable = tag.driver() as? any LockableTag {
            await #expect(throws: (any Error).self) { _ = try await lockable.lockTag(confirmation: nil, key: nil) }
            #expect(tag.state() == before, "\(model): an unconfirmed lock changed the tag")
        }
        #expect(try await tag.driver().readTag().content.message == old)
    }

    enum Observed: Equatable, CustomStringConvertible {
        case old, empty, new, interrupted, other
        var description: String { "\(self)" }
    }

    static func observed(_ content: NDEFContent, old: NDEFMessage, new: NDEFMessage?) -> Observed {
        switch content {
        case .empty where new == nil: .new
        case .empty: .empty
        case .message(let message, _) where message == old: .old
        case .message(let message, _) where message == new: .new
        case .interrupted: .interrupted
        default: .other
        }
    }

    static func allowed(_ state: TagStateAfterWrite, erase: Bool) -> Set<Observed> {
        // An erase's "new" message is the empty one.
        let empty: Observed = erase ? .new : .empty
        switch state {
        case .old: return [.old]
        case .empty: return [empty]
        case .new: return [.new]
        case .oldOrEmpty: return [.old, empty]
        case .emptyOrNew: return [empty, .new]
        case .oldOrNew: return [.old, .new]
        }
    }

    /// Tears a write (and an erase) at every command index in every mode. Returns the tear
    /// points run.
    static func tearSweep(model: TagModel, old: NDEFMessage, new: NDEFMessage?) async throws -> Int {
        let origin = try ConformanceTag.make(model)
        _ = try await origin.driver().writeMessage(old, verify: true)
        let reference = try origin.copy()
        let before = reference.commands()
        if let new {
            _ = try await reference.driver().writeMessage(new, verify: true)
        } else {
            _ = try await reference.driver().eraseMessage(verify: true)
        }
        let total = reference.commands() - before
        var runs = 0
        for mode in TearMode.allCases {
            for point in 0..<total {
                let tag = try origin.copy()
                tag.tearAfter(point, mode)
                let context = "\(model) \(mode) @\(point)/\(total)"
                var reported: TagWriteError?
                var failed = true
                do {
                    if let new {
                        _ = try await tag.driver().writeMessage(new, verify: true)
                    } else {
                        _ = try await tag.driver().eraseMessage(verify: true)
                    }
                    failed = false
                } catch let error as TagWriteError {
                    reported = error
                } catch {
                    // Any other error came before the first write command: nothing changed.
                }
                tag.cancelTear()
                tag.present()
                #expect(failed, "\(context): the torn write did not fail")
                let content = try await tag.driver().readTag().content
                let seen = observed(content, old: old, new: new)
                runs += 1
                guard let reported else {
                    #expect(seen == .old, "\(context): a failure before any write left \(seen)")
                    continue
                }
                guard let state = reported.stateAfter else {
                    Issue.record("\(context): \(reported.sentence)")
                    continue
                }
                let cleared: Observed = new == nil ? .new : .empty
                if seen == .interrupted, forumType(model).0 == 3, allowed(state, erase: new == nil).contains(cleared) {
                    // A FeliCa card's "empty" is WriteF 0F in its attribute block: readers see an
                    // interrupted write until it is rewritten, and the error says so.
                    #expect(reported.sentence.contains("WriteF 0F"), "\(context): \(reported.sentence)")
                } else if seen == .interrupted {
                    // Only a half-programmed write of the length may leave an interrupted write,
                    // and the error must have said it might.
                    #expect(mode == .corruptedWrite, "\(context): interrupted after \(reported.sentence)")
                    #expect(reported.sentence.contains("rewrite this tag"), "\(context): \(reported.sentence)")
                } else {
                    #expect(
                        allowed(state, erase: new == nil).contains(seen),
                        "\(context): the error says \(state.rawValue), the tag holds \(seen): \(reported.sentence)")
                }
            }
        }
        return runs
    }

    @Test(arguments: models) func everyTearPointLeavesWhatTheErrorSays(model: TagModel) async throws {
        let capacity = try await ConformanceTag.make(model).driver().readTag().capacity?.bytes ?? 0
        var runs = 0
        // A longer message over a shorter one, a shorter over a longer, and an erase.
        runs += try await Self.tearSweep(
            model: model, old: Self.message(min(40, capacity / 3), seed: 11),
            new: Self.message(min(200, capacity), seed: 12))
        runs += try await Self.tearSweep(
            model: model, old: Self.message(min(200, capacity), seed: 13), new: Self.message(10, seed: 14))
        runs += try await Self.tearSweep(model: model, old: Self.message(min(60, capacity), seed: 15), new: nil)
        ConformanceCount.shared.add(model: model, tearPoints: runs)
        #expect(runs > 0)
    }
}
