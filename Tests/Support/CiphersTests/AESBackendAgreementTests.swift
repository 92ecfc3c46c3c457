import TestSupport
import Testing

@testable import Ciphers

/// The platform's AES (OpenSSL's libcrypto on Linux, CommonCrypto on Apple platforms) and TapCard's
/// own Swift AES behind the one interface, ``AESContext``: both give the published vectors, and they
/// agree with each other on 10,000 seeded random blocks, both ways, ECB, CBC and CMAC.
@Suite struct AESBackendAgreementTests {
    /// Every backend this process can run; the platform's must be among them (on Linux the test
    /// machines have libcrypto.so.3; a platform AES that silently fell back would make the speed
    /// claim false).
    static let backends: [AESBackend] = AESBackend.allCases.filter(\.isAvailable)

    @Test("The platform's AES loads here, and is what a context uses by default")
    func platformLoads() throws {
        let platform = try #require(
            AESBackend.platform, "the platform AES did not load: \(AESBackend.platformUnavailableReason ?? "?")")
        #expect(platform != .swift)
        #expect(AESBackend.preferred == platform)
        #expect(try AESContext(key: [UInt8](repeating: 0, count: 16)).backend == platform)
        #expect(try AESContext(key: [UInt8](repeating: 0, count: 16), backend: .swift).backend == .swift)
    }

    @Test("FIPS 197 C.1 and NIST SP 800-38A F.1 (ECB) / F.2 (CBC) on every backend", arguments: backends)
    func publishedVectors(backend: AESBackend) throws {
        let fips = try AESContext(key: hex("000102030405060708090a0b0c0d0e0f"), backend: backend)
        #expect(fips.backend == backend)
        #expect(
            try fips.encrypt(block: hex("00112233445566778899aabbccddeeff")) == hex("69c4e0d86a7b0430d8cdb78070b4c55a"))
        #expect(
            try fips.decrypt(block: hex("69c4e0d86a7b0430d8cdb78070b4c55a")) == hex("00112233445566778899aabbccddeeff"))
        let aes = try AESContext(key: AES128Tests.key, backend: backend)
        let ecb = hex(
            """
            3ad77bb40d7a3660a89ecaf32466ef97 f5d3d58503b9699de785895a96fdbaaf
            43b1cd7f598ece23881b00e3ed030688 7b0c785e27e8ad3f8223207104725dd4
            """)
        #expect(try aes.encryptECB(AES128Tests.plaintext) == ecb)
        #expect(try aes.decryptECB(ecb) == AES128Tests.plaintext)
        let iv = hex("000102030405060708090a0b0c0d0e0f")
        let cbc = hex(
            """
            7649abac8119b246cee98e9b12e9197d 5086cb9b507219ee95db113a917678b2
            73bed6b8e3c1743b7116e69e22229516 3ff1caa1681fac09120eca307586e1a7
            """)
        #expect(try aes.encryptCBC(AES128Tests.plaintext, iv: iv) == cbc)
        #expect(try aes.decryptCBC(cbc, iv: iv) == AES128Tests.plaintext)
        #expect(try aes.encryptECB([]) == [])
    }

    @Test(
        "RFC 4493 §4: subkeys and examples 1–4 on every backend",
        arguments: backends)
    func rfc4493(backend: AESBackend) throws {
        let cmac = try AESCMAC(key: AES128Tests.key, backend: backend)
        #expect(cmac.backend == backend)
        #expect(cmac.subkey1 == hex("fbeed618357133667c85e08f7236a8de"))
        #expect(cmac.subkey2 == hex("f7ddac306ae266ccf90bc11ee46d513b"))
        let expected = [
            (0, "bb1d6929e95937287fa37d129b756746"), (16, "070a16b46b4d4144f79bdd9dd04a287c"),
            (40, "dfa66747de9ae63030ca32611497c827"), (64, "51f0bebf7e3b9d92fc49741779363cfe"),
        ]
        for (length, mac) in expected {
            #expect(cmac.mac(Array(AES128Tests.plaintext.prefix(length))) == hex(mac), "length \(length)")
        }
    }

    @Test("Platform and Swift AES agree on 10,000 seeded random blocks (keys, ECB both ways, CBC, CMAC)")
    func randomAgreement() throws {
        let platform = try #require(AESBackend.platform)
        var random = SplitMix64(seed: 0x4145_5325)
        for round in 0..<10_000 {
            // A new key for every block: the key schedules are compared too.
            let key = random.bytes(16)
            let fast = try AESContext(key: key, backend: platform)
            let reference = try AES128(key: key)
            let block = random.bytes(16)
            let encrypted = try fast.encrypt(block: block)
            try #require(encrypted == (try reference.encrypt(block: block)), "round \(round)")
            try #require(try fast.decrypt(block: block) == (try reference.decrypt(block: block)), "round \(round)")
            try #require(try fast.decrypt(block: encrypted) == block)
            if round % 100 == 0 {
                let data = random.bytes(16 * (1 + round % 7))
                let iv = random.bytes(16)
                #expect(try fast.encryptCBC(data, iv: iv) == (try reference.encryptCBC(data, iv: iv)))
                #expect(try fast.decryptCBC(data, iv: iv) == (try reference.decryptCBC(data, iv: iv)))
                let message = random.bytes(round % 77)
                #expect(
                    try AESCMAC(key: key, backend: platform).mac(message)
                        == (try AESCMAC(key: key, backend: .swift).mac(message)))
            }
        }
    }

    @Test(
        "A context made for encryption only still encrypts; key and block lengths are typed errors", arguments: backends
    )
    func directionsAndErrors(backend: AESBackend) throws {
        let encryptOnly = try AESContext(key: AES128Tests.key, backend: backend, directions: .encrypt)
        #expect(
            try encryptOnly.encrypt(block: Array(AES128Tests.plaintext.prefix(16)))
                == hex("3ad77bb40d7a3660a89ecaf32466ef97"))
        #expect(throws: CipherError.keyLength(15)) {
            try AESContext(key: [UInt8](repeating: 0, count: 15), backend: backend)
        }
        #expect(throws: CipherError.notWholeBlocks(15)) { try encryptOnly.encryptECB([UInt8](repeating: 0, count: 15)) }
        #expect(throws: CipherError.ivLength(8)) {
            try encryptOnly.encryptCBC([UInt8](repeating: 0, count: 16), iv: [0, 0, 0, 0, 0, 0, 0, 0])
        }
    }
}
