import Ciphers
import SUN
import Testing

/// The SDM session keys (shared/reference/type4-type5-ntag424.md §2.7–2.8): S1 is AN12196 §3.3
/// Table 1; S2, S3 and S4 give the keys their worked URLs used.
@Suite struct SUNSessionKeysTests {
    static let zero = [UInt8](repeating: 0, count: 16)

    @Test func an12196Table1() throws {
        // SV1 C33C0001008004C767F2066180010000: UID 04C767F2066180, counter bytes 01 00 00 = 1.
        let keys = try SUNSessionKeys(
            fileReadKey: SUNVerifierTests.bytes("5ACE7E50AB65D5D51FD5BF5A16B8205B"),
            uid: SUNVerifierTests.bytes("04C767F2066180"), counter: 1)
        #expect(keys.encryption == SUNVerifierTests.bytes("66DA61797E23DECA5D8ECA13BBADF7A9"))
        #expect(keys.mac == SUNVerifierTests.bytes("3A3E8110E05311F7A3FCF0D969BF2B48"))
    }

    @Test func theKeysOfTheWorkedURLs() throws {
        // S2: counter 61 (3D 00 00); S3: counter 8; S9: boltcard's k2, counter 0.
        let s2 = try SUNSessionKeys(fileReadKey: Self.zero, uid: SUNVerifierTests.bytes("04DE5F1EACC040"), counter: 61)
        #expect(s2.mac == SUNVerifierTests.bytes("3FB5F6E3A807A03D5E3570ACE393776F"))
        let s3 = try SUNSessionKeys(fileReadKey: Self.zero, uid: SUNVerifierTests.bytes("04958CAA5C5E80"), counter: 8)
        #expect(s3.mac == SUNVerifierTests.bytes("3ED0920E5E6A0320D823D5987FEAFBB1"))
        #expect(s3.encryption == SUNVerifierTests.bytes("42132D669442AD43E072C8C0C9828A72"))
        let s9 = try SUNSessionKeys(
            fileReadKey: SUNVerifierTests.bytes("2ab74abc1273fb43cae97553a36d4d08"),
            uid: SUNVerifierTests.bytes("0425607a8f6980"), counter: 0)
        #expect(s9.mac == SUNVerifierTests.bytes("85f6155e3414e60874534940a44703a2"))
    }

    @Test func s4sEncryptionKeyAndIV() throws {
        // AN12196 §3.4.3 Table 3: UID 04958CAA5C5E80, counter 01 00 00, keys 0; the IV is
        // E(KSesSDMFileReadENC, counter ‖ 00×13) and deciphers 94592FDE… to "xxxxxxxxxxxxxxxx".
        let keys = try SUNSessionKeys(fileReadKey: Self.zero, uid: SUNVerifierTests.bytes("04958CAA5C5E80"), counter: 1)
        #expect(keys.encryption == SUNVerifierTests.bytes("8097D73344D53F963B09E23E03B62336"))
        let aes = try AES128(key: keys.encryption)
        let iv = try aes.encrypt(block: [0x01, 0x00, 0x00] + [UInt8](repeating: 0, count: 13))
        #expect(iv == SUNVerifierTests.bytes("7B3F3CFC39D3B7FF5868636E38AF7C3A"))
        let plain = try aes.decryptCBC(SUNVerifierTests.bytes("94592FDE69FA06E8E3B6CA686A22842B"), iv: iv)
        #expect(plain == Array("xxxxxxxxxxxxxxxx".utf8))
        // And its PICCData decrypts, under meta key 0, to C7 ‖ UID ‖ 01 00 00 ‖ padding.
        let picc = try AES128(key: Self.zero).decryptCBC(
            SUNVerifierTests.bytes("FDE4AFA99B5C820A2C1BB0F1C792D0EB"), iv: Self.zero)
        #expect(picc == SUNVerifierTests.bytes("C704958CAA5C5E80010000851ECB67D4"))
    }

    @Test func aKeyThatIsNotSixteenBytesIsRefused() {
        #expect(throws: SUNError.keyLength(name: "file key", bytes: 15)) {
            try SUNSessionKeys(fileReadKey: [UInt8](repeating: 0, count: 15), uid: [0x04], counter: 0)
        }
    }
}
