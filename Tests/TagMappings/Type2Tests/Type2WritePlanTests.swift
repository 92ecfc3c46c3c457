import TagCatalog
import TestSupport
import Testing

@testable import Type2

@Suite struct Type2WritePlanTests {
    /// What a reader concludes from `memory`: the message bytes, or `nil` (not the old, empty or
    /// new message: the walk failed or there is no NDEF TLV and no terminator).
    func message(in memory: [UInt8], model: TagModel) -> [UInt8]? {
        let snapshot = Type2Snapshot(memory: memory, model: model)
        if let ndef = snapshot.ndef { return ndef.message }
        return snapshot.walk?.problem == nil ? [] : nil
    }

    @Test func writesMessageAfterLockControlTLV() throws {
        let memory = FactoryImage.formatted(.ntag213)
        let snapshot = Type2Snapshot(memory: memory, model: .ntag213)
        let bytes: [UInt8] = [0xD1, 0x01, 0x04, 0x55, 0x04, 0x61, 0x2E, 0x62]
        let plan = try Type2WritePlan.make(message: bytes, snapshot: snapshot)
        // NDEF TLV at byte 21 (page 5 byte 1): its length byte 22 is on page 5.
        #expect(plan.lengthPage == 5)
        // The factory length is already 0, so no clearing write is needed: data, then commit.
        #expect(plan.writes.map(\.role) == [.data, .data, .commit])
        #expect(plan.writes.map(\.page) == [6, 7, 5])
        #expect(message(in: plan.finalMemory, model: .ntag213) == bytes)
        // Lock Control TLV untouched.
        #expect(Array(plan.finalMemory[16..<21]) == [0x01, 0x03, 0xA0, 0x0C, 0x34])
    }

    @Test func rewritingTheSameMessageWritesNothing() throws {
        var rng = SplitMix64(seed: 42)
        for model in [TagModel.ntag213, .ntag215, .ntag216] {
            let message = rng.bytes(Int.random(in: 1...300, using: &rng) % (model == .ntag213 ? 137 : 300))
            let first = try Type2WritePlan.make(
                message: message, snapshot: Type2Snapshot(memory: FactoryImage.formatted(model), model: model))
            let again = try Type2WritePlan.make(
                message: message, snapshot: Type2Snapshot(memory: first.finalMemory, model: model))
            #expect(again.writes.isEmpty)
        }
    }

    /// Changing one byte in the middle rewrites that page, plus the length page twice (clear,
    /// then commit) — the price of tearing safety.
    @Test func changingOneByteRewritesOnlyItsPageAndTheLengthPage() throws {
        let message = [UInt8](repeating: 0x41, count: 100)
        let first = try Type2WritePlan.make(
            message: message, snapshot: Type2Snapshot(memory: FactoryImage.formatted(.ntag213), model: .ntag213))
        var edited = message
        edited[60] = 0x42
        let second = try Type2WritePlan.make(
            message: edited, snapshot: Type2Snapshot(memory: first.finalMemory, model: .ntag213))
        // Message byte 60 sits at memory byte 23 + 60 = 83: page 20.
        #expect(second.pagesWritten == [5, 20])
        #expect(second.writes.map(\.role) == [.clearLength, .data, .commit])
    }

