import Testing

@testable import Ciphers

/// AES-128 against FIPS 197 and NIST SP 800-38A (all values checked again with `openssl enc`).
@Suite struct AES128Tests {
    /// NIST SP 800-38A Appendix F: the key and the four plaintext blocks of F.1 and F.2.
    static let key = hex("2b7e151628aed2a6abf7158809cf4f3c")
    static let plaintext = hex(
        """
        6bc1bee22e409f96e93d7e117393172a ae2d8a571e03ac9c9eb76fac45af8e51
        30c81c46a35ce411e5fbc1191a0a52ef f69f2445df4f9b17ad2b417be66c3710
        """)

    @Test("FIPS 197 Appendix C.1: AES-128 of 00112233…ff under 00010203…0f, both ways")
    func fips197AppendixC1() throws {
        let cipher = try AES128(key: hex("000102030405060708090a0b0c0d0e0f"))
        let plain = hex("00112233445566778899aabbccddeeff")
        let expected = hex("69c4e0d86a7b0430d8cdb78070b4c55a")
        #expect(try cipher.encrypt(block: plain) == expected)
        #expect(try cipher.decrypt(block: expected) == plain)
    }

    @Test("NIST SP 800-38A F.1.1 / F.1.2: ECB-AES128 encrypt and decrypt")
    func sp800_38aECB() throws {
        let cipher = try AES128(key: Self.key)
        let expected = hex(
            """
            3ad77bb40d7a3660a89ecaf32466ef97 f5d3d58503b9699de785895a96fdbaaf
            43b1cd7f598ece23881b00e3ed030688 7b0c785e27e8ad3f8223207104725dd4
            """)
        #expect(try cipher.encryptECB(Self.plaintext) == expected)
        #expect(try cipher.decryptECB(expected) == Self.plaintext)
    }

    @Test("NIST SP 800-38A F.2.1 / F.2.2: CBC-AES128 encrypt and decrypt")
    func sp800_38aCBC() throws {
        let cipher = try AES128(key: Self.key)
        let iv = hex("000102030405060708090a0b0c0d0e0f")
        let expected = hex(
            """
            7649abac8119b246cee98e9b12e9197d 5086cb9b507219ee95db113a917678b2
            73bed6b8e3c1743b7116e69e22229516 3ff1caa1681fac09120eca307586e1a7
            """)
        #expect(try cipher.encryptCBC(Self.plaintext, iv: iv) == expected)
        #expect(try cipher.decryptCBC(expected, iv: iv) == Self.plaintext)
        // Each ciphertext block depends on the IV: a different IV changes the first block.
        var otherIV = iv
        otherIV[15] ^= 1
        #expect(try Array(cipher.encryptCBC(Self.plaintext, iv: otherIV).prefix(16)) != Array(expected.prefix(16)))
    }

    @Test("FIPS 197 §5.1.1: the computed S-box maps 00 → 63 and 53 → ED, is a permutation, and inverts")
    func computedSBox() {
        #expect(ByteLanes.substitute(0x00) & 0xFF == 0x63)
        #expect(ByteLanes.substitute(0x53) & 0xFF == 0xED)
        var seen = Set<UInt64>()
        for value in UInt64(0)...255 {
            // The same byte in every lane gives the same result in every lane.
            let lanes = ByteLanes.substitute(value &* ByteLanes.low1)
            let out = lanes & 0xFF
            #expect(lanes == out &* ByteLanes.low1)
            seen.insert(out)
            #expect(ByteLanes.substituteInverse(out) & 0xFF == value)
        }
        #expect(seen.count == 256)
    }

    @Test("Wrong lengths are typed errors naming the figure")
    func wrongLengths() throws {
        #expect(throws: CipherError.keyLength(15)) { try AES128(key: [UInt8](repeating: 0, count: 15)) }
        let cipher = try AES128(key: Self.key)
        #expect(throws: CipherError.notWholeBlocks(17)) { try cipher.encryptECB([UInt8](repeating: 0, count: 17)) }
        #expect(throws: CipherError.notWholeBlocks(15)) { try cipher.encrypt(block: [UInt8](repeating: 0, count: 15)) }
        #expect(throws: CipherError.notWholeBlocks(32)) { try cipher.decrypt(block: [UInt8](repeating: 0, count: 32)) }
        #expect(throws: CipherError.notWholeBlocks(1)) {
            try cipher.decryptCBC([0], iv: [UInt8](repeating: 0, count: 16))
        }
        #expect(throws: CipherError.ivLength(8)) { try cipher.encryptCBC([], iv: [UInt8](repeating: 0, count: 8)) }
        #expect(try cipher.encryptCBC([], iv: [UInt8](repeating: 0, count: 16)) == [])
        #expect(CipherError.notWholeBlocks(17).description.contains("17 bytes"))
    }
}
