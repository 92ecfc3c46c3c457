import Ciphers
import SUN
import TapCardSupport
import TestSupport
import Testing

/// Per-tag keys from a master key: sdm-backend's KDF vectors (tests/test_kdf.py at b459ca1),
/// AN10922's worked example, and URLs made by an independent Python implementation of both
/// schemes (hmac, hashlib and `cryptography`), which must verify with the master key alone and be
/// refused after any one-byte change.
@Suite struct SUNKeyDerivationTests {
    static func bytes(_ text: String) -> [UInt8] { SUNVerifierTests.bytes(text) }

    struct KDFVector: Sendable, CustomStringConvertible {
        var master: String
        var meta: String
        var tagKeys: [(uid: String, number: Int, key: String)]
        var description: String { master }
    }

    /// sdm-backend tests/test_kdf.py: derive_undiversified_key(master, 1) and derive_tag_key.
    static let kdfVectors: [KDFVector] = [
        KDFVector(
            master: "00000000000000000000000000000000", meta: "00000000000000000000000000000000",
            tagKeys: [
                ("010203040506AB", 1, "00000000000000000000000000000000"),
                ("03030303030303", 2, "00000000000000000000000000000000"),
            ]),
        KDFVector(
            master: "C9EB67DF090AFF47C3B19A2516680B9D", meta: "a13086f194d7bdfd108dd11716ea2bdf",
            tagKeys: [
                ("010203040506AB", 1, "f18cdd9389d47ae7ab381e80e5ab6fe3"),
                ("03030303030303", 2, "85f7cc459a5b4b2f5d1a5019ded61c88"),
            ]),
        KDFVector(
            master: "B95F4C27E3D0BC333792EA968545217F", meta: "3a553c40846fda656faa0fce4f45fdbd",
            tagKeys: [
                ("010203040506AB", 1, "00883874c67dd23032b2acd10d771635"),
                ("05050505050505", 2, "89ae686de793fdf48057ee6e78505cfc"),
            ]),
    ]

    @Test("sdm-backend's KDF vectors (test_kdf.py), on every AES backend", arguments: kdfVectors)
    func sdmBackendVectors(_ vector: KDFVector) throws {
        for backend in AESBackend.allCases where backend.isAvailable {
            for (uid, number, key) in vector.tagKeys {
                let derivation = try SUNKeyDerivation(
                    masterKey: Self.bytes(vector.master), fileKeyNumber: number, backend: backend)
                #expect(Hex.encode(derivation.metaKey) == vector.meta)
                #expect(Hex.encode(derivation.fileKey(uid: Self.bytes(uid))) == key, "\(backend) key \(number)")
            }
        }
    }

    @Test("AN10922's worked example through the derivation: UID, then AID ‖ system identifier")
    func an10922Example() throws {
        let derivation = try SUNKeyDerivation(
            masterKey: Self.bytes("00112233445566778899AABBCCDDEEFF"), scheme: .an10922,
            systemIdentifier: Self.bytes("3042F5") + Array("NXP Abu".utf8))
        #expect(Hex.encode(derivation.fileKey(uid: Self.bytes("04782E21801D80"))) == "a8dd63a3b89d54b37ca802473fda9175")
        // Not diversified: the master key itself, unless another meta key is given.
        #expect(derivation.metaKey == Self.bytes("00112233445566778899AABBCCDDEEFF"))
    }

    @Test(
        "A tag's key set: sdm-backend gives key 1 the meta key and keys 0, 2, 3, 4 their own; AN10922 only the two SDM keys"
    )
    func tagKeys() throws {
        let uid = Self.bytes("04A1B2C3D4E5F6")
        let sdm = try SUNKeyDerivation(masterKey: Self.bytes("C9EB67DF090AFF47C3B19A2516680B9D"))
        let keys = (0...4).map { sdm.tagKey(number: $0, uid: uid) }
        #expect(keys[1] == sdm.metaKey)
        #expect(keys[2] == sdm.fileKey(uid: uid))
        #expect(Set(keys.compactMap { $0.map { Hex.encode($0) } }).count == 5, "five different keys")
        let an = try SUNKeyDerivation(masterKey: Self.bytes("C9EB67DF090AFF47C3B19A2516680B9D"), scheme: .an10922)
        #expect(an.tagKey(number: 0, uid: uid) == nil)
        #expect(an.tagKey(number: 2, uid: uid) == an.fileKey(uid: uid))
        #expect(an.tagKey(number: 1, uid: uid) == an.metaKey)
    }

