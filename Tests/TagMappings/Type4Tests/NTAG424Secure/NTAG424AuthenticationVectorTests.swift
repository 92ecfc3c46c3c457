import TagFrames
import Testing
import Type4

/// AuthenticateEV2First and NonFirst against AN12196 (reference §2.4 V-AUTH-1, -2, -3).
@Suite struct NTAG424AuthenticationVectorTests {
    typealias F = Fixture

    @Test("V-AUTH-1 (AN12196 §6.6): step 1 and 2 APDUs, TI, capabilities and both session keys")
    func auth1() throws {
        let auth = try NTAG424Authentication.first(keyNumber: 0, key: F.zeroKey)
        #expect(auth.command.bytes == F.bytes("90 71 00 00 02 00 00 00"))
        let proof = try auth.respond(
            to: F.response("A04C124213C186F22399D33AC2A30215", .additionalFrame),
            rndA: F.bytes("13C5DB8A5930439FC3DEF9A4C675360F"))
        #expect(
            proof.command.bytes
                == F.bytes("90AF000020 35C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D 00"))
        let session = try proof.finish(F.response("3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663"))
        #expect(session.transactionIdentifier == F.bytes("9D00C4DF"))
        #expect(session.pdCap2 == F.bytes("000000000000"))
        #expect(session.pcdCap2 == F.bytes("000000000000"))
        #expect(session.commandCounter == 0)
        #expect(session.keyNumber == 0)
        #expect(session.encryptionKey == F.bytes("1309C877509E5A215007FF0ED19CA564"))
        #expect(session.macKey == F.bytes("4C6626F5E72EA694202139295C7A7FC7"))
    }

    @Test("V-AUTH-2 (AN12196 §6.10): TI 7614281A and the session keys")
    func auth2() throws {
        let proof = try NTAG424Authentication.first(keyNumber: 0, key: F.zeroKey).respond(
            to: F.response("B875CEB0E66A6C5CD00898DC371F92D1", .additionalFrame),
            rndA: F.bytes("B98F4C50CF1C2E084FD150E33992B048"))
        let session = try proof.finish(F.response("0CC9A8094A8EEA683ECAAC5C7BF20584206D0608D477110FC6B3D5D3F65C3A6A"))
        #expect(session.transactionIdentifier == F.bytes("7614281A"))
        #expect(session.encryptionKey == F.bytes("7A93D6571E4B180FCA6AC90C9A7488D4"))
        #expect(session.macKey == F.bytes("FC4AF159B62E549B5812394CAB1918CC"))
    }

    @Test("V-AUTH-3 NonFirst: 90 77 step 1, step 2 data, new keys, TI and command counter kept")
    func auth3NonFirst() throws {
        let earlier = try F.auth2Session(counter: 2)
        let auth = try NTAG424Authentication.nonFirst(keyNumber: 0, key: F.zeroKey, continuing: earlier)
        #expect(auth.command.bytes == F.bytes("90 77 00 00 01 00 00"))
        let proof = try auth.respond(
            to: F.response("A6A2B3C572D06C097BB8DB70463E22DC", .additionalFrame),
            rndA: F.bytes("60BE759EDA560250AC57CDDC11743CF6"))
        #expect(proof.command.data == F.bytes("BE7D45753F2CAB85F34BC60CE58B940763FE969658A532DF6D95EA2773F6E991"))
        #expect(proof.command.bytes.prefix(5) == [0x90, 0xAF, 0x00, 0x00, 0x20])
        let session = try proof.finish(F.response("B888349C24B315EAB5B589E279C8263E"))
        #expect(session.encryptionKey == F.bytes("4CF3CB41A22583A61E89B158D252FC53"))
        #expect(session.macKey == F.bytes("5529860B2FC5FB6154B7F28361D30BF9"))
        #expect(session.transactionIdentifier == F.bytes("7614281A"))
        #expect(session.commandCounter == 2)
    }

    @Test("A wrong rotl(RndA) is \"the tag did not prove it knows key k\"; other statuses name the status word")
    func failures() throws {
        let auth = try NTAG424Authentication.first(keyNumber: 3, key: F.zeroKey)
        let proof = try auth.respond(
            to: F.response("A04C124213C186F22399D33AC2A30215", .additionalFrame),
            rndA: F.bytes("13C5DB8A5930439FC3DEF9A4C675360F"))
        // V-AUTH-1's answer with one ciphertext bit flipped in the block holding rotl(RndA).
        var tampered = F.bytes("3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663")
        tampered[3] ^= 0x01
        #expect(throws: NTAG424SecureError.keyNotProven(keyNumber: 3)) {
            try proof.finish(ResponseAPDU(data: tampered, status: .nativeSuccess))
        }
        #expect(NTAG424SecureError.keyNotProven(keyNumber: 3).sentence.contains("did not prove it knows key 3"))
        let denied = StatusWord(0x91AE)
        #expect(throws: NTAG424SecureError.refused(ins: 0xAF, status: denied)) {
            try proof.finish(ResponseAPDU(status: denied))
        }
        #expect(throws: NTAG424SecureError.refused(ins: 0x71, status: StatusWord(0x9140))) {
            try auth.respond(to: ResponseAPDU(status: StatusWord(0x9140)), rndA: F.zeroKey)
        }
        let sentence = NTAG424SecureError.refused(ins: 0xAF, status: denied).sentence
        #expect(sentence.contains("91 AE (authentication error)"), "\(sentence)")
        #expect(NTAG424SecureError.refused(ins: 0xAF, status: denied).origin == .tag)
        #expect(
            throws: NTAG424SecureError.unexpectedResponse(
                ins: 0xAF, bytes: 16, expected: "32 (E(K, TI ‖ rotl1(RndA) ‖ PDcap2 ‖ PCDcap2))")
        ) {
            try proof.finish(F.response("B888349C24B315EAB5B589E279C8263E"))
        }
        #expect(throws: NTAG424SecureError.wrongLength(what: "RndA", bytes: 15, expected: 16)) {
            try auth.respond(
                to: F.response("A04C124213C186F22399D33AC2A30215", .additionalFrame),
                rndA: [UInt8](repeating: 1, count: 15))
        }
        #expect(throws: NTAG424SecureError.noSuchKey(5)) {
            try NTAG424Authentication.first(keyNumber: 5, key: F.zeroKey)
        }
        #expect(throws: NTAG424SecureError.wrongLength(what: "AES key", bytes: 8, expected: 16)) {
            try NTAG424Authentication.first(keyNumber: 0, key: [UInt8](repeating: 0, count: 8))
        }
    }

    @Test("Two authentications with system randomness choose different RndA")
    func freshRandomness() throws {
        let auth = try NTAG424Authentication.first(keyNumber: 0, key: F.zeroKey)
        let challenge = F.response("A04C124213C186F22399D33AC2A30215", .additionalFrame)
        #expect(try auth.respond(to: challenge).command != auth.respond(to: challenge).command)
    }
}