    @Test func tooBigIsRefusedWithTheTagsCapacity() {
        let snapshot = Type2Snapshot(memory: FactoryImage.formatted(.ntag213), model: .ntag213)
        #expect(throws: Type2PlanError.tooBig(needed: 138, capacity: 137)) {
            try Type2WritePlan.make(message: [UInt8](repeating: 0, count: 138), snapshot: snapshot)
        }
        #expect((try? Type2WritePlan.make(message: [UInt8](repeating: 0, count: 137), snapshot: snapshot)) != nil)
    }

    @Test func readOnlyAndLockedPagesAreRefused() {
        var memory = FactoryImage.formatted(.ntag213)
        memory[15] = 0x0F
        #expect(throws: Type2PlanError.readOnly(access: 0x0F)) {
            try Type2WritePlan.make(
                message: [0xD0, 0x00, 0x00], snapshot: Type2Snapshot(memory: memory, model: .ntag213))
        }
        memory[15] = 0x00
        memory[11] = 0x01  // static lock bit for page 8
        let long = [UInt8](repeating: 0x41, count: 40)
        #expect(throws: Type2PlanError.pageLocked(page: 8)) {
            try Type2WritePlan.make(message: long, snapshot: Type2Snapshot(memory: memory, model: .ntag213))
        }
        memory[11] = 0x00
        memory[160] = 0x01  // dynamic lock bit 0: pages 16–17
        let longer = [UInt8](repeating: 0x41, count: 60)
        #expect(throws: Type2PlanError.pageLocked(page: 16)) {
            try Type2WritePlan.make(message: longer, snapshot: Type2Snapshot(memory: memory, model: .ntag213))
        }
    }

    /// Pure-mapping tearing property: for random old/new messages, stop after every prefix of
    /// the plan (the next write lost, or landed), and the memory always reads as the old, the
    /// empty or the new message. The emulator-level test in TagWorkflowsTests adds lost replies
    /// and corrupted pages.
    @Test func everyPrefixOfAPlanReadsAsOldEmptyOrNew() throws {
        var rng = SplitMix64(seed: 2026)
        var prefixes = 0
        for _ in 0..<200 {
            let model = [TagModel.ntag213, .ntag215, .ntag216].randomElement(using: &rng)!
            let capacity = Type2Snapshot(memory: FactoryImage.formatted(model), model: model).capacity.bytes
            let old = rng.bytes(Int.random(in: 0...capacity, using: &rng))
            let new = rng.bytes(Int.random(in: 0...capacity, using: &rng))
            let start = try Type2WritePlan.make(
                message: old, snapshot: Type2Snapshot(memory: FactoryImage.formatted(model), model: model)
            ).finalMemory
            let plan = try Type2WritePlan.make(message: new, snapshot: Type2Snapshot(memory: start, model: model))
            for count in 0...plan.writes.count {
                let torn = FactoryImage.applying(plan.writes.prefix(count), to: start)
                let read = message(in: torn, model: model)
                #expect(read == old || read == [] || read == new, "\(model) \(old.count)→\(new.count) after \(count)")
                prefixes += 1
            }
        }
        print("Type2WritePlan tearing property: \(prefixes) write prefixes checked")
    }

    @Test func formatWritesTLVsThenCC() throws {
        let snapshot = Type2Snapshot(memory: FactoryImage.unformatted(.ultralight), model: .ultralight)
        let plan = try Type2FormatPlan.make(snapshot: snapshot)
        #expect(plan.writes.map(\.page) == [4, 3])
        #expect(plan.capabilityContainer.bytes == [0xE1, 0x10, 0x06, 0x00])
        let formatted = FactoryImage.applying(plan.writes, to: snapshot.memory)
        let after = Type2Snapshot(memory: formatted, model: .ultralight)
        #expect(after.status == .readWrite)
        #expect(after.ndef?.message == [])
        #expect(after.capacity.bytes == 46)
    }

    /// CC bits can only be set: a CC holding a bit the NDEF CC lacks can never be formatted.
    @Test func foreignCCIsRefused() throws {
        var memory = FactoryImage.unformatted(.ultralight)
        memory[14] = 0x20  // data-area byte 0x20 has bit 5, absent from 0x06
        #expect(
            throws: Type2PlanError.foreignCapabilityContainer(
                current: [0x00, 0x00, 0x20, 0x00], wanted: [0xE1, 0x10, 0x06, 0x00])
        ) {
            try Type2FormatPlan.make(snapshot: Type2Snapshot(memory: memory, model: .ultralight))
        }
        memory[14] = 0x02  // a subset of 0x06: allowed
        #expect((try? Type2FormatPlan.make(snapshot: Type2Snapshot(memory: memory, model: .ultralight))) != nil)
        // TapCard's own CC: the format is finished, nothing to write.
        let finished = try Type2FormatPlan.make(
            snapshot: Type2Snapshot(memory: FactoryImage.formatted(.ntag213), model: .ntag213))
        #expect(finished.writes.isEmpty)
        // Another formatted CC (another version byte): another tool's format, refused.
        var other = FactoryImage.formatted(.ntag213)
        other[13] = 0x11
        #expect(throws: Type2PlanError.alreadyFormatted(cc: [0xE1, 0x11, 0x12, 0x00])) {
            try Type2FormatPlan.make(snapshot: Type2Snapshot(memory: other, model: .ntag213))
        }
    }

    @Test func lockSetsCCThenDynamicThenStaticBits() throws {
        let snapshot = Type2Snapshot(memory: FactoryImage.formatted(.ntag213), model: .ntag213)
        let plan = try Type2LockPlan.make(snapshot: snapshot)
        // CFGLCK (page 42) comes last: the workflow checks every page against AUTH0 first.
        #expect(plan.writes.map(\.page) == [3, 40, 2, 42])
        #expect(plan.writes[3].role == .configurationLock)
        #expect(plan.writes[3].bytes[0] & 0x40 == 0x40)
        #expect(plan.writes[0].bytes == [0xE1, 0x10, 0x12, 0x0F])
        // 12 lock bits (pages 16–39, 2 each) and the 6 block-locking bits that freeze them.
        #expect(plan.writes[1].bytes == [0xFF, 0x0F, 0x3F, 0x00])
        #expect(plan.writes[2].bytes[2...] == [0xFF, 0xFF])
        let locked = Type2Snapshot(memory: FactoryImage.applying(plan.writes, to: snapshot.memory), model: .ntag213)
        #expect(locked.status == .readOnly)
        #expect((4...39).allSatisfy { locked.isLocked(page: $0) == true })
    }
}
