import TagFrames
import Testing
import Type4

/// The APDUs against the bytes nfcpy and Android send (shared/reference/type4-type5-ntag424.md
/// V-T4T-1, V-T4T-2).
@Suite struct Type4CommandTests {
    @Test func commandsAreTheBytesReadersSend() {
        #expect(
            Type4Command.selectNDEFApplication().bytes == [
                0x00, 0xA4, 0x04, 0x00, 0x07, 0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01, 0x00,
            ])
        #expect(Type4Command.selectFile(0xE103).bytes == [0x00, 0xA4, 0x00, 0x0C, 0x02, 0xE1, 0x03])
        #expect(Type4Command.readBinary(offset: 0, length: 15).bytes == [0x00, 0xB0, 0x00, 0x00, 0x0F])
        #expect(Type4Command.readBinary(offset: 2, length: 14).bytes == [0x00, 0xB0, 0x00, 0x02, 0x0E])
        #expect(Type4Command.readBinary(offset: 0x0102, length: 256).bytes == [0x00, 0xB0, 0x01, 0x02, 0x00])
        #expect(Type4Command.updateBinary(offset: 0, data: [0, 0]).bytes == [0x00, 0xD6, 0x00, 0x00, 0x02, 0, 0])
        #expect(Type4Command.updateBinary(offset: 0, data: [0, 0]).label.description == "UPDATE BINARY (00 D6 00 00)")
        #expect(Type4Command.selectFile(0xE104).label.description == "SELECT (00 A4 00 0C)")
    }
}
