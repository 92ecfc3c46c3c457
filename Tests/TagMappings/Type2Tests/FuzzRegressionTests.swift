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
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    static let models: [TagModel?] = [nil, .ntag213, .ntag215, .ntag216, .ultralight, .ultralightEV1_48]
    static let sizes = [0, 12, 137, 300]

    @Test func thereAreRegressionInputs() {
        #expect(!Self.inputs.isEmpty)
    }

    @Test(arguments: inputs)
    func replay(_ name: String) throws {
        let input = [UInt8](try Data(contentsOf: Self.directory.appendingPathComponent(name)))
        let selector = try #require(input.first)
        let model = Self.models[Int(selector) % Self.models.count]
        let memory = Array(input.dropFirst())
        let snapshot = Type2Snapshot(memory: memory, model: model)
        if let ndef = snapshot.ndef { #expect(ndef.message.count == ndef.length) }
        _ = try? Type2FormatPlan.make(snapshot: snapshot)
        _ = try? Type2LockPlan.make(snapshot: snapshot)

        let message = Self.textMessage(size: Self.sizes[Int(selector >> 4) % Self.sizes.count])
        guard let plan = try? Type2WritePlan.make(message: message, snapshot: snapshot) else { return }
        var applied = memory
        for write in plan.writes {
            let range = write.page * 4..<write.page * 4 + 4
            try #require(write.bytes.count == 4 && range.upperBound <= applied.count)
            applied.replaceSubrange(range, with: write.bytes)
        }
        #expect(applied == plan.finalMemory)
        let after = Type2Snapshot(memory: plan.finalMemory, model: model)
        #expect(after.ndef?.message == message, "model \(model?.rawValue ?? "none"), \(message.count)-byte message")
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
