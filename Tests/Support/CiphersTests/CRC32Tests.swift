import Ciphers
import Testing

@Suite struct CRC32Tests {
    @Test("Check value of \"123456789\": zlib CBF43926; NTAG 424 = that XOR FFFFFFFF = 340BC6D9, sent LSB first")
    func checkValue() {
        let ascii = Array("123456789".utf8)
        #expect(CRC32.zlib(ascii) == 0xCBF4_3926)
        #expect(CRC32.ntag424(ascii) == [0xD9, 0xC6, 0x0B, 0x34])
        #expect(CRC32.zlib([]) == 0)
        #expect(CRC32.ntag424([]) == [0xFF, 0xFF, 0xFF, 0xFF])
    }

    @Test("AN12196 ChangeKey: CRC32 of the new key F3847D62…B966 is sent as 78 9D FA DC (reference §2.5 V-SM-5)")
    func changeKeyVector() {
        #expect(CRC32.ntag424(hex("F3847D627727ED3BC9C4CC050489B966")) == hex("789DFADC"))
    }
}
