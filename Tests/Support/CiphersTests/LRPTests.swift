import Testing

@testable import Ciphers

/// LRP against AN12304's worked values as sdm-backend's tests carry them (tests/test_lrp.py,
/// tests/test_lrp_sdm.py of github.com/nfc-developer/sdm-backend): plaintexts, updated keys, the
/// evaluation, LRICB both ways and CMAC_LRP, on every AES backend.
@Suite struct LRPTests {
    @Test("Algorithms 1 and 2: plaintexts and updated keys", arguments: AESBackendAgreementTests.backends)
    func plaintextsAndUpdatedKeys(backend: AESBackend) throws {
        let lrp = try LRP(key: hex("567826B8DA8E768432A9548DBE4AA3A0"), backend: backend)
        #expect(lrp.plaintexts[0] == hex("AC20D39F5341FE98DFCA21DA86BA7914"))
        #expect(lrp.plaintexts[15] == hex("71B444AF257A93215311D758DD333247"))
        #expect(lrp.updatedKeys[0] == hex("163D14ED24ED93537356 8EC521E96CF4"))
        #expect(lrp.updatedKeys[2] == hex("FE30AB50467E61783BFE6B5E0560160E"))
    }

    @Test("Algorithm 3: evaluations, final or not")
    func evaluation() throws {
        #expect(
            try LRP(key: hex("567826B8DA8E768432A9548DBE4AA3A0")).evaluate(hex("1359"), updatedKey: 2, final: true)
                == hex("1ba2c0c578996bc497dd181c6885a9dd"))
        #expect(
            try LRP(key: hex("88B95581002057A93E421EFE4076338B")).evaluate(hex("77299D"), updatedKey: 2, final: true)
                == hex("E9C04556A214AC3297B83E4BDF46F142"))
        #expect(
            try LRP(key: hex("9AFF3EF56FFEC3153B1CADB48B445409")).evaluate(
                hex("4B073B247CD48F7E0A"), updatedKey: 3, final: false) == hex("909415E5C8BE77563050F2227E17C0E4"))
    }

    @Test("LRICB with padding by the caller, both ways; the counter wraps")
    func lricb() throws {
        let lrp = try LRP(key: hex("E0C4935FF0C254CD2CEF8FDDC32460CF"))
        let padded = hex("012D7F1653CAF6503C6AB0C1010E8CB0") + hex("80000000000000000000000000000000")
        let cipher = hex("FCBBACAA4F29182464F99DE41085266F480E863E487BAAF687B43ED1ECE0D623")
        #expect(try lrp.encryptLRICB(padded, counter: hex("C3315DBF"), updatedKey: 0) == cipher)
        #expect(try lrp.decryptLRICB(cipher, counter: hex("C3315DBF"), updatedKey: 0) == padded)
        #expect(LRP.increment([0x12, 0x11]) == [0x12, 0x12])
        #expect(LRP.increment([0xFF, 0xFF]) == [0x00, 0x00])
        #expect(throws: CipherError.notWholeBlocks(15)) {
            try lrp.decryptLRICB([UInt8](repeating: 0, count: 15), counter: [0], updatedKey: 0)
        }
    }

    @Test(
        "CMAC_LRP",
        arguments: [
            ("8195088CE6C393708EBBE6C7914ECB0B", "BBD5B85772C7", "AD8595E0B49C5C0DB18E77355F5AAFF6"),
            ("E2F84A0B0AF40EFEB3EEA215A436605C", "8BF1DDA9FE445560A4F4EB9CE0", "D04382DF71BC293FEC4BB10BDB13805F"),
            (
                "5AA9F6C6DE5138113DF5D6B6C77D5D52", "A4434D740C2CB665FE5396959189383F",
                "8B43ADF767E46B692E8F24E837CB5EFC"
            ),
        ])
    func cmac(key: String, message: String, expected: String) throws {
        #expect(try LRP(key: hex(key)).cmac(hex(message)) == hex(expected))
    }

    @Test("AN12304-style SDM example (test_lrp_sdm): PICCData decrypts, the session master key")
    func sdmExample() throws {
        let zero = try LRP(key: [UInt8](repeating: 0, count: 16))
        let plain = try zero.decryptLRICB(
            hex("26BCE407959AB1A5EC022819A35CD293"), counter: hex("AAE1508939ECF6FF"), updatedKey: 0)
        #expect(plain == hex("c7042e1d222a63806a000016e2ca89d1"))
        let sv = hex("00010080") + Array(plain[1...10]) + hex("1EE1")
        #expect(zero.cmac(sv) == hex("99c2fd9c885c2ca3c9089c20057310c0"))
    }
}
