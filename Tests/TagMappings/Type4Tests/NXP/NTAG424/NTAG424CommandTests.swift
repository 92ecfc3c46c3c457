import TagFrames
import Testing
import Type4

/// The native commands' bytes (reference §2.3; AN12196 examples).
@Suite struct NTAG424CommandTests {
    @Test func bytes() {
        #expect(NTAG424Command.getVersion.bytes == [0x90, 0x60, 0x00, 0x00, 0x00])
        #expect(NTAG424Command.additionalFrame.bytes == [0x90, 0xAF, 0x00, 0x00, 0x00])
        #expect(NTAG424Command.getFileSettings(0x02).bytes == [0x90, 0xF5, 0x00, 0x00, 0x01, 0x02, 0x00])
        #expect(NTAG424Command.readSignature.bytes == [0x90, 0x3C, 0x00, 0x00, 0x01, 0x00, 0x00])
        // Reference §2.3: 90 AD 00 00 07 02 000000 000000 00 reads all of file 2.
        #expect(
            NTAG424Command.readData(file: 2, offset: 0, length: 0).bytes == [
                0x90, 0xAD, 0x00, 0x00, 0x07, 0x02, 0, 0, 0, 0, 0, 0, 0x00,
            ])
        #expect(
            NTAG424Command.readData(file: 3, offset: 0x010203, length: 0x20).bytes == [
                0x90, 0xAD, 0x00, 0x00, 0x07, 0x03, 0x03, 0x02, 0x01, 0x20, 0x00, 0x00, 0x00,
            ])
        #expect(
            NTAG424Command.writeData(file: 2, offset: 5, data: [0xAA, 0xBB]).bytes == [
                0x90, 0x8D, 0x00, 0x00, 0x09, 0x02, 0x05, 0x00, 0x00, 0x02, 0x00, 0x00, 0xAA, 0xBB, 0x00,
            ])
        #expect(NTAG424Command.getFileSettings(2).label.description == "GetFileSettings (90 F5 00 00)")
        let full = NTAG424Command.writeData(file: 2, offset: 0, data: [UInt8](repeating: 0, count: 248))
        #expect(!full.isExtended)
    }

    @Test func nativeStatus() throws {
        let command = NTAG424Command.getVersion
        let first = try Type4StatusError.checkNative(
            ResponseAPDU(data: [1, 2], status: .additionalFrame), command: command, fileNumber: nil)
        #expect(first.data == [1, 2] && first.more)
        let last = try Type4StatusError.checkNative(
            ResponseAPDU(data: [3], status: .nativeSuccess), command: command, fileNumber: nil)
        #expect(last.data == [3] && !last.more)
        let settings = NTAG424Command.getFileSettings(9)
        let expected = Type4StatusError.nativeRefused(
            command: settings.label, fileNumber: 9, status: StatusWord(0x91F0))
        #expect(throws: expected) {
            try Type4StatusError.checkNative(ResponseAPDU(status: StatusWord(0x91F0)), command: settings, fileNumber: 9)
        }
        #expect(
            expected.sentence
                == "The tag refused GetFileSettings (90 F5 00 00) on file number 9 with 91 F0 (file not found).")
        // Through the ISO check, 91 00 is success for a native command and 91 9D a refusal.
        #expect(
            try Type4StatusError.check(ResponseAPDU(data: [7], status: .nativeSuccess), command: settings, file: nil)
                == [7])
        #expect(
            throws: Type4StatusError.nativeRefused(command: settings.label, fileNumber: nil, status: StatusWord(0x919D))
        ) {
            try Type4StatusError.check(ResponseAPDU(status: StatusWord(0x919D)), command: settings, file: nil)
        }
    }
}