    @Test("Refused before any URL: a key number outside 0-4, a short master key, an AN10922 input over 31 bytes")
    func refusals() {
        #expect(throws: SUNError.derivation(reason: "the file key number is 5; NTAG 424 DNA keys are 0 to 4")) {
            try SUNKeyDerivation(masterKey: [UInt8](repeating: 1, count: 16), fileKeyNumber: 5)
        }
        #expect(throws: SUNError.keyLength(name: "master key", bytes: 15)) {
            try SUNKeyDerivation(masterKey: [UInt8](repeating: 1, count: 15))
        }
        #expect(throws: SUNError.self) {
            try SUNKeyDerivation(
                masterKey: [UInt8](repeating: 1, count: 16), scheme: .an10922,
                systemIdentifier: [UInt8](repeating: 0, count: 25))
        }
    }

    /// URLs of diversified tags made in Python, independently of TapCard: each line is
    /// scheme, master key, URL.
    static let generator = """
        import sys, hmac, hashlib, random
        from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
        from cryptography.hazmat.primitives.cmac import CMAC
        def cmac(k, m):
            c = CMAC(algorithms.AES(k)); c.update(m); return c.finalize()
        def ecb(k, m):
            e = Cipher(algorithms.AES(k), modes.ECB()).encryptor(); return e.update(m) + e.finalize()
        def cbc(k, iv, m):
            e = Cipher(algorithms.AES(k), modes.CBC(iv)).encryptor(); return e.update(m) + e.finalize()
        def h(k, m, full=False):
            d = hmac.new(k, m, hashlib.sha256).digest(); return d if full else d[:16]
        def keys(scheme, master, uid):
            if scheme == "sdm-backend":
                if master == bytes(16): return bytes(16), bytes(16)
                meta = h(master, b"PICCDataKey")
                file = cmac(h(master, b"SlotMasterKey" + bytes([2])), b"\\x01" + h(h(master, b"DivBaseKey", True), uid))
                return meta, file
            # AN10922: CMAC over 01 || UID, padded to 32 bytes, with K2 (computed here by hand).
            l = ecb(master, bytes(16))
            def dbl(b):
                n = int.from_bytes(b, "big") << 1
                if b[0] & 0x80: n ^= 0x87
                return (n & ((1 << 128) - 1)).to_bytes(16, "big")
            k2 = dbl(dbl(l))
            d = b"\\x01" + uid + b"\\x80"; d += bytes(32 - len(d))
            y = ecb(master, d[:16])
            return master, ecb(master, bytes(a ^ b ^ c for a, b, c in zip(y, d[16:], k2)))
        rng = random.Random(int(sys.argv[1]))
        for n in range(int(sys.argv[2])):
            scheme = ("sdm-backend", "an10922")[n % 2]
            master = bytes(16) if n == 4 else bytes(rng.randrange(256) for _ in range(16))
            uid = b"\\x04" + bytes(rng.randrange(256) for _ in range(6))
            ctr = rng.randrange(1 << 24); c = ctr.to_bytes(3, "little")
            meta, file = keys(scheme, master, uid)
            picc = ecb(meta, b"\\xc7" + uid + c + bytes(rng.randrange(256) for _ in range(5))).hex().upper()
            mac_key = cmac(file, b"\\x3c\\xc3\\x00\\x01\\x00\\x80" + uid + c)
            if n % 3 == 0:
                enc_key = cmac(file, b"\\xc3\\x3c\\x00\\x01\\x00\\x80" + uid + c)
                enc = cbc(enc_key, ecb(enc_key, c + bytes(13)), bytes(rng.randrange(256) for _ in range(16))).hex().upper()
                mac = cmac(mac_key, (enc + "&cmac=").encode())[1::2].hex().upper()
                url = f"https://t.example/?picc_data={picc}&enc={enc}&cmac={mac}"
            else:
                url = f"https://t.example/?picc_data={picc}&cmac={cmac(mac_key, b'')[1::2].hex().upper()}"
            print(scheme, master.hex(), url)
        """

    @Test(
        "120 diversified tags made by Python (both schemes, with and without enc): each verifies with the master key alone; one changed byte anywhere in the URL's SUN fields is refused",
        .enabled(if: PeerProcess.peersRequired || pythonCryptography, "python3 with cryptography not found; skipped"))
    func independentURLsVerify() throws {
        guard Self.pythonCryptography else {
            Issue.record("python3 with cryptography is required here (TAPCARD_REQUIRE_PEERS is set)")
            return
        }
        let lines = try PeerProcess.output(["python3", "-c", Self.generator, "38", "120"]).split(separator: "\n")
        try #require(lines.count == 120)
        let workspace = SUNWorkspace()
        for line in lines {
            let fields = line.split(separator: " ").map(String.init)
            let scheme = try #require(SUNDiversification(rawValue: fields[0]))
            let verifier = SUNVerifier(
                derivation: try SUNKeyDerivation(masterKey: Self.bytes(fields[1]), scheme: scheme))
            let url = fields[2]
            #expect(throws: Never.self, "\(url)") { try verifier.verify(url: url, workspace: workspace) }
            // One changed hex digit in the SUN part (after "?"): never accepted.
            let query = url.firstIndex(of: "?")!
            let positions = url.indices.filter { $0 > query && url[$0].isHexDigit }
            for position in positions.shuffled().prefix(6) {
                var changed = url
                let digit = url[position]
                changed.replaceSubrange(position...position, with: digit == "0" ? "1" : "0")
                #expect(throws: SUNError.self) { try verifier.verify(url: changed, workspace: workspace) }
            }
            // The other scheme, or another master key, does not verify it.
            let other = SUNVerifier(
                derivation: try SUNKeyDerivation(
                    masterKey: Self.bytes(fields[1]), scheme: scheme == .sdmBackend ? .an10922 : .sdmBackend))
            if fields[1] != "00000000000000000000000000000000" {
                #expect(throws: SUNError.self) { try other.verify(url: url) }
            }
        }
    }

    static let pythonCryptography: Bool = {
        (try? PeerProcess.output(["python3", "-c", "import cryptography.hazmat.primitives.cmac"])) != nil
    }()
}
