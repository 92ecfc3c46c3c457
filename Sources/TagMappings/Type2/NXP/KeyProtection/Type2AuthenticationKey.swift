import TagCatalog
import TapCardSupport

/// The 16 bytes a Type 2 chip's AUTHENTICATE (`1A`) takes, in the order the cipher uses them: an
/// Ultralight C's 3DES key (Key1 then Key2), an Ultralight AES's DataProtKey. Chip-neutral: the
/// driver gives it to the cipher of the chip it identified (``/TagCatalog/TagModel/type2KeyCipher``)
/// and each chip's mapping turns it into that chip's stored form. A secret: ``description``
/// never shows its bytes.
public struct Type2AuthenticationKey: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The key, 16 bytes, cipher order.
    public let bytes: [UInt8]

    /// `nil` unless `bytes` has 16 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    private init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// Parses 32 hex digits in cipher order (separators such as spaces or colons allowed).
    public static func parse(_ text: String) throws(PasswordInputError) -> Type2AuthenticationKey {
        Type2AuthenticationKey(unchecked: try PasswordInputError.hexBytes(text, expected: 16, what: .key))
    }

    /// An Ultralight C's factory key (``UltralightCKey/factory``: "BREAKMEIFYOUCAN!" as stored).
    public static let ultralightCFactory = Type2AuthenticationKey(unchecked: UltralightCKey.factory.bytes)

    /// Never the bytes: a key is not printed.
    public var description: String { "a 16-byte key" }
}
