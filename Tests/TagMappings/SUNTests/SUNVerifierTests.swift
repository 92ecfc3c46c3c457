import SUN
import Testing

/// The SUN verifier against the worked vectors of AN12196 and the SDM backends
/// (shared/reference/type4-type5-ntag424.md §2.8 S2, S3, S5, S6, S7, S9; S1 and S4 are in
/// `SUNSessionKeysTests`), and every way a URL can fail.
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

    /// S6 (sdm-backend `test_sun3_custom`), custom keys, in the bulk style: one `e=` holding
    /// PICCData ‖ enc ‖ MAC, the MAC over the enc hex alone.
    static let s6Meta = bytes("42aff114f2cb3b6141be6dc95dfc5416")
    static let s6File = bytes("b62a9baf092439bd43c62aee96b970c5")
    static let s6 =
        "https://sdm.example/tag?e=" + "8ACADDEF0A9B62CDAE39A16B83FC14DE" + "B8436E11F627BB7F543FCC0C1E0D1A89"
        + "238B2543A8DEBAD8"

    @Test func theBulkStyleWithCustomKeys() throws {
        let result = try SUNVerifier.verify(url: Self.s6, metaKey: Self.s6Meta, fileKey: Self.s6File)
        #expect(result.uid == Self.bytes("041d3c8a2d6b80"))
        #expect(result.counter == 291)
        #expect(result.fileData == Array("NTXXqno_oBFpwy-V".utf8))
    }

    @Test func theBulkMACCoversTheEncHexOnly() {
        // The same parts in the separated style: the MAC then covers "<enc>&cmac=", so S6's MAC fails.
        let separated =
            "https://sdm.example/tag?picc_data=8ACADDEF0A9B62CDAE39A16B83FC14DE&enc=B8436E11F627BB7F543FCC0C1E0D1A89&cmac=238B2543A8DEBAD8"
        #expect(throws: SUNError.macMismatch(received: "238B2543A8DEBAD8")) {
            try SUNVerifier.verify(url: separated, metaKey: Self.s6Meta, fileKey: Self.s6File)
        }
        // One enc digit changed inside the bulk field.
        let altered = Self.s6.replacingOccurrences(of: "B8436E11", with: "B8436E10")
        #expect(throws: SUNError.macMismatch(received: "238B2543A8DEBAD8")) {
            try SUNVerifier.verify(url: altered, metaKey: Self.s6Meta, fileKey: Self.s6File)
        }
    }

    /// S9 (boltcard, `Amperstrand/ntag424-vectors` `sdm-valid-picc-counter0`): `p=` for PICCData,
    /// the MAC over the empty string, counter 0.
    @Test func boltcardsPAndCWithAMACOverNothing() throws {
        let url = "lnurlw://card.yourdomain.com/ln?p=e61cb056f52d34f9368f079d1814d2cf&c=fcc9a22201ea2298"
        let result = try SUNVerifier.verify(
            url: url, metaKey: Self.bytes("55da174c9608993dc27bb3f30a4a7314"),
            fileKey: Self.bytes("2ab74abc1273fb43cae97553a36d4d08"))
        #expect(result.uid == Self.bytes("0425607a8f6980"))
        #expect(result.counter == 0)
        #expect(result.fileData == nil)
    }

    @Test func theCounterMustRiseAboveTheLastAcceptedOne() throws {
        // S2's counter is 61.
        let first = try SUNVerifier.verify(
            url: Self.s2, metaKey: Self.zero, fileKey: Self.zero, lastAcceptedCounter: nil)
        #expect(first.counter == 61)
        _ = try SUNVerifier.verify(url: Self.s2, metaKey: Self.zero, fileKey: Self.zero, lastAcceptedCounter: 60)
        for last in [61, 62, 0xFFFFFF] {
            #expect(throws: SUNError.counterNotIncreasing(uid: first.uid, counter: 61, lastAccepted: last)) {
                try SUNVerifier.verify(url: Self.s2, metaKey: Self.zero, fileKey: Self.zero, lastAcceptedCounter: last)
            }
        }
        // A forged URL is refused for its MAC before its counter is looked at.
        let forged = Self.s2.replacingOccurrences(of: "c=94EE", with: "c=94EF")
        #expect(throws: SUNError.macMismatch(received: "94EFD9EE65337086")) {
            try SUNVerifier.verify(url: forged, metaKey: Self.zero, fileKey: Self.zero, lastAcceptedCounter: 100)
        }
    }

    @Test func everyTamperingIsRefusedWithItsReason() {
        func reason(_ url: String, meta: [UInt8] = Self.zero, file: [UInt8] = Self.zero) -> SUNReason? {
            do {
                _ = try SUNVerifier.verify(url: url, metaKey: meta, fileKey: file)
                return nil
            } catch {
                return error.reason
            }
        }
        // One MAC digit changed, one enc digit changed (the MAC covers it), the wrong file key.
        #expect(reason(Self.s2.replacingOccurrences(of: "c=94EE", with: "c=94EF")) == .macMismatch)
        #expect(reason(Self.s3.replacingOccurrences(of: "enc=CEE9", with: "enc=CEE8")) == .macMismatch)
        #expect(reason(Self.s2, file: [UInt8](repeating: 1, count: 16)) == .macMismatch)
        // The wrong meta key: PICCData decrypts to noise.
        #expect(reason(Self.s2, meta: [UInt8](repeating: 1, count: 16)) == .wrongKey)
        #expect(reason(Self.s6, meta: Self.zero, file: Self.s6File) == .wrongKey)
        // PICCData of neither mode's size (32 or 48 digits), not hex; LRP-sized noise decrypts to noise.
        #expect(reason("https://ntag.nxp.com/424?e=EF963FF7&c=94EED9EE65337086") == .malformedPICCData)
        #expect(
            reason("https://x.example/?picc_data=" + String(repeating: "A", count: 40) + "&cmac=94EED9EE65337086")
                == .malformedPICCData)
        #expect(
            reason("https://x.example/?picc_data=" + String(repeating: "A", count: 48) + "&cmac=94EED9EE65337086")
                == .wrongKey)
        #expect(
            reason("https://ntag.nxp.com/424?e=ZZ963FF7828658A599F3041510671E88&c=94EED9EE65337086")
                == .malformedPICCData)
        #expect(
            reason("https://ntag.nxp.com/424?e=EF:63FF7828658A599F3041510671E8&c=94EED9EE65337086")
                == .malformedPICCData)
        // Malformed URLs: no query, no MAC, a short MAC, a bulk e= too short for its parts.
        #expect(reason("https://example.com/") == .malformedURL)
        #expect(reason("https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88") == .malformedURL)
        #expect(reason("https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EE") == .malformedURL)
        #expect(reason("https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88EE") == .malformedURL)
        #expect(reason("https://x.example/?uid=041E3C8A2D6B&ctr=000006&cmac=4B00064004B0B3D3") == .malformedURL)
        #expect(reason(Self.s2, meta: [0x00]) == .keyLength)
    }

    @Test func refusalSentencesCarryTheFiguresButNeverTheRightMAC() {
        let wrongKey = SUNError.wrongKey(tag: 0x0A).sentence
        #expect(wrongKey.contains("0x0A") && wrongKey.contains("0xC7"))
        let replay = SUNError.counterNotIncreasing(uid: Self.bytes("04DE5F1EACC040"), counter: 61, lastAccepted: 70)
        #expect(
            replay.sentence.contains("61") && replay.sentence.contains("70") && replay.sentence.contains("04:DE:5F"))
        #expect(SUNError.malformedPICCData(field: "e", hexDigits: 48, isHex: true).sentence.contains("48 hex digits"))
        do {
            _ = try SUNVerifier.verify(
                url: Self.s2.replacingOccurrences(of: "c=94EE", with: "c=94EF"), metaKey: Self.zero, fileKey: Self.zero)
        } catch {
            #expect(!error.sentence.contains("94EED9EE65337086"))
            #expect(error.origin == .refusal)
        }
        #expect(Set(SUNReason.allCases.map(\.rawValue)).count == SUNReason.allCases.count)
    }
}
