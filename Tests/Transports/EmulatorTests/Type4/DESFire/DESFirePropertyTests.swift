import TagCatalog
import TagEmulator
import TagFrames
import TestSupport
import Testing

/// Random DESFire commands, shaped enough to reach past the length checks (AIDs of the few
/// applications made, file numbers 0–3, small offsets and sizes), against a card with an AN11004
/// application: the chip never traps, the card stays one the emulator accepts, and every refusal
/// (any status but `91 00`, `91 AF`, `90 00`) leaves the card byte-identical.
@Suite struct DESFirePropertyTests {
    static let instructions: [UInt8] = [
        0x60, 0xAF, 0x5A, 0x6A, 0xCA, 0xDA, 0xFC, 0x6E, 0x45, 0xCD, 0x6F, 0xF5, 0xBD, 0xAD, 0x3D, 0x8D, 0x5F, 0x71,
        0x77, 0xC4, 0xA4, 0xB0, 0xD6,
    ]

    @Test func randomCommandsKeepTheCardConsistent() async throws {
        var generator = SplitMix64(seed: 0xDE5F_12E3)
        let facts = try #require(DESFireCards.facts)
        guard
            case .type4(let tag) = try VirtualTag.factoryFresh(
                .desfireEV3_4K, identifier: DESFireCards.uid, blank: false)
        else {
            Issue.record("not a Type 4 tag")
            return
        }
        func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
        func randomBytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(random(0...255)) } }
        var successes = 0
        for _ in 0..<3_000 {
            if random(0...99) == 0 { tag.present() }
            let ins = Self.instructions[random(0...Self.instructions.count - 1)]
            let iso = [0xA4, 0xB0, 0xD6].contains(ins)
            var data: [UInt8]
            switch ins {
            case 0x5A, 0xDA: data = [[0x00, 0x00, 0x00], [0x01, 0x00, 0x00], [0x33, 0x22, 0x11]][random(0...2)]
            case 0xCA:
                data = [0x33, 0x22, UInt8(random(0...2)), UInt8(random(0...255)), UInt8(random(0...255))]
                if data[4] & 0x20 != 0 { data += randomBytes(random(2...6)) }
            case 0xCD: data = [UInt8(random(0...3))] + randomBytes(random(0...1) == 0 ? 6 : 8)
            case 0xBD, 0xAD: data = [UInt8(random(0...3)), UInt8(random(0...40)), 0, 0, UInt8(random(0...40)), 0, 0]
            case 0x3D, 0x8D:
                let count = random(0...20)
                data = [UInt8(random(0...3)), UInt8(random(0...40)), 0, 0, UInt8(count), 0, 0] + randomBytes(count)
            case 0xF5, 0x5F: data = [UInt8(random(0...3))] + randomBytes(random(0...10))
            case 0xA4:
                data = random(0...1) == 0 ? [0xE1, UInt8(random(3...5))] : [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01]
            default: data = randomBytes(random(0...3))
            }
            let command =
                iso
                ? CommandAPDU(
                    cla: 0x00, ins: ins, p1: ins == 0xA4 ? (data.count == 2 ? 0x00 : 0x04) : 0x00,
                    p2: ins == 0xA4 ? 0x0C : UInt8(random(0...40)), data: ins == 0xB0 ? [] : data,
                    le: ins == 0xB0 ? random(1...64) : nil)
                : CommandAPDU(cla: 0x90, ins: ins, p1: 0, p2: 0, data: data, le: 256)
            let before = tag.memory
            let response = try await tag.transmit(command)
            #expect(tag.picc?.problem(facts) == nil, "\(command)")
            if [StatusWord.nativeSuccess, .additionalFrame, .success].contains(response.status) {
                successes += 1
            } else {
                #expect(tag.memory == before, "a refused \(command) changed the card")
            }
        }
        // The shaping reaches the commands' bodies, not only their length checks.
        #expect(successes > 300)
    }
}
