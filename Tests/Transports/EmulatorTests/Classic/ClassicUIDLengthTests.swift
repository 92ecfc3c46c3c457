import TagEmulator
import Testing

/// The UID length of a MIFARE Classic dump: block 0 decides where exactly one layout fits it, the
/// header where both or neither do, and a file with neither says its length is assumed.
@Suite struct ClassicUIDLengthTests {
    static func block0(_ head: [UInt8]) -> [UInt8?] {
        (head + [UInt8](repeating: 0, count: 16 - head.count)).map { $0 }
    }

    @Test("A 4-byte layout (BCC, SAK, single-size ATQA) is 4 bytes whatever the header says")
    func fourBytes() {
        let block = Self.block0([0x2B, 0xB9, 0x91, 0xB5, 0xB6, 0x08, 0x04, 0x00])
        let alone = ClassicUIDLength.decide(block0: block, headerUID: nil, headerATQA: nil)
        #expect(alone.bytes == 4 && !alone.assumed)
        let header = ClassicUIDLength.decide(block0: block, headerUID: [4, 1, 2, 3, 4, 5, 6], headerATQA: [0, 0x44])
        #expect(header.bytes == 4 && !header.assumed)
    }

    @Test("A 7-byte UID whose fifth byte is the BCC of the first four stays 7 bytes (SAK and ATQA after byte 6)")
    func sevenBytesWithBCCCoincidence() {
        // 04 ^ 11 ^ 22 ^ 33 = 04: byte 4 looks like a BCC; byte 5 (55) is no Classic SAK.
        let block = Self.block0([0x04, 0x11, 0x22, 0x33, 0x04, 0x55, 0x66, 0x08, 0x44, 0x00])
        let decided = ClassicUIDLength.decide(block0: block, headerUID: nil, headerATQA: nil)
        #expect(decided.bytes == 7 && !decided.assumed, "\(decided)")
    }

    @Test("Both layouts fit: the header decides, and with no header the length is said to be assumed")
    func ambiguous() {
        // 4-byte reading: BCC 04, SAK 08, ATQA 16 08 (single); 7-byte reading: SAK 08, ATQA 44 00 (double).
        let block = Self.block0([0x04, 0x11, 0x22, 0x33, 0x04, 0x08, 0x16, 0x08, 0x44, 0x00])
        #expect(ClassicUIDLength.decide(block0: block, headerUID: [4, 0x11, 0x22, 0x33], headerATQA: nil).bytes == 4)
        let seven = ClassicUIDLength.decide(
            block0: block, headerUID: [4, 0x11, 0x22, 0x33, 4, 8, 0x16], headerATQA: nil)
        #expect(seven.bytes == 7 && !seven.assumed)
        #expect(ClassicUIDLength.decide(block0: block, headerUID: nil, headerATQA: [0x00, 0x04]).bytes == 4)
        let assumed = ClassicUIDLength.decide(block0: block, headerUID: nil, headerATQA: nil)
        #expect(assumed.assumed && assumed.bytes == 7 && assumed.reason.contains("assumed"))
        let unknown = ClassicUIDLength.decide(
            block0: [UInt8?](repeating: nil, count: 16), headerUID: nil, headerATQA: nil)
        #expect(unknown.assumed)
    }
}
