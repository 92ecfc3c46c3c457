import PCSCTransport
import Testing

@Suite struct ISO15693StatusWordsTests {
    typealias Table = ISO15693StatusWords

    @Test(arguments: [UInt8(0x10), 0x12, 0x13])
    func writeErrorsSurviveTheRoundTripThroughAStatusWord(code: UInt8) {
        let sw = Table.statusWord(forError: code)
        #expect(Table.meaning(sw1: sw[0], sw2: sw[1], writing: true) == .tagError(code))
    }

    @Test(arguments: [UInt8(0x10), 0x12, 0x0F])
    func readErrorsSurviveTheRoundTripThroughAStatusWord(code: UInt8) {
        let sw = Table.statusWord(forError: code)
        #expect(Table.meaning(sw1: sw[0], sw2: sw[1], writing: false) == .tagError(code))
    }

    @Test func codesPartThreeCannotTellApartCollapse() {
        // 11 already locked reads back as 12 locked; 14 lock failed as 13 write failed.
        #expect(Table.statusWord(forError: 0x11) == [0x69, 0x82])
        #expect(Table.statusWord(forError: 0x14) == [0x65, 0x81])
        for code: UInt8 in [0x01, 0x02, 0x03, 0x0F, 0xA0, 0xDF] {
            #expect(Table.statusWord(forError: code) == [0x64, 0x00])
        }
    }

    @Test func everyStatusWordHasOneMeaning() {
        #expect(Table.meaning(sw1: 0x90, sw2: 0x00, writing: false) == .success)
        for (sw1, sw2) in [(UInt8(0x6A), UInt8(0x82)), (0x62, 0x82), (0x6B, 0x00)] {
            #expect(Table.meaning(sw1: sw1, sw2: sw2, writing: false) == .tagError(0x10))
            #expect(Table.meaning(sw1: sw1, sw2: sw2, writing: true) == .tagError(0x10))
        }
        #expect(Table.meaning(sw1: 0x69, sw2: 0x82, writing: true) == .tagError(0x12))
        for (sw1, sw2) in [(UInt8(0x65), UInt8(0x81)), (0x63, 0x00), (0x64, 0x00)] {
            #expect(Table.meaning(sw1: sw1, sw2: sw2, writing: true) == .tagError(0x13))
            #expect(Table.meaning(sw1: sw1, sw2: sw2, writing: false) == .tagError(0x0F))
        }
        #expect(Table.meaning(sw1: 0x6C, sw2: 0x08, writing: false) == .wrongLength(expected: 8))
        #expect(Table.meaning(sw1: 0x6C, sw2: 0x00, writing: false) == .wrongLength(expected: 256))
        for (sw1, sw2) in [(UInt8(0x6A), UInt8(0x81)), (0x69, 0x81), (0x6D, 0x00), (0x6E, 0x00), (0x68, 0x00)] {
            #expect(Table.meaning(sw1: sw1, sw2: sw2, writing: false) == .readerCannot)
        }
        #expect(Table.meaning(sw1: 0x67, sw2: 0x00, writing: true) == .readerRefused)
        #expect(Table.meaning(sw1: 0x6F, sw2: 0x00, writing: false) == .readerRefused)
    }
}
