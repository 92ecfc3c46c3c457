import Testing
import Type4

/// The SUN verifier against the worked vectors of AN12196 and the SDM backends
/// (shared/reference/type4-type5-ntag424.md §2.8 S2, S3, S5, S7), and every way a URL can fail.
@Suite struct SUNVerifierTests {
    static let zero = [UInt8](repeating: 0, count: 16)

    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            out.append(UInt8(hex[index..<next], radix: 16)!)
            index = next
        }
        return out
    }

    static let s2 = "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086"
    static let s3 =
        "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"

    @Test func an12196sEncryptedPICCDataWithAMACOverNothing() throws {
        let result = try SUNVerifier.verify(url: Self.s2, metaKey: Self.zero, fileKey: Self.zero)
        #expect(result.uid == Self.bytes("04DE5F1EACC040"))
        #expect(result.counter == 61)
        #expect(result.fileData == nil)
    }

    @Test func encryptedFileDataAndAMACOverTheEncFieldAndCmacName() throws {
        let result = try SUNVerifier.verify(url: Self.s3, metaKey: Self.zero, fileKey: Self.zero)
        #expect(result.uid == Self.bytes("04958CAA5C5E80"))
        #expect(result.counter == 8)
        #expect(result.fileData == Array("xxxxxxxxxxxxxxxx".utf8))
    }

    @Test func theBackendsPlainMirrorWithTheCounterMSBFirst() throws {
        // S5: ctr=000006 is MSB first in the URL; SV2 takes 06 00 00.
        let url = "https://example.com/?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3"
        let result = try SUNVerifier.verify(url: url, metaKey: Self.zero, fileKey: Self.zero)
        #expect(result.uid == Self.bytes("041E3C8A2D6B80"))
        #expect(result.counter == 6)
    }

    @Test func aFortyEightByteEncryptedRegion() throws {
        // S7 (johnnyb/ntag424-java#9, validated by the sdm-backend demo).
        let url =
            "https://sdm.nfcdeveloper.com/tagpt?picc_data=4E8D0223F8C17CDCCE5BC24076CFAA0D&enc=B56FED7FF7B23791C0684F17E117C97450723BB5C104E809C8929F0264CB99F9969D07FC32BB2D11995AEF826E355097&cmac=5FD76DE4BD942DFC"
        let result = try SUNVerifier.verify(url: url, metaKey: Self.zero, fileKey: Self.zero)
        #expect(result.uid == Self.bytes("049F50824F1390"))
        #expect(result.counter == 16)
        #expect(result.fileData == Array("19.05.2024 12:22:33#1234************************".utf8))
    }

    @Test func everyTamperingIsRefusedWithItsReason() {
        func reason(_ url: String, meta: [UInt8] = Self.zero, file: [UInt8] = Self.zero) -> String? {
            do {
                _ = try SUNVerifier.verify(url: url, metaKey: meta, fileKey: file)
                return nil
            } catch {
                return error.reason
            }
        }
        // One MAC digit changed, one enc digit changed (the MAC covers it), the wrong file key.
        #expect(reason(Self.s2.replacingOccurrences(of: "c=94EE", with: "c=94EF")) == "mac-mismatch")
        #expect(reason(Self.s3.replacingOccurrences(of: "enc=CEE9", with: "enc=CEE8")) == "mac-mismatch")
        #expect(reason(Self.s2, file: [UInt8](repeating: 1, count: 16)) == "mac-mismatch")
        // The wrong meta key: PICCData decrypts to noise.
        #expect(reason(Self.s2, meta: [UInt8](repeating: 1, count: 16)) == "wrong-key-or-malformed-picc-data")
        // Malformed URLs.
        #expect(reason("https://example.com/") == "malformed-url")
        #expect(reason("https://ntag.nxp.com/424?e=EF963FF7&c=94EED9EE65337086") == "malformed-url")
        #expect(reason("https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88") == "malformed-url")
        #expect(
            reason("https://ntag.nxp.com/424?e=ZZ963FF7828658A599F3041510671E88&c=94EED9EE65337086") == "malformed-url")
        #expect(reason(Self.s2, meta: [0x00]) == "key-length")
    }
}
