import Ciphers
import TestSupport
import Testing

/// Two-key triple DES in CBC mode: the MF0ICU2 datasheet's worked authentication (§7.5.6), literal
/// vectors that OpenSSL and Python `cryptography` both produced, and agreement with whichever of
/// the two is installed on random cases.
@Suite(.enabled(if: TripleDES.isAvailable, "the platform's DES is not usable here"))
struct TripleDESTests {
    /// MF0ICU2 Rev. 3.3 §7.5.6 (3DES Authentication example): the three ciphertexts of one
    /// authentication, with the IV of each step the last ciphertext block before it. The key is
    /// the factory key in cipher order (49 45 4D 4B …; "BREAKMEIFYOUCAN!" as the pages hold it).
    @Test("the MF0ICU2 datasheet's worked authentication, block by block")
    func datasheetExample() throws {
        let des = try TripleDES(key: hex("49454D4B41455242 214E4143554F5946"))
        // Step 2: the tag enciphers RndB with the all-zero IV.
        #expect(try des.decryptCBC(hex("577293FD2F34CA51"), iv: hex("0000000000000000")) == hex("51E764602678DF2B"))
        #expect(try des.encryptCBC(hex("51E764602678DF2B"), iv: hex("0000000000000000")) == hex("577293FD2F34CA51"))
        // Step 3: RndA ‖ RndB' chained on from ek(RndB).
        #expect(
            try des.encryptCBC(hex("A8AF3B256C75ED40 E764602678DF2B51"), iv: hex("577293FD2F34CA51"))
                == hex("0A638559FC7737F9 F15D7862EBBE967A"))
        // Step 4: RndA' chained on from the last block of step 3.
        #expect(try des.encryptCBC(hex("AF3B256C75ED40A8"), iv: hex("F15D7862EBBE967A")) == hex("3B884FA07C137CE1"))
        #expect(try des.decryptCBC(hex("3B884FA07C137CE1"), iv: hex("F15D7862EBBE967A")) == hex("AF3B256C75ED40A8"))
    }

    /// Key, IV, plaintext, ciphertext. Each ciphertext came from `openssl enc -des-ede-cbc -K … -iv …
    /// -nopad` (OpenSSL 3.0.19) and equalled Python cryptography 48.0.0's TripleDES (decrepit) in
    /// CBC mode with the key K1‖K2‖K1, on 2026-12-05; the inputs came from Python's `random`, seed 0x3DE5.
    static let vectors: [(key: String, iv: String, plain: String, cipher: String)] = [
        ("77a28748c6f8a793654939e3d53c22b4", "fcd3c7be4c6e97d7", "e5d20d9160b75077", "e7acdd8a68cd1c4c"),
        (
            "0825852e4541b21f2112b34c70d8554c", "40e1c9fa2d8eff1f", "e5de99e296c1870153d6f88c052f8a63",
            "f3e6a14acc8c3198fd79e5d195fce70e"
        ),
        (
            "58bdd1a8992c2c011e64a9c7fd901a91", "eec11ddfeb3f88ef",
            "fb4c615dee38413a28c86711ebc4f9d664eb68d697574467",
            "8033c978edc2596545897799fbe96cf58e1da9490e2ceaaf"
        ),
        (
            "96bbe27242ad74f5e4e31c4c4d1237b8", "c242e0d9abaa28c5",
            "b56bbd6c5c77ba0c67b36b4c43c125de5d1e5549f7a180e4b2612e0dba44db2f9127da841a8db2c6",
            "6adbf20768b17ed48ee4dbbd49f04cf6580516d862e267134ad0386d06a333700e63d1adbfb18b24"
        ),
    ]

    @Test("vectors from OpenSSL and Python cryptography, both ways")
    func literalVectors() throws {
        for vector in Self.vectors {
            let des = try TripleDES(key: hex(vector.key))
            #expect(
                try des.encryptCBC(hex(vector.plain), iv: hex(vector.iv)) == hex(vector.cipher), "key \(vector.key)")
            #expect(try des.decryptCBC(hex(vector.cipher), iv: hex(vector.iv)) == hex(vector.plain))
        }
    }

    @Test("wrong lengths are refused with the figure")
    func refusals() throws {
        #expect(throws: CipherError.tripleDESKeyLength(24)) { try TripleDES(key: [UInt8](repeating: 0, count: 24)) }
        let des = try TripleDES(key: [UInt8](repeating: 0, count: 16))
        #expect(throws: CipherError.tripleDESNotWholeBlocks(12)) {
            try des.encryptCBC([UInt8](repeating: 0, count: 12), iv: [UInt8](repeating: 0, count: 8))
        }
        #expect(throws: CipherError.tripleDESIVLength(16)) {
            try des.decryptCBC([UInt8](repeating: 0, count: 8), iv: [UInt8](repeating: 0, count: 16))
        }
        #expect(try des.encryptCBC([], iv: [UInt8](repeating: 0, count: 8)) == [])
    }

    static func cases(seed: UInt64, count: Int) -> [(key: [UInt8], iv: [UInt8], plain: [UInt8])] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            let blocks = Int.random(in: 1...6, using: &random)
            return (random.bytes(16), random.bytes(8), random.bytes(8 * blocks))
        }
    }

    @Test(
        "100 random cases equal the openssl command's des-ede-cbc",
        .enabled(
            if: CipherPeers.openSSLAvailable || CipherPeers.peersRequired,
            "openssl 3.x not found (apt-get install openssl); skipped"))
    func agreesWithOpenSSL() throws {
        guard CipherPeerAgreementTests.peer(CipherPeers.openSSLAvailable, "openssl 3.x") else { return }
        let cases = Self.cases(seed: 0xDE5_0E1C, count: 100)
        let script = #"""
            while IFS=, read -r k iv m; do
                printf "$(printf %s "$m" | sed 's/../\\x&/g')" | openssl enc -des-ede-cbc -K "$k" -iv "$iv" -nopad \
                    | od -An -v -tx1 | tr -d ' \n'
                echo
            done
            """#
        let input = cases.map { "\(hex($0.key)),\(hex($0.iv)),\(hex($0.plain))\n" }.joined()
        let lines = try CipherPeers.run(["bash", "-c", script], input: input)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == cases.count)
        for (item, line) in zip(cases, lines) {
            let des = try TripleDES(key: item.key)
            #expect(try des.encryptCBC(item.plain, iv: item.iv) == hex(String(line)), "key \(hex(item.key))")
            #expect(try des.decryptCBC(hex(String(line)), iv: item.iv) == item.plain)
        }
    }

    @Test(
        "100 random cases equal Python cryptography's TripleDES-CBC",
        .enabled(
            if: CipherPeers.cryptographyAvailable || CipherPeers.peersRequired,
            "python3 with cryptography not found (pip install cryptography); skipped"))
    func agreesWithPythonCryptography() throws {
        guard CipherPeerAgreementTests.peer(CipherPeers.cryptographyAvailable, "python3 with cryptography") else {
            return
        }
        let cases = Self.cases(seed: 0x0DE5_CAFE, count: 100)
        // TripleDES moved to the "decrepit" module in cryptography 43; a 16-byte key is passed as
        // K1‖K2‖K1, which is what two-key DES-EDE is (16-byte keys are deprecated there).
        let script = """
            import sys
            try:
                from cryptography.hazmat.decrepit.ciphers.algorithms import TripleDES
            except ImportError:
                from cryptography.hazmat.primitives.ciphers.algorithms import TripleDES
            from cryptography.hazmat.primitives.ciphers import Cipher, modes
            for line in sys.stdin:
                k, iv, m = (bytes.fromhex(x) for x in line.strip().split(','))
                e = Cipher(TripleDES(k + k[:8]), modes.CBC(iv)).encryptor()
                print((e.update(m) + e.finalize()).hex())
            """
        let input = cases.map { "\(hex($0.key)),\(hex($0.iv)),\(hex($0.plain))\n" }.joined()
        let lines = try CipherPeers.run(["python3", "-c", script], input: input)
            .split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        try #require(lines.count == cases.count)
        for (item, line) in zip(cases, lines) {
            let des = try TripleDES(key: item.key)
            #expect(try des.encryptCBC(item.plain, iv: item.iv) == hex(String(line)), "key \(hex(item.key))")
        }
    }
}
