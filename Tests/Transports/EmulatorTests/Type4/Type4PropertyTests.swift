import TagCatalog
import TagEmulator
import TagFrames
import TestSupport
import Testing

/// Random APDUs against both chips: the emulator never traps, carrier failures are the only
/// throws, and what the chip never lets an unauthenticated reader write — the CC, NTAG 424's
/// proprietary file, its keys and file settings — stays as shipped. Random bytes cannot
/// authenticate (step 2 would have to encrypt the tag's fresh RndB under the key), so every
/// command that needs a key is refused however its bytes are chosen.
@Suite struct Type4PropertyTests {
    static let instructions: [UInt8] = [
        0xA4, 0xB0, 0xD6, 0xB1, 0x60, 0xAF, 0xF5, 0xAD, 0x8D, 0x3C, 0x5F, 0xC4, 0x71, 0x77, 0x51, 0x64, 0x00,
    ]
    static let classes: [UInt8] = [0x00, 0x00, 0x90, 0x90, 0x80, 0xFF]

    @Test(arguments: EmulatedType4Tag.supportedModels)
    func randomAPDUsNeverChangeWhatIsNeverWritable(model: TagModel) async throws {
        var generator = SplitMix64(seed: 0x7A47 ^ UInt64(model.rawValue.utf8.count))
        let tag = EmulatedType4Tag(model: model, uid: bytes("04102030405060"))
        let cc = tag.contents(ofFile: 0xE103)
        let proprietary = tag.contents(ofFile: 0xE105)
        let keys = tag.memory.keys
        let settings = tag.memory.files.map(\.settings)
        let select = try apdu("00A4040007D276000085010100")
        for step in 0..<4_000 {
            if step % 40 == 0 { _ = try await tag.transmit(select) }
            if Int.random(in: 0..<100, using: &generator) == 0 { tag.present() }
            let cla = Self.classes[Int.random(in: 0..<Self.classes.count, using: &generator)]
            let ins = Self.instructions[Int.random(in: 0..<Self.instructions.count, using: &generator)]
            var p1 = UInt8.random(in: 0...255, using: &generator)
            var p2 = UInt8.random(in: 0...255, using: &generator)
            if Bool.random(using: &generator) { (p1, p2) = (p1 & 0x83, p2 & 0x0F) }
            if cla == 0x90 { (p1, p2) = (0, 0) }
            var data = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            if ins == 0xA4, Bool.random(using: &generator) {
                data = [0xE1, [0x03, 0x04, 0x05][Int.random(in: 0..<3, using: &generator)]]
            }
            if cla == 0x90, !data.isEmpty, Bool.random(using: &generator) {
                data[0] = UInt8.random(in: 1...3, using: &generator)
            }
            let le: Int? = Bool.random(using: &generator) ? Int.random(in: 1...300, using: &generator) : nil
            let command = CommandAPDU(cla: cla, ins: ins, p1: p1, p2: p2, data: data, le: le)
            _ = try await tag.transmit(command)
            #expect(tag.contents(ofFile: 0xE103) == cc, "the CC never changes")
            #expect(tag.contents(ofFile: 0xE105) == proprietary, "E105 needs key 3")
            #expect(tag.memory.keys == keys, "ChangeKey needs key 0")
            #expect(tag.memory.files.map(\.settings) == settings, "ChangeFileSettings needs key 0")
            #expect(tag.authenticatedKeyNumber == nil, "random bytes never authenticate")
        }
        // Frames that are not APDUs at all never reach the chip: CommandAPDU.parse refuses them.
        for length in 0..<4 { #expect((try? CommandAPDU.parse([UInt8](repeating: 0, count: length)).get()) == nil) }
    }
}
