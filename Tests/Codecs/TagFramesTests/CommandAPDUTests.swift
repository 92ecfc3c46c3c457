import TagFrames
import Testing

/// ISO/IEC 7816-3 §12.1's seven APDU cases, both ways, and the bytes real readers send
/// (shared/reference/type4-type5-ntag424.md V-T4T-1, V-T4T-2).
@Suite struct CommandAPDUTests {
    static func parsed(_ hex: [UInt8]) -> CommandAPDU? {
        if case .success(let apdu) = CommandAPDU.parse(hex) { return apdu }
        return nil
    }

    @Test func everyCaseEncodesAndParsesBack() throws {
        let cases: [(CommandAPDU, [UInt8])] = [
            (CommandAPDU(cla: 0, ins: 0xA4, p1: 4, p2: 0), [0x00, 0xA4, 0x04, 0x00]),  // 1
            (CommandAPDU(cla: 0, ins: 0xB0, p1: 0, p2: 2, le: 14), [0x00, 0xB0, 0x00, 0x02, 0x0E]),  // 2S
            (CommandAPDU(cla: 0, ins: 0xB0, p1: 0, p2: 0, le: 256), [0x00, 0xB0, 0x00, 0x00, 0x00]),  // 2S, Le 256
            // 3S
            (CommandAPDU(cla: 0, ins: 0xD6, p1: 0, p2: 0, data: [0, 0]), [0x00, 0xD6, 0x00, 0x00, 0x02, 0x00, 0x00]),
            (
                CommandAPDU(cla: 0, ins: 0xA4, p1: 4, p2: 0, data: [0xD2, 0x76], le: 256),
                [0x00, 0xA4, 0x04, 0x00, 0x02, 0xD2, 0x76, 0x00]
            ),  // 4S
            // 2E
            (CommandAPDU(cla: 0, ins: 0xB0, p1: 0, p2: 2, le: 206 + 256), [0x00, 0xB0, 0x00, 0x02, 0x00, 0x01, 0xCE]),
            (
                CommandAPDU(cla: 0, ins: 0xD6, p1: 0, p2: 0, data: [UInt8](repeating: 7, count: 300)),
                [0x00, 0xD6, 0x00, 0x00, 0x00, 0x01, 0x2C] + [UInt8](repeating: 7, count: 300)
            ),  // 3E
            (
                CommandAPDU(cla: 0, ins: 0xD6, p1: 0, p2: 0, data: [UInt8](repeating: 1, count: 256), le: 65536),
                [0x00, 0xD6, 0x00, 0x00, 0x00, 0x01, 0x00] + [UInt8](repeating: 1, count: 256) + [0x00, 0x00]
            ),  // 4E
        ]
        for (apdu, bytes) in cases {
            #expect(apdu.bytes == bytes, "\(apdu)")
            #expect(Self.parsed(bytes) == apdu, "\(bytes.prefix(8))")
        }
    }

    @Test func androidsExtendedLeIsRead() {
        // V-T4T-2: `00b000020000ce` — READ BINARY at 2, extended Le 00 CE = 206.
        #expect(Self.parsed([0x00, 0xB0, 0x00, 0x02, 0x00, 0x00, 0xCE])?.le == 206)
    }

    @Test func malformedAPDUsAreRefusedNotTrapped() {
        #expect(CommandAPDU.parse([0x00, 0xA4, 0x04]) == .failure(.tooShort(bytes: 3, minimum: 4)))
        // Lc 5 with 3 data bytes.
        #expect(
            CommandAPDU.parse([0x00, 0xD6, 0x00, 0x00, 0x05, 1, 2, 3])
                == .failure(.lengthMismatch(declared: 5, available: 3)))
        #expect(CommandAPDU.parse([0x00, 0xD6, 0x00, 0x00, 0x00, 0x00]) == .failure(.tooShort(bytes: 6, minimum: 7)))
        // An extended Lc of 0 is no length at all.
        #expect(
            CommandAPDU.parse([0x00, 0xD6, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01])
                == .failure(.lengthMismatch(declared: 0, available: 1)))
    }

    @Test func statusWordsAndLabelsSpeakForThemselves() {
        #expect(StatusWord(0x6982).description == "69 82 (security status not satisfied)")
        #expect(StatusWord(0x91AE).description == "91 AE (authentication error)")
        #expect(StatusWord(0x63C2).meaning == "verification failed, 2 tries left")
        #expect(StatusWord.nativeSuccess.isSuccess && StatusWord.success.isSuccess && !StatusWord(0x6A82).isSuccess)
        #expect(CommandLabel.nfcA(0x30).description == "READ (0x30)")
        #expect(CommandLabel.nfcA(0x99).description == "command 0x99")
        #expect(CommandLabel.apdu(cla: 0, ins: 0xA4, p1: 4, p2: 0).description == "SELECT (00 A4 04 00)")
        #expect(
            CommandLabel.apdu(cla: 0x90, ins: 0x71, p1: 0, p2: 0).description == "AuthenticateEV2First (90 71 00 00)")
        #expect(CommandLabel.iso15693(0x20).description == "ISO 15693 READ SINGLE BLOCK (0x20)")
        #expect(CommandLabel.felica(0x08).description == "FeliCa Write Without Encryption (0x08)")
        let literal: CommandLabel = 0xA2
        #expect(literal == .nfcA(0xA2) && literal.technology == .nfcA)
    }

    @Test func responsesSplitDataFromTheStatusWord() {
        #expect(
            ResponseAPDU.parse([0x00, 0x0F, 0x90, 0x00])
                == .success(ResponseAPDU(data: [0x00, 0x0F], status: .success)))
        #expect(ResponseAPDU.parse([0x90]) == .failure(.tooShort(bytes: 1, minimum: 2)))
        #expect(ResponseAPDU(data: [1], status: StatusWord(0x91AF)).bytes == [1, 0x91, 0xAF])
    }
}
