import TapCardSupport

/// Why a chip family's originality scheme could not be built from the keys given.
public enum OriginalityError: TapCardError, Equatable {
    /// A key has the wrong number of bytes for an uncompressed point on the scheme's curve.
    case keyLength(keyName: String, curve: OriginalityCurve, expected: Int, actual: Int)
    /// A key has the right length but is not the form `04 ‖ x ‖ y` of a point on the curve.
    case keyNotOnCurve(keyName: String, curve: OriginalityCurve)
    /// A UID length no NFC-A UID has (4, 7 or 10 bytes, ISO/IEC 14443-3).
    case uidLength(Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .keyLength(let keyName, let curve, let expected, let actual):
            "The \(keyName) public key has \(actual) bytes; an uncompressed \(curve.rawValue) point has \(expected)."
        case .keyNotOnCurve(let keyName, let curve):
            "The \(keyName) public key is not an uncompressed point (04 ‖ x ‖ y) on \(curve.rawValue)."
        case .uidLength(let length):
            "A UID of \(length) bytes cannot be signed: NFC-A UIDs have 4, 7 or 10 bytes."
        }
    }
}
