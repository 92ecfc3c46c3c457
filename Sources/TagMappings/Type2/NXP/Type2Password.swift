import TapCardSupport

/// The 4-byte password PWD_AUTH presents (NTAG21x, Ultralight EV1), given as 8 hex digits.
///
/// TapCard takes the password as bytes only, never as a typed phrase: tools disagree on how text
/// becomes 4 bytes (NFC Tools, NfcOpenReader, app-specific hashes), and a rule that differs from
/// the tool that set a password would send wrong passwords, each one counted against AUTHLIM.
/// PWD travels over the air in clear text: it stops casual rewriting, it is not secrecy.
public struct Type2Password: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    /// `nil` unless `bytes` has 4 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 4 else { return nil }
        self.bytes = bytes
    }

    /// PWD as shipped: `FF FF FF FF`.
    public static let factory = Type2Password(unchecked: [0xFF, 0xFF, 0xFF, 0xFF])

    private init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// Parses 8 hex digits (separators such as spaces or colons allowed).
    public static func parse(_ text: String) throws(PasswordInputError) -> Type2Password {
        let bytes = try PasswordInputError.hexBytes(text, expected: 4, what: .password)
        return Type2Password(unchecked: bytes)
    }

    /// Lowercase hex, spaced: "12 34 56 78".
    public var description: String { Hex.encode(bytes, separator: " ") }
}

/// The 2-byte password acknowledge (PACK) a chip answers a correct PWD_AUTH with.
public struct PasswordAcknowledge: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init?(bytes: [UInt8]) {
        guard bytes.count == 2 else { return nil }
        self.bytes = bytes
    }

    /// PACK as shipped: `00 00`.
    public static let factory = PasswordAcknowledge(unchecked: [0x00, 0x00])

    private init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// Parses 4 hex digits.
    public static func parse(_ text: String) throws(PasswordInputError) -> PasswordAcknowledge {
        PasswordAcknowledge(unchecked: try PasswordInputError.hexBytes(text, expected: 2, what: .acknowledge))
    }

    public var description: String { Hex.encode(bytes, separator: " ") }
}
