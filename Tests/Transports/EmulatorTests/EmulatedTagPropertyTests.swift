import TagCatalog
import TagEmulator
import TagTransport
import TestSupport
import Testing

/// Random frames against every model: the emulator never traps, and what the datasheet makes
/// permanent stays permanent — UID, BCC, set lock bits, set CC bits, locked pages.
@Suite struct EmulatedTagPropertyTests {
    static let opcodes: [UInt8] = [0x30, 0x3A, 0xA2, 0xA0, 0x60, 0x39, 0x3C, 0x1B, 0xA5, 0x3E, 0x50, 0x00, 0xFF]

    @Test(arguments: EmulatedTag.supportedModels)
    func randomFramesKeepTheOneWayRules(model: TagModel) async throws {
        var generator = SplitMix64(seed: 0xC0FFEE ^ UInt64(model.rawValue.utf8.count))
        let tag = EmulatedTag(model: model, uid: [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60])
        let layout = try #require(model.type2Layout)
        let uidPages = Array(tag.memory[0..<10])
        var answered = 0
        var refused = 0
        for _ in 0..<3_000 {
            let before = tag.memory
            let opcode = Self.opcodes[Int.random(in: 0..<Self.opcodes.count, using: &generator)]
            let length = Int.random(in: 0...17, using: &generator)
            var frame = [opcode] + (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Aim most page arguments at real pages, and often at the lock and CC pages.
            if frame.count > 1 {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: frame[1] = UInt8(Int.random(in: 2...3, using: &generator))
                case 1: frame[1] = UInt8(layout.dynamicLockPage ?? 2)
                case 2: frame[1] = UInt8(Int.random(in: 2..<layout.totalPages, using: &generator))
                default: break
                }
            }
            if Int.random(in: 0..<50, using: &generator) == 0 { tag.present() }
            do {
                _ = try await tag.transceive(frame)
                answered += 1
            } catch {
                refused += 1
                // A refused frame leaves the chip in IDLE; wake it for the next one.
                try await tag.reactivate()
            }
            let after = tag.memory
            #expect(Array(after[0..<10]) == uidPages, "UID, BCC0/1 and the internal byte never change")
            for index in 10..<16 {
                #expect(after[index] & before[index] == before[index], "lock bytes and CC only gain bits")
            }
            if let dynamic = ChipDynamicLockPage.page(for: model) {
                for index in dynamic * 4..<dynamic * 4 + 3 {
                    #expect(after[index] & before[index] == before[index], "dynamic lock bits only gain bits")
                }
            }
            // A page locked by a static lock bit before the frame is unchanged after it.
            for page in 4..<16 where Self.staticallyLocked(page, before) {
                #expect(Array(after[page * 4..<page * 4 + 4]) == Array(before[page * 4..<page * 4 + 4]))
            }
        }
        #expect(answered + refused == 3_000)
        // The loop really exercised the one-way bits: some static lock bit got set along the way.
        #expect(tag.memory[10..<12].contains { $0 != 0 })
        #expect(tag.uid == [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60])
    }

    static func staticallyLocked(_ page: Int, _ memory: [UInt8]) -> Bool {
        page < 8 ? memory[10] & (1 << UInt8(page)) != 0 : memory[11] & (1 << UInt8(page - 8)) != 0
    }
}

/// Where each model keeps its dynamic lock bytes (TagModel.type2Layout).
enum ChipDynamicLockPage {
    static func page(for model: TagModel) -> Int? { model.type2Layout?.dynamicLockPage }
}
