import TagFrames
import TapCardSupport
import TestSupport
import Testing
import Type4

/// MIFARE DESFire EV1's AuthenticateAES and EV1 secure messaging on the reader's side
/// (`DESFireEV1Authentication`, `DESFireEV1Session`) against Python `cryptography`, which plays
/// the card and computes every value from the rules alone (libfreefare and Elmue's EV1 examples):
/// the IV chained across the authentication, the session key RndA[0..3] ‖ RndB[0..3] ‖
/// RndA[12..15] ‖ RndB[12..15], the CMAC chained on the running IV (its first use, IV zero, is
/// plain AES-CMAC, which Python's own CMAC checks), and an enciphered ChangeFileSettings with the
/// DESFire CRC32 (zlib's CRC XOR FFFFFFFF).
@Suite struct DESFireEV1PeerTests {
    static let oracle = """
        import sys, zlib
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        from cryptography.hazmat.primitives.cmac import CMAC
        def cbc(k, iv, d):
            e = Cipher(algorithms.AES(k), modes.CBC(iv)).encryptor(); return e.update(d) + e.finalize()
        def dcbc(k, iv, d):
            e = Cipher(algorithms.AES(k), modes.CBC(iv)).decryptor(); return e.update(d) + e.finalize()
        def dbl(b):
            n = int.from_bytes(b, 'big') << 1
            if n >> 128: n ^= 0x87
            return (n & ((1 << 128) - 1)).to_bytes(16, 'big')
        def cmac_iv(k, iv, m):
            k1 = dbl(cbc(k, bytes(16), bytes(16))); k2 = dbl(k1)
            if m and len(m) % 16 == 0:
                last = bytes(a ^ b for a, b in zip(m[-16:], k1)); body = m[:-16] + last
            else:
                p = m + b'\\x80' + bytes(-(len(m) + 1) % 16)
                body = p[:-16] + bytes(a ^ b for a, b in zip(p[-16:], k2))
            return cbc(k, iv, body)[-16:]
        Z = bytes(16)
        rotl = lambda b: b[1:] + b[:1]
        for line in sys.stdin:
            k, ra, rb, params, settings = (bytes.fromhex(x) for x in line.strip().split(','))
            erb = cbc(k, Z, rb)
            assert dcbc(k, Z, erb) == rb
            part2 = cbc(k, erb, ra + rotl(rb))
            answer = cbc(k, part2[-16:], rotl(ra))
            sk = ra[:4] + rb[:4] + ra[12:] + rb[12:]
            c = CMAC(algorithms.AES(sk)); c.update(b'\\xca' + params); std = c.finalize()
            iv = cmac_iv(sk, Z, b'\\xca' + params)
            assert iv == std
            iv = cmac_iv(sk, iv, b'\\x00'); r1 = iv[:8]
            crc = (zlib.crc32(b'\\x5f\\x02' + settings) ^ 0xffffffff).to_bytes(4, 'little')
            plain = settings + crc; plain += bytes(-len(plain) % 16)
            enc = cbc(sk, iv, plain); iv = enc[-16:]
            iv = cmac_iv(sk, iv, b'\\x00'); r2 = iv[:8]
            print(' '.join(x.hex() for x in (erb, part2, answer, sk, std, r1, enc, r2)))
        """

    struct Case {
        let key, rndA, rndB, params, settings: [UInt8]
        var line: String {
            [key, rndA, rndB, params, settings].map { Hex.encode($0) }.joined(separator: ",") + "\n"
        }
    }

    @Test(
        "50 random EV1 sessions: AuthenticateAES, the session key, CMACs and an enciphered ChangeFileSettings agree with Python",
        .enabled(
            if: NTAG424SecurePeer.available || NTAG424SecurePeer.peersRequired,
            "python3 with cryptography not found (pip install cryptography); skipped"))
    func agreesWithPythonCryptography() throws {
        guard NTAG424SecurePeer.available else {
            Issue.record("python3 with cryptography is required (TAPCARD_REQUIRE_PEERS is set)")
            return
        }
        var random = SplitMix64(seed: 0xEF1_AA)
        let cases = (0..<50).map { _ in
            Case(
                key: random.bytes(16), rndA: random.bytes(16), rndB: random.bytes(16),
                params: random.bytes(Int.random(in: 5...23, using: &random)), settings: random.bytes(3))
        }
        let output = try NTAG424SecurePeer.run(script: Self.oracle, input: cases.map(\.line).joined())
        let lines = output.split(separator: "\n")
        try #require(lines.count == cases.count)
        for (item, line) in zip(cases, lines) {
            let fields = try line.split(separator: " ").map { try Hex.decode($0) }
            try #require(fields.count == 8)
            let auth = try DESFireEV1Authentication.start(keyNumber: 0, key: item.key)
            #expect(auth.command.bytes == [0x90, 0xAA, 0x00, 0x00, 0x01, 0x00, 0x00])
            let proof = try auth.respond(to: ResponseAPDU(data: fields[0], status: .additionalFrame), rndA: item.rndA)
            #expect(proof.command.bytes == [0x90, 0xAF, 0x00, 0x00, 0x20] + fields[1] + [0x00])
            var session = try proof.finish(ResponseAPDU(data: fields[2], status: .nativeSuccess))
            #expect(DESFireEV1Authentication.sessionKey(rndA: item.rndA, rndB: item.rndB) == fields[3])
            #expect(session.iv == [UInt8](repeating: 0, count: 16))
            let create = session.plain(ins: 0xCA, data: item.params)
            #expect(create.data == item.params)
            #expect(session.iv == fields[4])
            #expect(try session.verify(ResponseAPDU(data: fields[5], status: .nativeSuccess), ins: 0xCA) == [])
            let change = session.enciphered(ins: 0x5F, header: [0x02], data: item.settings)
            #expect(change.data == [0x02] + fields[6])
            #expect(try session.verify(ResponseAPDU(data: fields[7], status: .nativeSuccess), ins: 0x5F) == [])
        }
    }

    /// A wrong proof from the card, a refused status, and an answer whose CMAC is off by one bit
    /// are errors, never a session or data.
    @Test func wrongAnswersAreRefused() throws {
        let key = [UInt8](repeating: 0x11, count: 16)
        let auth = try DESFireEV1Authentication.start(keyNumber: 0, key: key)
        let proof = try auth.respond(
            to: ResponseAPDU(data: [UInt8](repeating: 0x22, count: 16), status: .additionalFrame),
            rndA: [UInt8](repeating: 0x33, count: 16))
        #expect(throws: NTAG424SecureError.keyNotProven(keyNumber: 0)) {
            _ = try proof.finish(ResponseAPDU(data: [UInt8](repeating: 0x44, count: 16), status: .nativeSuccess))
        }
        #expect(throws: NTAG424SecureError.refused(ins: 0xAF, status: StatusWord(0x91AE))) {
            _ = try proof.finish(ResponseAPDU(status: StatusWord(0x91AE)))
        }
        var session = try DESFireEV1Session(keyNumber: 0, sessionKey: key)
        var copy = session
        _ = session.plain(ins: 0xCA, data: [1, 2, 3, 0x0F, 0x81])
        _ = copy.plain(ins: 0xCA, data: [1, 2, 3, 0x0F, 0x81])
        var mac = Array(copy.cmac([0x00]).prefix(8))
        mac[7] ^= 0x01
        #expect(throws: NTAG424SecureError.responseMACMismatch(ins: 0xCA)) {
            _ = try session.verify(ResponseAPDU(data: mac, status: .nativeSuccess), ins: 0xCA)
        }
    }
}
