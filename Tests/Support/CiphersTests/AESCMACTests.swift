import Ciphers
import Testing

/// AES-CMAC against RFC 4493 §4 (all four examples and the subkeys).
@Suite struct AESCMACTests {
    static let key = hex("2b7e151628aed2a6abf7158809cf4f3c")
    static let message = AES128Tests.plaintext

    @Test("RFC 4493 §4: subkeys K1 and K2")
    func subkeys() throws {
        let cmac = try AESCMAC(key: Self.key)
        #expect(cmac.subkey1 == hex("fbeed618357133667c85e08f7236a8de"))
        #expect(cmac.subkey2 == hex("f7ddac306ae266ccf90bc11ee46d513b"))
    }

    @Test(
        "RFC 4493 §4: examples 1–4 (lengths 0, 16, 40, 64)",
        arguments: [
            (0, "bb1d6929e95937287fa37d129b756746"),
            (16, "070a16b46b4d4144f79bdd9dd04a287c"),
            (40, "dfa66747de9ae63030ca32611497c827"),
            (64, "51f0bebf7e3b9d92fc49741779363cfe"),
        ])
    func rfc4493Examples(length: Int, expected: String) throws {
        let cmac = try AESCMAC(key: Self.key)
        let message = Array(Self.message.prefix(length))
        #expect(cmac.mac(message) == hex(expected))
        #expect(try AESCMAC.mac(key: Self.key, message: message) == hex(expected))
        #expect(cmac.verify(hex(expected), of: message))
        #expect(cmac.verify(Array(hex(expected).prefix(8)), of: message))
        var wrong = hex(expected)
        wrong[15] ^= 0x01
        #expect(!cmac.verify(wrong, of: message))
        #expect(!cmac.verify([], of: message))
    }

    @Test("A bad key length is a typed error")
    func badKey() {
        #expect(throws: CipherError.keyLength(0)) { try AESCMAC(key: []) }
    }
}
