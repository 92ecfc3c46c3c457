import Originality
import TapCardSupport
import Testing

/// The ICODE SLIX2 scheme: secp128r1 over the 8-byte UID in either byte order, as proxmark3's
/// `hf 15 info` tries it. The positive vectors were signed outside this code base, by a 40-line
/// pure-Python ECDSA (SEC 2 secp128r1 parameters, private key 0123456789ABCDEF0FEDCBA987654321,
/// fixed nonces 1111222233334444555566667777 and 99998888777766665555), so the Swift verifier is
/// checked against an independent signer.
@Suite struct ICODESignatureTests {
    static let uid: [UInt8] = [0xE0, 0x04, 0x01, 0x08, 0x3F, 0x7B, 0x63, 0x5C]
    static let testKey = OriginalityKey(
        name: "test", publicKey: hex("0404C07D662784D53BFD6D7D6BE2347E265958FA91CF463EF21C274892ECE1BDF4"))

    static func hex(_ text: String) -> [UInt8] { (try? Hex.decode(text)) ?? [] }

    static func scheme() throws -> OriginalityScheme {
        try OriginalityScheme(
            name: "ICODE test", curve: .secp128r1, message: .uidEitherByteOrder, uidLength: 8, keys: [testKey],
            command: "READ SIGNATURE")
    }

    /// Signed over the UID in air order (`5C 63 … 04 E0`), signature as the tag returns it.
    @Test func airOrderSignatureVerifies() throws {
        let signature = Self.hex("644E8E8D9A8A6733A909E2065F6EDBF3EEE75C69FAF241C82D55825F271C94A4")
        let check = SignatureCheck.check(uid: Self.uid, signature: signature, scheme: try Self.scheme())
        #expect(check.verdict == .valid(keyName: "test"))
        // One flipped bit of the signature no longer verifies in either order.
        var bad = signature
        bad[20] ^= 0x01
        #expect(SignatureCheck.check(uid: Self.uid, signature: bad, scheme: try Self.scheme()).verdict == .invalid)
    }

    /// Signed over the UID as written (`E0 04 …`), signature returned reversed.
    @Test func writtenOrderWithReversedSignatureVerifies() throws {
        let signature = Self.hex("75738DE57E98AD63E0F93DCD8407B7D12508C2737E964E2F07505F346A5E9288")
        let check = SignatureCheck.check(uid: Self.uid, signature: signature, scheme: try Self.scheme())
        #expect(check.verdict == .valid(keyName: "test"))
        // The other UID does not verify with this signature.
        var other = Self.uid
        other[7] ^= 0x01
        #expect(SignatureCheck.check(uid: other, signature: signature, scheme: try Self.scheme()).verdict == .invalid)
    }

    /// The one published SLIX2 UID and signature (flipperdevices/flipperzero-firmware#2316: inventory
    /// `5C 63 7B 3F 08 01 04 E0`, a Dymo label whose issuer programs its own signature) does not
    /// verify under NXP's key: TapCard says so rather than calling it genuine.
    @Test func customerProgrammedSignatureDoesNotVerifyUnderNXPsKey() {
        let signature = Self.hex("6A672DAE8DFBC7C2126549419B3C5FAFD7C6C097334399E5D05AD971FE7B74A9")
        let check = SignatureCheck.check(uid: Self.uid, signature: signature, scheme: .icodeSLIX2)
        #expect(check.verdict == .invalid)
        #expect(check.statement.contains("ICODE SLIX2"))
    }

    @Test func aSevenByteUIDCannotBeChecked() {
        let check = SignatureCheck.check(uid: Array(Self.uid.prefix(7)), signature: [], scheme: .icodeSLIX2)
        guard case .unavailable(let reason) = check.verdict else {
            Issue.record("expected unavailable, got \(check.verdict)")
            return
        }
        #expect(reason.contains("8-byte"))
    }
}
