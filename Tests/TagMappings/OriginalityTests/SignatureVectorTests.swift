import Originality
import TapCardSupport
import Testing

/// NXP originality signatures: the published NTAG21x vectors, corruption, and the real fixtures.
@Suite struct SignatureVectorTests {
    /// (UID, signature r ‖ s) pairs published with the NTAG21x key (reference §5.3).
    static let vectors: [(uid: String, signature: String)] = [
        ("04E10CDA993C80", "8B76052EE42F5567BEB53238B3E3F9950707C0DCC956B5C5EFCFDB709B2D82B3"),
        ("04DB0BDA993C80", "6048EFD9417CD10F6B7F1818D471A7FE5B46868D2EABDC6307A1E0AAE139D8D0"),
        ("0453C652FE4A80", "EDFD3263E7DDB1730260B832605205FB40FB32D7BB06F1DB49F17706C2ED6727"),
        ("04AB87F2CA1190", "67B1750BCCEB1174F9A33BF20E0226551A6366939B31F949848C3C087350FA90"),
    ]

    @Test(arguments: 0..<4)
    func publishedVectorVerifies(index: Int) throws {
        let uid = try Hex.decode(Self.vectors[index].uid)
        let signature = try Hex.decode(Self.vectors[index].signature)
        #expect(Secp128r1.verify(message: uid, signature: signature, publicKey: OriginalityKey.ntag21x.publicKey))
        // Not under the Ultralight EV1 key.
        #expect(
            !Secp128r1.verify(message: uid, signature: signature, publicKey: OriginalityKey.ultralightEV1.publicKey))
        let check = SignatureCheck.check(uid: uid, signature: signature)
        #expect(check.verdict == .valid(keyName: "NTAG21x"))
        #expect(check.statement.contains("does not prove this tag is that chip"))
    }

    @Test(arguments: 0..<4)
    func flippingAnyUIDOrSignatureBitFails(index: Int) throws {
        let uid = try Hex.decode(Self.vectors[index].uid)
        let signature = try Hex.decode(Self.vectors[index].signature)
        let key = OriginalityKey.ntag21x.publicKey
        for byte in 0..<7 {
            var bad = uid
            bad[byte] ^= 1 << UInt8(byte % 8)
            #expect(!Secp128r1.verify(message: bad, signature: signature, publicKey: key))
        }
        for byte in 0..<32 {
            var bad = signature
            bad[byte] ^= 0x80 >> UInt8(byte % 8)
            #expect(!Secp128r1.verify(message: uid, signature: bad, publicKey: key))
        }
        var bad = signature
        bad[31] ^= 1
        #expect(SignatureCheck.check(uid: uid, signature: bad).verdict == .invalid)
    }

    @Test func malformedInputsDoNotVerify() throws {
        let uid = try Hex.decode(Self.vectors[0].uid)
        let signature = try Hex.decode(Self.vectors[0].signature)
        let key = OriginalityKey.ntag21x.publicKey
        #expect(!Secp128r1.verify(message: uid, signature: Array(signature.prefix(31)), publicKey: key))
        #expect(!Secp128r1.verify(message: uid, signature: [UInt8](repeating: 0, count: 32), publicKey: key))
        #expect(!Secp128r1.verify(message: uid, signature: [UInt8](repeating: 0xFF, count: 32), publicKey: key))
        var offCurve = key
        offCurve[32] ^= 1
        #expect(!Secp128r1.verify(message: uid, signature: signature, publicKey: offCurve))
        #expect(!Secp128r1.verify(message: uid, signature: signature, publicKey: Array(key.prefix(20))))
    }

    @Test func unavailableAndAllZeroVerdictsSayWhy() throws {
        let uid = try Hex.decode(Self.vectors[0].uid)
        let missing = SignatureCheck.check(uid: uid, signature: nil)
        guard case .unavailable = missing.verdict else {
            Issue.record("expected unavailable, got \(missing.verdict)")
            return
        }
        #expect(missing.statement.contains("could not be checked"))
        #expect(
            SignatureCheck.check(uid: [0x04, 1, 2, 3], signature: [UInt8](repeating: 1, count: 32)).verdict
                == .unavailable(reason: "NXP signs 7-byte UIDs and this UID has 4 bytes"))
        let zeros = SignatureCheck.check(uid: uid, signature: [UInt8](repeating: 0, count: 32))
        #expect(zeros.verdict == .invalid)
        #expect(zeros.statement.hasPrefix("The tag returned an all-zero signature: there is no NXP signature to check"))
    }

    /// The fixtures' Flipper headers: the header UID is what the Flipper read over the air, and
    /// its signature belongs to it (the page data of some dumps was edited afterwards).
    static let fixtureSignatures: [(name: String, uid: String, signature: String, verdict: SignatureCheck.Verdict)] = [
        (
            "real_talking_sasquach_ntag213", "045EC8BA074F81",
            "77BB86F3B2D663ECE01D0A72C8A509E8DBB334D6A61C1B902F0D2DBB869C7588", .valid(keyName: "NTAG21x")
        ),
        (
            "real_dave_busters_ul_ev1_unformatted", "04A60AF2DD7584",
            "68D18E8A85F1B7FC1C079C9F8B9F4E6BB77C2348E0696C8935530FBCD800273B", .valid(keyName: "MIFARE Ultralight EV1")
        ),
        (
            "real_go2flipper_ntag216_cc12", "04B8313A307380",
            "31B5998B1D1C6AF2C6C7AEC2E14429952FA9E757292BFB39E16DDC43E2CEC580", .valid(keyName: "NTAG21x")
        ),
        // The same header pasted onto a different dump: the pages' UID does not match it.
        (
            "real_rickroll_ntag216_cc213 (pages UID)", "043991C2FC6780",
            "31B5998B1D1C6AF2C6C7AEC2E14429952FA9E757292BFB39E16DDC43E2CEC580", .invalid
        ),
        (
            "real_guidoz_uri_with_nuls", "04B8313A307380",
            "1B84EB70BD4CBD1B1DE4980B1858BD7C7285B4E47B388E96CF886BEEA343AD90", .invalid
        ),
        (
            "real_rickroll_noad_ntag215", "041B13D3700000",
            "041B1384D3700000041B1384D3700000041B1384D3700000041B1384D3700000", .invalid
        ),
    ]

    @Test(arguments: 0..<6)
    func fixtureSignatures(index: Int) throws {
        let fixture = Self.fixtureSignatures[index]
        let check = SignatureCheck.check(uid: try Hex.decode(fixture.uid), signature: try Hex.decode(fixture.signature))
        #expect(check.verdict == fixture.verdict, "\(fixture.name)")
    }
}
