import Ciphers
import TagCatalog
import TagFrames
import Testing

@testable import TagEmulator

/// The tag's side of AN12196's transcripts (shared/reference/type4-type5-ntag424.md §2.4–§2.5):
/// the emulated chip, given the vector's RndB and TI, must answer every step byte for byte, and
/// accept every command the vector's reader sent.
@Suite struct NTAG424TagSideVectorTests {
    static let zeroKey = [UInt8](repeating: 0, count: 16)
    static let select = "00A4040007D276000085010100"

    /// RndB of a vector that gives only E(K, RndB) under the factory key 00…00.
    static func rndB(decrypting challenge: String) throws -> [UInt8] {
        try AES128(key: zeroKey).decryptCBC(bytes(challenge), iv: zeroKey)
    }

    static func tag(uid: String = "04958CAA5C5E80", challenges: NTAG424Challenges) async throws -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: bytes(uid))
        tag.challenges = challenges
        #expect(try await tag.exchange(select) == bytes("9000"))
        return tag
    }

    @Test("V-AUTH-1 (AN12196 §6.6): the tag's challenge, its answer with TI 9D00C4DF, SV1 and the session keys")
    func authenticateFirst() async throws {
        let rndB = bytes("B9E2FC789B64BF237CCCAA20EC7E6E48")
        let rndA = bytes("13C5DB8A5930439FC3DEF9A4C675360F")
        let tag = try await Self.tag(challenges: .scripted(rndB: [rndB], transactionIdentifiers: [bytes("9D00C4DF")]))
        #expect(try await tag.exchange("9071000002 0000 00") == bytes("A04C124213C186F22399D33AC2A30215 91AF"))
        #expect(tag.authenticatedKeyNumber == nil)
        let step2 = "90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D 00"
        #expect(
            try await tag.exchange(step2)
                == bytes("3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663 9100"))
        #expect(tag.authenticatedKeyNumber == 0)
        #expect(tag.commandCounter == 0)
        #expect(
            EV2TagSession.sessionVector([0xA5, 0x5A], rndA: rndA, rndB: rndB)
                == bytes("A55A0001008013C56268A548D8FBBF237CCCAA20EC7E6E48C3DEF9A4C675360F"))
        let session = try #require(
            EV2TagSession(
                keyNumber: 0, key: Self.zeroKey, rndA: rndA, rndB: rndB, transactionIdentifier: bytes("9D00C4DF"),
                commandCounter: 0))
        #expect(session.encryptionKey == bytes("1309C877509E5A215007FF0ED19CA564"))
        #expect(session.macKey == bytes("4C6626F5E72EA694202139295C7A7FC7"))
    }

    @Test("V-AUTH-1 then V-SM-4: ChangeFileSettings FULL of file 2 at CmdCtr 1, response MAC 57BFF87B1241E93D")
    func changeFileSettingsAfterAuthentication() async throws {
        let tag = try await Self.tag(
            challenges: .scripted(
                rndB: [bytes("B9E2FC789B64BF237CCCAA20EC7E6E48")], transactionIdentifiers: [bytes("9D00C4DF")]))
        _ = try await tag.exchange("9071000002 0000 00")
        _ = try await tag.exchange("90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D 00")
        // One plain command in the session (WriteData of the NDEF file, free access) moves CmdCtr to 1.
        #expect(try await tag.exchange("908D00000802000000010000 00 00") == bytes("9100"))
        #expect(tag.commandCounter == 1)
        #expect(
            try await tag.exchange("905F000019 02 61B6D97903566E84C3AE5274467E89EA D799B7C1A0EF7A04 00")
                == bytes("57BFF87B1241E93D 9100"))
        #expect(tag.commandCounter == 2)
        // GetFileSettings reflects it: FileType 00, the new option, rights and the SDM part as sent.
        #expect(tag.memory.files[1].settings == bytes("00 40 00E0 000100 C1 F121 200000 430000 430000"))
    }

    @Test("V-AUTH-2, V-SM-2, V-AUTH-3, V-SM-5, V-SM-6: AN12196 §6.10–§6.12 and §5.16 as one transaction")
    func authenticateWriteNonFirstAndChangeKeys() async throws {
        let rndB2 = try Self.rndB(decrypting: "B875CEB0E66A6C5CD00898DC371F92D1")
        let rndB3 = try Self.rndB(decrypting: "A6A2B3C572D06C097BB8DB70463E22DC")
        let tag = try await Self.tag(
            challenges: .scripted(rndB: [rndB2, rndB3], transactionIdentifiers: [bytes("7614281A")]))
        // AN12196's tag lets key 0 write the proprietary file (factory: key 3); set that around the rules.
        tag.memory.files[2].settings = bytes("00 03 0000 800000")
        #expect(try await tag.exchange("9071000002 0000 00") == bytes("B875CEB0E66A6C5CD00898DC371F92D1 91AF"))
        let rndA = bytes("B98F4C50CF1C2E084FD150E33992B048")
        let step2 = try AES128(key: Self.zeroKey).encryptCBC(rndA + EV2TagSession.rotateLeft(rndB2), iv: Self.zeroKey)
        let step3 = try await tag.transmit(CommandAPDU(cla: 0x90, ins: 0xAF, p1: 0, p2: 0, data: step2, le: 256))
        #expect(step3.bytes == bytes("0CC9A8094A8EEA683ECAAC5C7BF20584206D0608D477110FC6B3D5D3F65C3A6A 9100"))
        // V-SM-2: WriteData FULL of 10 bytes to file 3 at CmdCtr 0.
        #expect(
            try await tag.exchange(
                "908D00001F 030000000A0000 6B5E6804909962FC4E3FF5522CF0F843 6C0C53315B9C73AA 00")
                == bytes("C26D236E4A7C046D 9100"))
        #expect(tag.contents(ofFile: 0xE105).map { Array($0.prefix(10)) } == bytes("0102030405060708090A"))
        // A plain command (ReadData of the free NDEF file) moves CmdCtr to 2, where AN12196 continues.
        _ = try await tag.exchange("90AD00000702000000010000 00")
        #expect(tag.commandCounter == 2)
        // V-AUTH-3: NonFirst keeps TI 7614281A and CmdCtr 2.
        #expect(try await tag.exchange("9077000001 00 00") == bytes("A6A2B3C572D06C097BB8DB70463E22DC 91AF"))
        #expect(
            try await tag.exchange(
                "90AF000020 BE7D45753F2CAB85F34BC60CE58B940763FE969658A532DF6D95EA2773F6E991 00")
                == bytes("B888349C24B315EAB5B589E279C8263E 9100"))
        #expect(tag.commandCounter == 2)
        // V-SM-5: ChangeKey of key 2 (not the authenticated key) with CRC32 of the new key.
        #expect(
            try await tag.exchange(
                "90C4000029022CF362B7BF4311FF3BE1DAA295E8C68DE09050560D19B9E16C2393AE9CD1FAC75D0CE20BCD1D06E600")
                == bytes("203BB55D1089D587 9100"))
        #expect(tag.memory.keys[2] == Type4Key(value: bytes("F3847D627727ED3BC9C4CC050489B966"), version: 0x01))
        #expect(tag.commandCounter == 3)
        // V-SM-6: ChangeKey of key 0 itself: 91 00 without a MAC, and the session is over.
        #expect(
            try await tag.exchange(
                "90C400002900C0EB4DEEFEDDF0B513A03A95A75491818580503190D4D05053FF75668A01D6FDA6610234BDED643200")
                == bytes("9100"))
        #expect(tag.memory.keys[0] == Type4Key(value: bytes("5004BF991F408672B1EF00F08F9E8647"), version: 0x01))
        #expect(tag.authenticatedKeyNumber == nil)
    }

    @Test("V-SM-1 (AN12196 §5.3): GetFileSettings in MAC mode, command MAC checked, response MAC 2A474282E7A47986")
    func getFileSettingsInMACMode() async throws {
        let tag = try await Self.tag(challenges: .system)
        let settings = "0040EEEE000100D1FE001F00004400004400002000006A0000"
        tag.memory.files[1].settings = bytes(settings)
        #expect(
            tag.installSession(
                keyNumber: 0, transactionIdentifier: bytes("7A21085E"), commandCounter: 0, encryptionKey: Self.zeroKey,
                macKey: bytes("8248134A386E86EB7FAF54A52E536CB6")))
        #expect(
            try await tag.exchange("90F5000009 02 6597A457C8CD442C 00") == bytes(settings + "2A474282E7A47986 9100"))
        #expect(tag.commandCounter == 1)
    }

    @Test("V-SM-3 (AN12196 §7.3): GetCardUID FULL, the UID enciphered with IVr at CmdCtr 1")
    func getCardUID() async throws {
        let tag = try await Self.tag(uid: "04958CAA5C5E80", challenges: .system)
        #expect(
            tag.installSession(
                keyNumber: 0, transactionIdentifier: bytes("DF055522"), commandCounter: 0,
                encryptionKey: bytes("2B4D963C014DC36F24F69A50A394F875"),
                macKey: bytes("379D32130CE61705DD5FD8C36B95D764")))
        #expect(
            try await tag.exchange("90510000088E2C155ADDA99BE300")
                == bytes("70756055688505B52A5E26E59E329CD6 595F672298EA41B7 9100"))
    }

    @Test("A wrong RndB' is 91 AE and leaves the tag unauthenticated; so does an aborted authentication")
    func wrongProofAndAbort() async throws {
        let tag = try await Self.tag(
            challenges: .scripted(rndB: [bytes("B9E2FC789B64BF237CCCAA20EC7E6E48")], transactionIdentifiers: []))
        _ = try await tag.exchange("9071000002 0000 00")
        // Step 2 of V-AUTH-1 with its last byte changed: RndB' no longer matches.
        #expect(
            try await tag.exchange(
                "90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118E 00") == bytes("91AE"))
        #expect(tag.authenticatedKeyNumber == nil)
        // The AF is now outside any authentication or GetVersion chain.
        #expect(try await tag.exchange("90AF000000") == bytes("911C"))
        // Part 1, then another command: the authentication is aborted, the AF is illegal.
        _ = try await tag.exchange("9071000002 0000 00")
        _ = try await tag.exchange("906400000100 00")
        #expect(
            try await tag.exchange(
                "90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D 00") == bytes("911C"))
    }

    @Test("Part 1 refusals: no such key, LenCap beyond 6, lengths, NonFirst without a session")
    func part1Refusals() async throws {
        let tag = try await Self.tag(challenges: .system)
        #expect(try await tag.exchange("9071000002 0500 00") == bytes("9140"))
        #expect(try await tag.exchange("9071000002 0007 00") == bytes("919E"))
        #expect(try await tag.exchange("9071000003 000200 00") == bytes("917E"))
        #expect(try await tag.exchange("9071000001 00 00") == bytes("917E"))
        #expect(try await tag.exchange("9077000001 00 00") == bytes("919D"))
        #expect(try await tag.exchange("9077000001 09 00") == bytes("9140"))
    }

    @Test("LRP requested (LenCap 1, PCDcap2 02): an AES tag answers the AES challenge and echoes PCDcap2 padded to 6")
    func lrpRequestFallsBackToAES() async throws {
        let rndB = bytes("B9E2FC789B64BF237CCCAA20EC7E6E48")
        let tag = try await Self.tag(challenges: .scripted(rndB: [rndB], transactionIdentifiers: [bytes("01020304")]))
        #expect(try await tag.exchange("9071000003 000102 00") == bytes("A04C124213C186F22399D33AC2A30215 91AF"))
        let rndA = bytes("13C5DB8A5930439FC3DEF9A4C675360F")
        let cipher = try AES128(key: Self.zeroKey)
        let step2 = try cipher.encryptCBC(rndA + EV2TagSession.rotateLeft(rndB), iv: Self.zeroKey)
        let answer = try await tag.transmit(CommandAPDU(cla: 0x90, ins: 0xAF, p1: 0, p2: 0, data: step2, le: 256))
        #expect(answer.status == .nativeSuccess)
        let plain = try cipher.decryptCBC(answer.data, iv: Self.zeroKey)
        #expect(
            plain == bytes("01020304") + EV2TagSession.rotateLeft(rndA) + bytes("000000000000") + bytes("020000000000"))
    }

    @Test("At CmdCtr FFFF every command but an authentication is 91 1E and ends the session")
    func counterExhausted() async throws {
        let tag = try await Self.tag(challenges: .system)
        #expect(
            tag.installSession(
                keyNumber: 0, transactionIdentifier: bytes("7A21085E"), commandCounter: 0xFFFF,
                encryptionKey: Self.zeroKey, macKey: Self.zeroKey))
        #expect(try await tag.exchange("90AD00000702000000010000 00") == bytes("911E"))
        #expect(tag.authenticatedKeyNumber == nil)
    }
}

