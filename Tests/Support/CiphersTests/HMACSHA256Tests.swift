import Ciphers
import TestSupport
import Testing

/// SHA-256 and HMAC-SHA256: FIPS 180-4's and RFC 4231's vectors on every backend this machine
/// has, and agreement with Python's hashlib/hmac on random keys and messages.
@Suite struct HMACSHA256Tests {
    static let backends = AESBackend.allCases.filter(\.isAvailable)

    @Test("SHA-256: the FIPS 180-4 examples (one block, two blocks, a million a's)")
    func sha256Vectors() {
        #expect(
            hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            hex(SHA256.hash(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        var hasher = SHA256()
        for _ in 0..<1000 { hasher.update([UInt8](repeating: 0x61, count: 1000)) }
        #expect(hex(hasher.finalize()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("HMAC-SHA256: RFC 4231 test cases 1, 2, 4 and 6 (a key longer than a block) on every backend")
    func rfc4231() {
        let cases: [([UInt8], [UInt8], String)] = [
            (
                [UInt8](repeating: 0x0B, count: 20), Array("Hi There".utf8),
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                hex("0102030405060708090a0b0c0d0e0f10111213141516171819"), [UInt8](repeating: 0xCD, count: 50),
                "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
            ),
            (
                [UInt8](repeating: 0xAA, count: 131),
                Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ]
        for backend in Self.backends {
            for (key, message, expected) in cases {
                let mac = HMACSHA256(key: key, backend: backend)
                #expect(mac.backend == backend)
                #expect(hex(mac.mac(message)) == expected, "\(backend) key \(hex(key))")
                // The prepared pads serve any number of messages.
                #expect(hex(mac.mac(message)) == expected)
            }
        }
    }

    @Test(
        "200 random keys and messages: HMAC-SHA256 and SHA-256 equal Python's hmac and hashlib on every backend",
        .enabled(
            if: CipherPeers.cryptographyAvailable || CipherPeers.peersRequired,
            "python3 not found; skipped"))
    func agreesWithPython() throws {
        var random = SplitMix64(seed: 0x4A5_17)
        let cases = (0..<200).map { _ in
            (
                random.bytes(Int.random(in: 0...100, using: &random)),
                random.bytes(Int.random(in: 0...200, using: &random))
            )
        }
        let script = """
            import sys, hmac, hashlib
            for line in sys.stdin:
                k, m = (bytes.fromhex(x) for x in line.rstrip('\\n').split(','))
                print(hmac.new(k, m, hashlib.sha256).hexdigest(), hashlib.sha256(m).hexdigest())
            """
        let input = cases.map { "\(hex($0.0)),\(hex($0.1))\n" }.joined()
        let lines = try CipherPeers.run(["python3", "-c", script], input: input).split(separator: "\n")
        try #require(lines.count == cases.count)
        for backend in Self.backends {
            for ((key, message), line) in zip(cases, lines) {
                let fields = line.split(separator: " ").map(String.init)
                #expect(hex(HMACSHA256(key: key, backend: backend).mac(message)) == fields[0], "\(backend)")
                #expect(hex(SHA256.hash(message)) == fields[1])
            }
        }
    }
}
