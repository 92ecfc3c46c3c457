/// The elliptic curve a chip family's originality signature is computed on.
public enum OriginalityCurve: String, Sendable, Equatable, CaseIterable {
    /// SEC 2 v1 §2.3.1; NTAG21x and MIFARE Ultralight EV1 (32-byte signatures).
    case secp128r1
    /// SEC 2 v2 §2.6.2; NTAG 424 DNA (56-byte signatures).
    case secp224r1

    private var curve: WeierstrassCurve {
        switch self {
        case .secp128r1: Secp128r1.curve
        case .secp224r1: Secp224r1.curve
        }
    }

    /// Bytes in a signature `r ‖ s`: 32 on secp128r1, 56 on secp224r1.
    public var signatureLength: Int { 2 * curve.byteCount }

    /// Bytes in an uncompressed public key `04 ‖ x ‖ y`: 33 on secp128r1, 57 on secp224r1.
    public var publicKeyLength: Int { 1 + 2 * curve.byteCount }

    /// Verifies `signature` (`r ‖ s`) over `message`, used as the hash value itself, under the
    /// uncompressed `publicKey`. Malformed input simply does not verify.
    public func verify(message: [UInt8], signature: [UInt8], publicKey: [UInt8]) -> Bool {
        curve.verify(message: message, signature: signature, publicKey: publicKey)
    }

    /// True when `publicKey` is an uncompressed point `04 ‖ x ‖ y` on this curve.
    public func isOnCurve(publicKey: [UInt8]) -> Bool { curve.point(publicKey) != nil }
}
