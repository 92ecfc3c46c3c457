import Ciphers
import Testing

@Suite struct ISO9797PaddingTests {
    @Test("Method 2 pads with 80 00…, a full extra block when aligned, and unpads strictly")
    func padAndUnpad() throws {
        #expect(ISO9797Padding.pad([]) == [0x80] + [UInt8](repeating: 0, count: 15))
        #expect(ISO9797Padding.pad([1, 2, 3]).count == 16)
        #expect(ISO9797Padding.pad([UInt8](repeating: 7, count: 15)) == [UInt8](repeating: 7, count: 15) + [0x80])
        #expect(ISO9797Padding.pad([UInt8](repeating: 7, count: 16)).count == 32)
        for length in 0..<40 {
            let data = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 | 1) }
            #expect(try ISO9797Padding.unpad(ISO9797Padding.pad(data)) == data)
        }
        // Data that itself ends in 80 00 keeps it: only the last 80 is padding.
        #expect(try ISO9797Padding.unpad(ISO9797Padding.pad([0x80, 0x00])) == [0x80, 0x00])
        #expect(throws: CipherError.badPadding) { try ISO9797Padding.unpad([UInt8](repeating: 0, count: 16)) }
        #expect(throws: CipherError.badPadding) { try ISO9797Padding.unpad([UInt8](repeating: 0, count: 15) + [1]) }
        // 80 in an earlier block with a zero last block is not padding of the last block.
        #expect(throws: CipherError.badPadding) {
            try ISO9797Padding.unpad([UInt8](repeating: 0, count: 15) + [0x80] + [UInt8](repeating: 0, count: 16))
        }
        #expect(throws: CipherError.notWholeBlocks(0)) { try ISO9797Padding.unpad([]) }
        #expect(throws: CipherError.notWholeBlocks(17)) {
            try ISO9797Padding.unpad([UInt8](repeating: 0x80, count: 17))
        }
    }
}