/// ChangeFileSettings refusals and the plain (Change = E) path, GetVersion in MAC mode, and what
/// ends a session (datasheet §9.1.9, §10.7.1, §10.9.2).
@Suite struct NTAG424SessionRuleTests {
    static let zeroKey = [UInt8](repeating: 0, count: 16)

    static func session(_ tag: EmulatedType4Tag) -> Bool {
        tag.installSession(
            keyNumber: 0, transactionIdentifier: bytes("01020304"), commandCounter: 0, encryptionKey: zeroKey,
            macKey: zeroKey)
    }

    @Test("Without a session: Change = 0 is 91 AE, Change = F 91 9D; Change = E goes through in plain")
    func changeFileSettingsWithoutSession() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: bytes("04112233445566"))
        _ = try await tag.exchange("00A4040007D276000085010100")
        #expect(try await tag.exchange("905F00000402 00EEEE 00") == bytes("91AE"))
        tag.memory.files[1].settings = bytes("00 00 EEEE 000100")
        // Change = E: plain; the new rights (Change = F now) apply at once.
        #expect(try await tag.exchange("905F00000402 00 EFEE 00") == bytes("9100"))
        #expect(try await tag.exchange("90F500000102 00") == bytes("00 00 EFEE 000100 9100"))
        #expect(try await tag.exchange("905F00000402 00 EEEE 00") == bytes("919D"))
        #expect(try await tag.exchange("905F00000409 00 EEEE 00") == bytes("91F0"))
    }

    @Test("Parameter and length refusals of ChangeFileSettings (Change = E, so they reach the checks)")
    func changeFileSettingsRefusals() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: bytes("04112233445566"))
        _ = try await tag.exchange("00A4040007D276000085010100")
        for index in 0..<3 { tag.memory.files[index].settings?[2] = 0xEE }
        let before = tag.memory
        // Key 7 does not exist: 91 9E. RFU FileOption bit: 91 9E. SDM on file 3: 91 9D.
        #expect(try await tag.exchange("905F00000402 00 E7EE 00") == bytes("919E"))
        #expect(try await tag.exchange("905F00000402 04 EEEE 00") == bytes("919E"))
        #expect(try await tag.exchange("905F00001003 40 EEEE C1 F121 200000 430000 430000 00") == bytes("919D"))
        // SDM part one offset short: 91 7E; no SDM but extra bytes: 91 7E; UID mirror with MetaRead F: 91 9E.
        #expect(try await tag.exchange("905F00000F02 40 EEEE C1 F121 200000 430000 4300 00") == bytes("917E"))
        #expect(try await tag.exchange("905F00000502 00 EEEE C1 00") == bytes("917E"))
        #expect(try await tag.exchange("905F00001002 40 EEEE C1 F1F1 430000 430000 000000 00") == bytes("919E"))
        #expect(tag.memory == before)
    }

    @Test("GetVersion in a session is MAC mode: the command MAC is checked, the last part carries MACt")
    func getVersionInSession() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: bytes("04112233445566"))
        _ = try await tag.exchange("00A4040007D276000085010100")
        #expect(Self.session(tag))
        #expect(try await tag.exchange("9060000000") == bytes("917E"))
        #expect(tag.authenticatedKeyNumber == nil)
        #expect(Self.session(tag))
        let mac = try #require(
            EV2TagSession(
                keyNumber: 0, transactionIdentifier: bytes("01020304"), commandCounter: 0,
                encryptionKey: Self.zeroKey, macKey: Self.zeroKey))
        let command = CommandAPDU(
            cla: 0x90, ins: 0x60, p1: 0, p2: 0, data: mac.commandMAC(ins: 0x60, body: []), le: 256)
        #expect(try await tag.transmit(command).status == .additionalFrame)
        #expect(try await tag.exchange("90AF000000") == bytes("04 04 02 01 02 11 05 91AF"))
        let last = try await tag.transmit(try apdu("90AF000000"))
        var counted = mac
        counted.commandCounter = 1
        let parts = bytes("04 04 02 30 00 11 05 04 04 02 01 02 11 05") + Array(last.data.prefix(14))
        #expect(last.data.count == 22)
        #expect(Array(last.data.suffix(8)) == counted.responseMAC(code: 0x00, data: parts))
        #expect(tag.commandCounter == 1)
    }

    @Test(
        "A session ends with SELECT by DF name, a new First part 1, an error, and present(); not with SELECT of an EF")
    func whatEndsASession() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: bytes("04112233445566"))
        _ = try await tag.exchange("00A4040007D276000085010100")
        #expect(Self.session(tag))
        #expect(try await tag.exchange("00A4000C02E104") == bytes("9000"))
        #expect(tag.authenticatedKeyNumber == 0)
        #expect(try await tag.exchange("00A4040007D276000085010100") == bytes("9000"))
        #expect(tag.authenticatedKeyNumber == nil)
        #expect(Self.session(tag))
        _ = try await tag.exchange("9071000002 0000 00")
        #expect(tag.authenticatedKeyNumber == nil)
        #expect(Self.session(tag))
        #expect(try await tag.exchange("90F500000909 0000000000000000 00") == bytes("911E"))
        #expect(tag.authenticatedKeyNumber == nil)
        #expect(Self.session(tag))
        tag.present()
        #expect(tag.authenticatedKeyNumber == nil)
    }
}
