import TagFrames
import TapCardSupport
import Testing
import Type4

/// "The tag refused" sentences, with the command, the file and the status word's meaning.
@Suite struct Type4StatusErrorTests {
    @Test func refusalSentence() {
        let command = Type4Command.updateBinary(offset: 2, data: [1, 2])
        #expect(throws: Type4StatusError.refused(command: command.label, file: 0xE104, status: .securityNotSatisfied)) {
            try Type4StatusError.check(ResponseAPDU(status: .securityNotSatisfied), command: command, file: 0xE104)
        }
        let error = Type4StatusError.refused(command: command.label, file: 0xE104, status: .securityNotSatisfied)
        #expect(
            error.sentence
                == "The tag refused UPDATE BINARY (00 D6 00 02) on file E104 with 69 82 (security status not satisfied)."
        )
        #expect(error.origin == .tag)
        #expect(
            Type4StatusError.refused(
                command: Type4Command.selectFile(0xE103).label, file: nil, status: .fileNotFound
            ).sentence == "The tag refused SELECT (00 A4 00 0C) with 6A 82 (file or application not found).")
    }

    @Test func successReturnsTheData() throws {
        let data = try Type4StatusError.check(
            ResponseAPDU(data: [0x00, 0x0F], status: .success), command: Type4Command.readBinary(offset: 0, length: 2),
            file: 0xE103)
        #expect(data == [0x00, 0x0F])
        // 91 00 is success only for a native command.
        #expect(throws: Type4StatusError.self) {
            try Type4StatusError.check(
                ResponseAPDU(status: .nativeSuccess), command: Type4Command.readBinary(offset: 0, length: 2), file: nil)
        }
    }

    @Test func noNDEFApplicationIsItsOwnCase() {
        let select = Type4Command.selectNDEFApplication()
        let expected = Type4StatusError.noNDEFApplication(
            application: [0xD2, 0x76, 0x00, 0x00, 0x85, 0x01, 0x01], status: .fileNotFound)
        #expect(throws: expected) {
            try Type4StatusError.check(ResponseAPDU(status: .fileNotFound), command: select, file: nil)
        }
        #expect(
            expected.sentence
                == "The tag answered SELECT of the NDEF application D2 76 00 00 85 01 01 with 6A 82 (file or application not found): it is not an NFC Forum Type 4 NDEF tag."
        )
        // Other refusals of the same SELECT, and 6A 82 on a file SELECT, are ordinary refusals.
        #expect(throws: Type4StatusError.refused(command: select.label, file: nil, status: .claNotSupported)) {
            try Type4StatusError.check(ResponseAPDU(status: .claNotSupported), command: select, file: nil)
        }
        let file = Type4Command.selectFile(0xE104)
        #expect(throws: Type4StatusError.refused(command: file.label, file: 0xE104, status: .fileNotFound)) {
            try Type4StatusError.check(ResponseAPDU(status: .fileNotFound), command: file, file: 0xE104)
        }
    }
}
