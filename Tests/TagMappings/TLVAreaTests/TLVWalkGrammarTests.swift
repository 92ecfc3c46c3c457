import TLVArea
import TestSupport
import Testing

/// The shared walk with the Type 5 parameters: the data area starts after a 4-byte CC, offsets
/// are relative to it, and control TLVs are refused (AOSP `rw_i93.cc` "Invalid type").
@Suite struct TLVWalkGrammarTests {
    func memory(_ area: [UInt8], start: Int = 4, size: Int = 64) -> [UInt8] {
        var memory = [UInt8](repeating: 0, count: start + size)
        memory.replaceSubrange(start..<start + area.count, with: area)
        return memory
    }

    @Test func offsetsAreRelativeToTheAreaStart() {
        for start in [4, 8, 16] {
            let area = DataArea(start: start, end: start + 64, unitSize: 4)
            let walk = TLVWalk.walk(
                memory: memory([0x00, 0x03, 0x02, 0xD0, 0x00, 0xFE], start: start), area: area, controlTLVs: .refused)
            #expect(walk.tlvs.map(\.offset) == [0, 1, 5])
            #expect(walk.ndef?.offset == 1)
            #expect(walk.ndef?.typeAddress == start + 1)
            #expect(walk.ndef?.message == [0xD0, 0x00])
        }
    }

    @Test func controlTLVsAreRefusedOnType5AndHonouredOnType2() {
        let bytes = memory([0x01, 0x03, 0x00, 0x10, 0x02, 0x03, 0x01, 0xAA, 0xFE])
        let area = DataArea(start: 4, end: 68, unitSize: 4)
        let refused = TLVWalk.walk(memory: bytes, area: area, controlTLVs: .refused)
        #expect(refused.problem == .typeNotAllowed(offset: 0, typeByte: 0x01))
        #expect(refused.ndef == nil)
        // A rewrite starts over at the area's first byte.
        #expect(refused.ndefSlot == 4)
        let honoured = TLVWalk.walk(memory: bytes, area: area, controlTLVs: .honoured)
        #expect(honoured.ndef?.message == [0xAA])
        #expect(honoured.problem == nil)
    }

    /// Without control TLVs, the two policies agree on every random area: the Type 5 walk is the
    /// Type 2 walk minus 01/02.
    @Test func policiesAgreeWhenThereAreNoControlTLVs() {
        var random = SplitMix64(seed: 55)
        var checked = 0
        for _ in 0..<3000 {
            var area = random.bytes(Int.random(in: 0...40, using: &random))
            area = area.map { $0 == 0x01 || $0 == 0x02 ? 0x03 : $0 }
            let bytes = memory(area, size: 48)
            let dataArea = DataArea(start: 4, end: 4 + Int.random(in: 0...48, using: &random), unitSize: 4)
            let a = TLVWalk.walk(memory: bytes, area: dataArea, controlTLVs: .refused)
            let b = TLVWalk.walk(memory: bytes, area: dataArea, controlTLVs: .honoured)
            #expect(a == b)
            checked += 1
        }
        #expect(checked == 3000)
    }
}
