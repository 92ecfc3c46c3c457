import Originality
import TapCardSupport
import Testing

/// NTAG 424 DNA originality signatures (secp224r1, 56 bytes over the raw 7-byte UID): published
/// pairs, corruption, malformed input, and the verdicts' wording.
@Suite struct NTAG424SignatureTests {
    /// NTAG 424 DNA UID and Read_Sig pairs from RfidResearchGroup/proxmark3 `tools/recover_pk.py`
    /// (its self-test recovers ``OriginalityKey/ntag424DNA`` from them).
    static let ntag424: [(uid: String, signature: String)] = [
        (
            "0463474AA26A80",
            "27E9A50E6CA4BA9037C02F7D20A80D0284D0C1D83C67F5A5AC1D8A4E"
                + "F86C9508417E4E9C6F85AA7920F0ABDED984CAF20467D66EA54BBF08"
        ),
        (
            "04C46C222A6380",
            "344A806EBF704C05C19215D2F840529CE365AAD2D08A469A95896D75"
                + "D477D9FAB02A0C827E9F215BD8EB0E56A3A9A008FB75D706AABBD4DA"
        ),
    ]

    /// MIFARE DESFire EV2 pairs from the same file, signed with the second secp224r1 key
    /// (``OriginalityKey/ntag424DNATagTamper``).
    static let desfireEV2: [(uid: String, signature: String)] = [
        (
            "042A41CAE45380",
            "B2769F8DDB575AEA2A680ADCA8FFED4FAB81A1E9908E2B82FE0FABB6"
                + "97BBD9B23835C416970E75768F12902ACA491349E94E6589EAF4F508"
        ),
        (
            "045640CAE45380",
            "D34B53A8C2C100D700DEA1C4C0D0DE4409F3A418CD8D57C4F41F146E"
                + "42AD9A55F014199ABBF5CA259C7799DB0AE20D5E77D4950AC7E95D33"
        ),
    ]

