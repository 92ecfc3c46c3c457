import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import Testing
import Type4

/// AuthenticateAES (`AA`) and EV1 secure messaging on the emulated DESFire: an EV1 (the EV3 4K
/// answering GetVersion with hardware and software major version `01`) and the EV3 itself, which
/// keeps `AA` for EV1 compatibility. The reader's side is module Type4's `DESFireEV1Session`,
/// written apart from the chip's `EV1TagSession`; one exchange is checked byte for byte against
/// values Python `cryptography` computed.
@Suite struct DESFireEV1Tests {
    static let piccKey = bytes("000102030405060708090A0B0C0D0E0F")
    /// GetVersion parts 1 and 2 of a MIFARE DESFire EV1 4K (MF3ICD41): hardware 04 01 01 01 00 18
    /// 05, software 04 01 01 01 04 18 05, as EV1 4K cards answer in published traces (a GetVersion
    /// test of nfcjlib-style code and a Java test's GET_VERSION_RESULT_DESFIRE_EV1_4K agree).
    static let ev1Version = [bytes("04010101001805"), bytes("04010101041805")]

    static func ev1(_ picc: DESFirePICC) throws -> EmulatedType4Tag {
        try EmulatedType4Tag(model: .desfireEV3_4K, uid: DESFireCards.uid, picc: picc, versionParts: Self.ev1Version)
    }

    /// AuthenticateAES with key `number`, RndA chosen by the caller.
    static func authenticate(_ tag: EmulatedType4Tag, key number: UInt8, value: [UInt8], rndA: [UInt8]? = nil)
        async throws -> DESFireEV1Session
    {
        let authentication = try DESFireEV1Authentication.start(keyNumber: number, key: value)
        let challenge = try await tag.transmit(authentication.command)
        let proof =
            try rndA.map { try authentication.respond(to: challenge, rndA: $0) }
            ?? authentication.respond(to: challenge)
        return try proof.finish(try await tag.transmit(proof.command))
    }

