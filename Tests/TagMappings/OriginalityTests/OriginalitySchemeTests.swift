import Originality
import TapCardSupport
import Testing

/// The scheme table: each chip family's curve, lengths and keys, and the checks on keys of your own.
@Suite struct OriginalitySchemeTests {
    @Test func tableRowsNameTheirCurveLengthsAndKeys() {
        #expect(OriginalityScheme.ntag21x.curve == .secp128r1)
        #expect(OriginalityScheme.ntag21x.signatureLength == 32)
        #expect(OriginalityScheme.ntag21x.uidLength == 7)
        #expect(OriginalityScheme.ntag21x.keys == [.ntag21x])
        #expect(OriginalityScheme.ultralightEV1.curve == .secp128r1)
        #expect(OriginalityScheme.ultralightEV1.signatureLength == 32)
        #expect(OriginalityScheme.ultralightEV1.keys == [.ultralightEV1])
        #expect(OriginalityScheme.ntag424DNA.curve == .secp224r1)
        #expect(OriginalityScheme.ntag424DNA.signatureLength == 56)
        #expect(OriginalityScheme.ntag424DNA.uidLength == 7)
        #expect(OriginalityScheme.ntag424DNA.message == .rawUID)
        #expect(OriginalityScheme.ntag424DNA.keys == [.ntag424DNA, .ntag424DNATagTamper])
        #expect(OriginalityScheme.ntag424DNA.command == "Read_Sig")
        #expect(OriginalityCurve.secp224r1.publicKeyLength == 57)
        #expect(OriginalityCurve.secp128r1.publicKeyLength == 33)
    }

    @Test func aSchemeRowGivesTheSameVerdictAsTheKeyList() throws {
        // NTAG21x vector (reference §5.3), as in SignatureVectorTests.
        let uid = try Hex.decode("04E10CDA993C80")
        let signature = try Hex.decode("8B76052EE42F5567BEB53238B3E3F9950707C0DCC956B5C5EFCFDB709B2D82B3")
        let byKeys = SignatureCheck.check(uid: uid, signature: signature)
        #expect(SignatureCheck.check(uid: uid, signature: signature, scheme: .ntag21x) == byKeys)
        #expect(SignatureCheck.check(uid: uid, signature: signature, scheme: .type2) == byKeys)
        #expect(SignatureCheck.check(uid: uid, signature: signature, scheme: .ultralightEV1).verdict == .invalid)
    }

    @Test func customSchemesRefuseKeysThatAreNotPointsOnTheirCurve() throws {
        #expect(throws: OriginalityError.keyLength(keyName: "NTAG21x", curve: .secp224r1, expected: 57, actual: 33)) {
            try OriginalityScheme(name: "wrong curve", curve: .secp224r1, keys: [.ntag21x])
        }
        var bent = OriginalityKey.ntag424DNA
        bent.publicKey[56] ^= 1
        #expect(throws: OriginalityError.keyNotOnCurve(keyName: "NTAG 424 DNA", curve: .secp224r1)) {
            try OriginalityScheme(name: "bent", curve: .secp224r1, keys: [bent])
        }
        #expect(throws: OriginalityError.uidLength(5)) {
            try OriginalityScheme(name: "odd UID", curve: .secp224r1, uidLength: 5, keys: [.ntag424DNA])
        }
        let scheme = try OriginalityScheme(name: "own", curve: .secp224r1, keys: [.ntag424DNA])
        #expect(scheme.signatureLength == 56)
        #expect(scheme.command == "READ_SIG")
    }

    @Test func errorsSayWhatIsWrongWithFigures() {
        let length = OriginalityError.keyLength(keyName: "X", curve: .secp224r1, expected: 57, actual: 33)
        #expect(length.origin == .input)
        #expect(length.sentence == "The X public key has 33 bytes; an uncompressed secp224r1 point has 57.")
        #expect(
            OriginalityError.keyNotOnCurve(keyName: "X", curve: .secp128r1).sentence
                == "The X public key is not an uncompressed point (04 ‖ x ‖ y) on secp128r1.")
        #expect(
            OriginalityError.uidLength(5).description
                == "A UID of 5 bytes cannot be signed: NFC-A UIDs have 4, 7 or 10 bytes.")
    }
}