    @Test(arguments: 0..<2)
    func publishedNTAG424PairVerifies(index: Int) throws {
        let uid = try Hex.decode(Self.ntag424[index].uid)
        let signature = try Hex.decode(Self.ntag424[index].signature)
        #expect(Secp224r1.verify(message: uid, signature: signature, publicKey: OriginalityKey.ntag424DNA.publicKey))
        #expect(
            !Secp224r1.verify(
                message: uid, signature: signature, publicKey: OriginalityKey.ntag424DNATagTamper.publicKey))
        let check = SignatureCheck.check(uid: uid, signature: signature, scheme: .ntag424DNA)
        #expect(check.verdict == .valid(keyName: "NTAG 424 DNA"))
        #expect(check.statement.contains("NXP silicon was once programmed with UID"))
        #expect(check.statement.contains("does not prove this tag is that chip"))
        // A 56-byte signature means nothing to the Type 2 check.
        #expect(
            SignatureCheck.check(uid: uid, signature: signature).verdict
                == .unavailable(reason: "the signature has 56 bytes instead of 32"))
    }

    @Test(arguments: 0..<2)
    func publishedDESFireEV2PairVerifiesUnderTheSecondKey(index: Int) throws {
        let uid = try Hex.decode(Self.desfireEV2[index].uid)
        let signature = try Hex.decode(Self.desfireEV2[index].signature)
        #expect(!Secp224r1.verify(message: uid, signature: signature, publicKey: OriginalityKey.ntag424DNA.publicKey))
        let check = SignatureCheck.check(uid: uid, signature: signature, scheme: .ntag424DNA)
        #expect(check.verdict == .valid(keyName: "NTAG 424 DNA TagTamper / DESFire EV2"))
    }

    @Test(arguments: 0..<2)
    func flippingAnyUIDOrSignatureBitFails(index: Int) throws {
        let uid = try Hex.decode(Self.ntag424[index].uid)
        let signature = try Hex.decode(Self.ntag424[index].signature)
        let key = OriginalityKey.ntag424DNA.publicKey
        for byte in 0..<7 {
            var bad = uid
            bad[byte] ^= 1 << UInt8((byte + index) % 8)
            #expect(!Secp224r1.verify(message: bad, signature: signature, publicKey: key))
        }
        for byte in 0..<56 {
            var bad = signature
            bad[byte] ^= 0x80 >> UInt8(byte % 8)
            #expect(!Secp224r1.verify(message: uid, signature: bad, publicKey: key))
        }
        // The UID with a zero byte appended is a different integer: it must not verify either.
        #expect(!Secp224r1.verify(message: uid + [0x00], signature: signature, publicKey: key))
        var bad = signature
        bad[55] ^= 1
        let check = SignatureCheck.check(uid: uid, signature: bad, scheme: .ntag424DNA)
        #expect(check.verdict == .invalid)
        #expect(check.statement.contains("(NTAG 424 DNA, NTAG 424 DNA TagTamper / DESFire EV2)"))
    }

    @Test func scalarsOutOfRangeAndMalformedInputsDoNotVerify() throws {
        let uid = try Hex.decode(Self.ntag424[0].uid)
        let signature = try Hex.decode(Self.ntag424[0].signature)
        let key = OriginalityKey.ntag424DNA.publicKey
        let n = try Hex.decode("FFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3D")
        let r = Array(signature[0..<28])
        let s = Array(signature[28..<56])
        let zero = [UInt8](repeating: 0, count: 28)
        for bad in [zero + s, r + zero, n + s, r + n, [UInt8](repeating: 0xFF, count: 56)] {
            #expect(!Secp224r1.verify(message: uid, signature: bad, publicKey: key))
        }
        #expect(!Secp224r1.verify(message: uid, signature: Array(signature.prefix(55)), publicKey: key))
        #expect(!Secp224r1.verify(message: uid, signature: signature + [0x00], publicKey: key))
        #expect(!Secp224r1.verify(message: uid, signature: [], publicKey: key))
        #expect(!Secp224r1.verify(message: [], signature: signature, publicKey: key))
        var offCurve = key
        offCurve[56] ^= 1
        #expect(!Secp224r1.verify(message: uid, signature: signature, publicKey: offCurve))
        #expect(!Secp224r1.verify(message: uid, signature: signature, publicKey: Array(key.prefix(33))))
        #expect(!Secp224r1.verify(message: uid, signature: signature, publicKey: []))
        // The secp128r1 verifier refuses 56-byte input rather than misreading it.
        #expect(!Secp128r1.verify(message: uid, signature: signature, publicKey: key))
    }

    @Test func unavailableAndAllZeroVerdictsSayWhy() throws {
        let uid = try Hex.decode(Self.ntag424[0].uid)
        let missing = SignatureCheck.check(uid: uid, signature: nil, scheme: .ntag424DNA)
        #expect(
            missing.verdict
                == .unavailable(
                    reason: "the tag did not return an originality signature (Read_Sig is not supported or failed)"))
        #expect(missing.statement.hasPrefix("The originality signature could not be checked"))
        #expect(
            SignatureCheck.check(uid: uid, signature: [UInt8](repeating: 1, count: 32), scheme: .ntag424DNA).verdict
                == .unavailable(reason: "the signature has 32 bytes instead of 56"))
        // A Random ID (08 …) hides the 7-byte UID the signature covers.
        let random = SignatureCheck.check(
            uid: [0x08, 0x12, 0x34, 0x56], signature: [UInt8](repeating: 1, count: 56), scheme: .ntag424DNA)
        #expect(
            random.verdict
                == .unavailable(
                    reason:
                        "NXP signs 7-byte UIDs and this UID has 4 bytes; a 4-byte UID starting 08 is a random ID, which hides the chip's real UID"
                ))
        let zeros = SignatureCheck.check(uid: uid, signature: [UInt8](repeating: 0, count: 56), scheme: .ntag424DNA)
        #expect(zeros.verdict == .invalid)
        #expect(zeros.statement.hasPrefix("The tag returned an all-zero signature: there is no NXP signature to check"))
        #expect(zeros.statement.contains("Emulators, virtual tags and many clones answer this way."))
    }
}