    /// With PICC key 00…0F, RndB 10…1F and RndA A0…AF, Python `cryptography` 48 gives (outside
    /// Swift, from the rules alone: CBC chained across the exchange, session key RndA[0..3] ‖
    /// RndB[0..3] ‖ RndA[12..15] ‖ RndB[12..15], CMAC from the running IV):
    ///
    /// ```
    /// E(K, RndB), IV 0                      07FEEF74E1D5036E900EEE118E949293
    /// E(K, RndA ‖ rotl1(RndB)), IV E(RndB)  EFA5AE9B…A25D8D65
    /// E(K, rotl1(RndA)), IV last block      FA0A0ED253CBDDFCB3AA8CC9534A73C8
    /// session key                           A0A1A2A3 10111213 ACADAEAF 1C1D1E1F
    /// CMAC(CA 33 22 11 0F 81), IV 0         59D5BFA257C5358E22CADEFA2BBC099A
    /// answer: CMAC(00) from that IV, 8 B    610CC9C417A3D4AF
    /// ```
    @Test func authenticateAESAndCreateApplicationAgreeWithPython() async throws {
        var picc = DESFirePICC.factory.withAESMasterKey(Self.piccKey)
        picc.keySettings = 0x0B
        let tag = try Self.ev1(picc)
        tag.challenges = .scripted(rndB: [bytes("101112131415161718191A1B1C1D1E1F")])
        #expect(try await tag.exchange("90AA0000010000") == bytes("07FEEF74E1D5036E900EEE118E949293 91AF"))
        let proof = bytes("EFA5AE9B0FCD648D4E0C89BD064CE8AC77CB2B42854D009084C240BAA25D8D65")
        #expect(
            try await tag.transmit(CommandAPDU(cla: 0x90, ins: 0xAF, p1: 0, p2: 0, data: proof, le: 256)).bytes
                == bytes("FA0A0ED253CBDDFCB3AA8CC9534A73C8 9100"))
        #expect(tag.ev1AuthenticatedKeyNumber == 0 && tag.authenticatedKeyNumber == nil)
        // CreateApplication goes plain; the answer carries the CMAC over 00.
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("610CC9C417A3D4AF 9100"))
        #expect(tag.picc?.application(0x112233)?.keyType == .aes)
        // The same exchange through the reader's side.
        let other = try Self.ev1(picc)
        other.challenges = .scripted(rndB: [bytes("101112131415161718191A1B1C1D1E1F")])
        var session = try await Self.authenticate(
            other, key: 0, value: Self.piccKey, rndA: bytes("A0A1A2A3A4A5A6A7A8A9AAABACADAEAF"))
        let command = session.plain(ins: 0xCA, data: bytes("3322110F81"))
        #expect(session.iv == bytes("59D5BFA257C5358E22CADEFA2BBC099A"))
        #expect(try session.verify(try await other.transmit(command), ins: 0xCA) == [])
    }

    /// A wrong key: part 1 still answers (the card cannot tell), part 2 is `91 AE`, no session,
    /// and CreateApplication on a card whose settings want the master key stays `91 AE`.
    @Test func aWrongKeyIsAuthenticationError() async throws {
        var picc = DESFirePICC.factory.withAESMasterKey(Self.piccKey)
        picc.keySettings = 0x0B
        let tag = try Self.ev1(picc)
        do {
            _ = try await Self.authenticate(tag, key: 0, value: DESFireCards.zeroKey)
            Issue.record("a wrong key was accepted")
        } catch let error as NTAG424SecureError {
            #expect(error == .refused(ins: 0xAF, status: StatusWord(0x91AE)))
        }
        #expect(tag.ev1AuthenticatedKeyNumber == nil)
        #expect(try await tag.exchange("90CA0000053322110F8100") == bytes("91AE"))
        #expect(tag.picc?.applications.isEmpty == true)
        // No such key, and a DES key (the factory PICC master key) cannot be proven with AA.
        #expect(try await tag.exchange("90AA0000010100") == bytes("9140"))
        #expect(try await Self.ev1(.factory).exchange("90AA0000010000") == bytes("91AE"))
    }

    /// An EV1 does not know AuthenticateEV2First (`91 1C`); an EV3 answers both.
    @Test func generations() async throws {
        let picc = DESFirePICC.factory.withAESMasterKey(Self.piccKey)
        #expect(try await Self.ev1(picc).exchange("9071000002000000") == bytes("911C"))
        let ev3 = try DESFireCards.withAESMasterKey(Self.piccKey)
        _ = try await Self.authenticate(ev3, key: 0, value: Self.piccKey)
        #expect(ev3.ev1AuthenticatedKeyNumber == 0)
        _ = try await DESFireCards.authenticate(ev3, key: 0, value: Self.piccKey)
        #expect(ev3.ev1AuthenticatedKeyNumber == nil && ev3.authenticatedKeyNumber == 0)
    }

    /// In an EV1 session the reader sends CreateApplication without a CMAC (libfreefare: the CMAC
    /// only moves the IV): eight bytes more are a length error that ends the session; a reader
    /// whose IV went its own way rejects the card's answer; a session ends on SelectApplication.
    @Test func createApplicationInTheSession() async throws {
        var picc = DESFirePICC.factory.withAESMasterKey(Self.piccKey)
        picc.keySettings = 0x0B
        let tag = try Self.ev1(picc)
        var session = try await Self.authenticate(tag, key: 0, value: Self.piccKey)
        let withMAC = bytes("3322110F81") + Array(session.cmac(bytes("CA3322110F81")).prefix(8))
        #expect(
            try await tag.transmit(CommandAPDU(cla: 0x90, ins: 0xCA, p1: 0, p2: 0, data: withMAC, le: 256)).status
                == StatusWord(0x917E))
        #expect(tag.ev1AuthenticatedKeyNumber == nil && tag.picc?.applications.isEmpty == true)
        session = try await Self.authenticate(tag, key: 0, value: Self.piccKey)
        _ = session.cmac([0x6A])  // a command the card never saw: the IVs part
        let command = session.plain(ins: 0xCA, data: bytes("3322110F81"))
        let answer = try await tag.transmit(command)
        #expect(answer.status == .nativeSuccess)
        #expect(throws: NTAG424SecureError.responseMACMismatch(ins: 0xCA)) {
            _ = try session.verify(answer, ins: 0xCA)
        }
        session = try await Self.authenticate(tag, key: 0, value: Self.piccKey)
        #expect(try await tag.exchange("905A00000300000000") == bytes("9100"))
        #expect(tag.ev1AuthenticatedKeyNumber == nil)
    }

    /// `lock` on an EV1 in the NDEF application: WriteData to the CC (plain, CMAC on the answer),
    /// ChangeFileSettings enciphered with CRC32. A flipped cipher bit is `91 1E` and changes
    /// nothing; the right command locks the NDEF file.
    @Test func changeFileSettingsEnciphered() async throws {
        let tag = try Self.ev1(.factory)
        try await DESFireCards.format(tag, plan: try DESFireFormatPlan.make(ndefFileSize: 256).get())
        #expect(try await tag.exchange("905A00000301000000") == bytes("9100"))
        var session = try await Self.authenticate(tag, key: 0, value: DESFireCards.zeroKey)
        var bad = session.enciphered(ins: 0x5F, header: [0x02], data: bytes("00 F0EF"))
        var data = bad.data
        data[5] ^= 0x01
        bad = CommandAPDU(cla: 0x90, ins: 0x5F, p1: 0, p2: 0, data: data, le: 256)
        #expect(try await tag.transmit(bad).status == StatusWord(0x911E))
        #expect(tag.ev1AuthenticatedKeyNumber == nil)
        let rightsBefore = tag.picc?.application(1)?.files.first { $0.number == 2 }?.accessRights
        session = try await Self.authenticate(tag, key: 0, value: DESFireCards.zeroKey)
        let write = session.plain(ins: 0x3D, data: bytes("01 0E0000 010000 FF"))
        #expect(try session.verify(try await tag.transmit(write), ins: 0x3D) == [])
        let change = session.enciphered(ins: 0x5F, header: [0x02], data: bytes("00 F0EF"))
        #expect(try session.verify(try await tag.transmit(change), ins: 0x5F) == [])
        let rights = try #require(tag.picc?.application(1)?.files.first { $0.number == 2 }?.accessRights)
        #expect(rights != rightsBefore && rights.write == 0x0F && rights.change == 0x00)
        #expect(tag.picc?.application(1)?.files.first { $0.number == 1 }?.contents[14] == 0xFF)
    }
}
