import Foundation
import TagCatalog
import Testing
import Type2

/// Every input the `type2` fuzz target (Fuzz/Targets/Type2Fuzz.swift) ever broke, replayed with
/// the same invariants: the first byte picks the declared chip and the message size, the rest is
/// memory from page 0. Inputs live in `Tests/Fixtures/fuzz-regressions/type2/`, one file each,
/// named by libFuzzer (`crash-<sha1>`).
@Suite struct Type2FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz-regressions/type2")

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { !$0.hasPrefix(".") }
            .sorted()
    }

    static let models: [TagModel?] = [nil, .ntag213, .ntag215, .ntag216, .ultralight, .ultralightEV1_48]
    static let sizes = [0, 12, 137, 300]

    static func load(_ name: String) throws -> (model: TagModel?, memory: [UInt8], message: [UInt8]) {
        let input = [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
        let selector = try #require(input.first)
        return (
            models[Int(selector) % models.count], Array(input.dropFirst()),
            textMessage(size: sizes[Int(selector >> 4) % sizes.count])
        )
    }

    @Test func thereAreRegressionInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    /// The write as `Type2Tag.write` plans it: from a snapshot that stops after the NDEF TLV.
    @Test(arguments: inputs)
    func replay(_ name: String) throws {
        let (model, memory, message) = try Self.load(name)
        let snapshot = Type2Snapshot(memory: memory, model: model)
        if let ndef = snapshot.ndef { #expect(ndef.message.count == ndef.length) }
        _ = try? Type2FormatPlan.make(snapshot: snapshot)
        _ = try? Type2LockPlan.make(snapshot: snapshot)
        let planning = Type2Snapshot(memory: memory, model: model, stopAfterNDEF: true)
        guard let plan = try? Type2WritePlan.make(message: message, snapshot: planning) else { return }
        var applied = memory
        for write in plan.writes {
            let range = write.page * 4..<write.page * 4 + 4
            try #require(write.bytes.count == 4 && range.upperBound <= applied.count)
            applied.replaceSubrange(range, with: write.bytes)
        }
        #expect(applied == plan.finalMemory)
        let after = Type2Snapshot(memory: plan.finalMemory, model: model)
        if Self.controlAreaCoversATLVHeader(planning) {
            withKnownIssue("a control TLV reserves bytes of the TLV stream itself") {
                #expect(after.ndef?.message == message)
            }
        } else {
            #expect(after.ndef?.message == message, "model \(model?.rawValue ?? "none"), \(message.count)-byte message")
        }
    }

    /// Found by the fuzzer (crash-8d902c…): a Lock Control TLV at the start of the data area whose
    /// lock area (bytes 16..<39) covers itself and the next TLV. The walk computes where the next
    /// TLV starts *before* it learns the reserved range, reads a TLV type at byte 21 inside that
    /// range, then takes its length from byte 39, past the range. A plan (here an erase) puts the
    /// NDEF TLV at byte 39, and reading back takes that `03` as the length of the TLV at byte 21:
    /// no NDEF message. Either the walk recomputes the cursor after a control TLV, or it refuses a
    /// control area that covers TLV bytes already walked (Type2 owner). `Type2Tag.write` would
    /// report `verificationFailed` rather than a silent success. Known issue until then.
    static func controlAreaCoversATLVHeader(_ snapshot: Type2Snapshot) -> Bool {
        guard let walk = snapshot.walk else { return false }
        let headers = walk.tlvs.map { tlv -> Range<Int> in
            let start = tlv.offset + Type2Page.dataAreaStart
            return start..<start + 1 + tlv.lengthFieldBytes
        }
        return walk.controlAreas.contains { area in headers.contains { $0.overlaps(area.byteRange) } }
    }

    /// Found by the fuzzer (crash-fb9b04…): an NDEF TLV at the start of the data area, then a Lock
    /// Control TLV (data-area offset 304) whose lock bytes are data-area bytes 0–15 — the very
    /// bytes the NDEF TLV occupies. The full walk learns that reserved range *after* accepting the
    /// NDEF TLV there; a write planned from it puts the new TLV at byte 32 while a reader still
    /// finds the old TLV at byte 16. The NFC Forum Type 2 mapping places control TLVs before the
    /// NDEF TLV, so the walk should ignore (or report) a control TLV that comes after it.
    /// `Type2Tag.write` plans from a walk that stops at the NDEF TLV, so it is not affected, and
    /// its read-back would catch it. Known issue until TLVWalk handles it (Type2 owner).
    @Test func controlTLVAfterNDEFReservingItsBytes() throws {
        let (model, memory, message) = try Self.load("crash-fb9b0433aae8d5cd12409caa04276e373af75436")
        let full = Type2Snapshot(memory: memory, model: model)
        #expect(full.ndef?.typeAddress == 16)
        #expect(full.walk?.area.skipped == [16..<32])
        let plan = try Type2WritePlan.make(message: message, snapshot: full)
        withKnownIssue("a control TLV after the NDEF TLV reserves the NDEF TLV's own bytes") {
            #expect(Type2Snapshot(memory: plan.finalMemory, model: model).ndef?.message == message)
        }
    }

    /// A valid Text record message of exactly `size` bytes (0 = none), as the fuzz target builds.
    static func textMessage(size: Int) -> [UInt8] {
        guard size > 0 else { return [] }
        if size < 3 + 256 {
            let payload = size - 4
            return [0xD1, 0x01, UInt8(payload), 0x54, 0x02, 0x65, 0x6E] + [UInt8](repeating: 0x61, count: payload - 3)
        }
        let payload = size - 7
        return [0xC1, 0x01, 0, 0, UInt8(payload >> 8), UInt8(payload & 0xFF), 0x54, 0x02, 0x65, 0x6E]
            + [UInt8](repeating: 0x61, count: payload - 3)
    }
}
