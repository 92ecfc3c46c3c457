import TagFrames
import TapCardSupport
import TestSupport
import Testing
import Type4

/// Agreement: on random keys, RndA, RndB, TI, counters, headers and data from a seeded generator,
/// Python's `cryptography` — computing the reference's formulas itself and playing the tag —
/// and our reader side agree on the authentication APDUs, the session keys, a FULL-mode command
/// and the deciphered FULL-mode response.
@Suite struct NTAG424SecurePeerTests {
    /// The tag side and the formulas, written from shared/reference/type4-type5-ntag424.md §2.4–2.5.
    static let oracle = """
        import sys
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        from cryptography.hazmat.primitives.cmac import CMAC
        def cbc(k, iv, d):
            e = Cipher(algorithms.AES(k), modes.CBC(iv)).encryptor(); return e.update(d) + e.finalize()
        def cmac(k, m):
            c = CMAC(algorithms.AES(k)); c.update(m); return c.finalize()
        def pad(d):
            d = d + b'\\x80'; return d + bytes(-len(d) % 16)
        Z = bytes(16)
        rotl = lambda b: b[1:] + b[:1]
        for line in sys.stdin:
            k, ra, rb, ti, ctr, hdr, data, resp = (bytes.fromhex(x) for x in line.strip().split(','))
            sv = lambda lab: lab + bytes([0, 1, 0, 0x80]) + ra[:2] + bytes(a ^ b for a, b in zip(ra[2:8], rb[:6])) + rb[6:] + ra[8:]
            enc, mac = cmac(k, sv(b'\\xa5\\x5a')), cmac(k, sv(b'\\x5a\\xa5'))
            mact = lambda m: cmac(mac, m)[1::2]
            c1 = (int.from_bytes(ctr, 'little') + 1).to_bytes(2, 'little')
            ivc = cbc(enc, Z, b'\\xa5\\x5a' + ti + ctr + bytes(8))
            body = hdr + (cbc(enc, ivc, pad(data)) if data else b'')
            apdu = bytes([0x90, 0x8D, 0, 0, len(body) + 8]) + body + mact(b'\\x8d' + ctr + ti + body) + b'\\x00'
            ivr = cbc(enc, Z, b'\\x5a\\xa5' + ti + c1 + bytes(8))
            rbody = cbc(enc, ivr, pad(resp)) if resp else b''
            rapdu = rbody + mact(b'\\x00' + c1 + ti + rbody)
            out = (cbc(k, Z, rb), cbc(k, Z, ra + rotl(rb)), cbc(k, Z, ti + rotl(ra) + bytes(12)), enc, mac, apdu, rapdu)
            print(' '.join(x.hex() for x in out))
        """

    struct Case {
        let key, rndA, rndB, ti: [UInt8]
        let counter: UInt16
        let header, data, response: [UInt8]
        var line: String {
            let counterBytes = [UInt8(counter & 0xFF), UInt8(counter >> 8)]
            return [key, rndA, rndB, ti, counterBytes, header, data, response].map { Hex.encode($0) }
                .joined(separator: ",") + "\n"
        }
    }

    @Test(
        "100 random sessions: authentication APDUs, session keys, a FULL WriteData and a FULL answer agree with Python",
        .enabled(
            if: NTAG424SecurePeer.available || NTAG424SecurePeer.peersRequired,
            "python3 with cryptography not found (pip install cryptography); skipped"))
    func agreesWithPythonCryptography() throws {
        guard NTAG424SecurePeer.available else {
            Issue.record("python3 with cryptography is required (TAPCARD_REQUIRE_PEERS is set)")
            return
        }
        var random = SplitMix64(seed: 0x424_E2)
        let cases = (0..<100).map { _ in
            Case(
                key: random.bytes(16), rndA: random.bytes(16), rndB: random.bytes(16), ti: random.bytes(4),
                counter: UInt16.random(in: 0...0xFFFE, using: &random), header: random.bytes(7),
                data: random.bytes(Int.random(in: 0...48, using: &random)),
                response: random.bytes(Int.random(in: 0...40, using: &random)))
        }
        let output = try NTAG424SecurePeer.run(script: Self.oracle, input: cases.map(\.line).joined())
        let lines = output.split(separator: "\n")
        try #require(lines.count == cases.count)
        for (item, line) in zip(cases, lines) {
            let fields = try line.split(separator: " ").map { try Hex.decode($0) }
            try #require(fields.count == 7)
            let auth = try NTAG424Authentication.first(keyNumber: 1, key: item.key)
            let proof = try auth.respond(to: ResponseAPDU(data: fields[0], status: .additionalFrame), rndA: item.rndA)
            #expect(proof.command.data == fields[1])
            let fresh = try proof.finish(ResponseAPDU(data: fields[2], status: .nativeSuccess))
            #expect(fresh.transactionIdentifier == item.ti)
            #expect(fresh.encryptionKey == fields[3], "SesAuthENCKey for key \(Hex.encode(item.key))")
            #expect(fresh.macKey == fields[4], "SesAuthMACKey for key \(Hex.encode(item.key))")
            var session = try NTAG424Session(
                keyNumber: 1, transactionIdentifier: item.ti, commandCounter: item.counter,
                encryptionKey: fresh.encryptionKey, macKey: fresh.macKey)
            let command = try session.wrap(ins: 0x8D, header: item.header, data: item.data, mode: .full)
            #expect(command.bytes == fields[5], "WriteData at CmdCtr \(item.counter)")
            let answer = try session.unwrap(ResponseAPDU(data: fields[6], status: .nativeSuccess), mode: .full)
            #expect(answer == item.response)
            #expect(session.commandCounter == item.counter + 1)
        }
    }
}
