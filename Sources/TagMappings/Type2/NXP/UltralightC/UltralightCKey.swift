import TagCatalog
import TapCardSupport

/// The 16-byte two-key triple-DES key of a MIFARE Ultralight C, in cipher order: Key1 (8 bytes)
/// then Key2 (8 bytes), as the MF0ICU2 datasheet's authentication example (§7.5.6) uses it and as
/// `--key` takes it.
///
/// The chip stores each half byte-reversed (MF0ICU2 §7.5.7, table 10: Key1 = 0001020304050607h
/// is written `A2 2C 07 06 05 04` and `A2 2D 03 02 01 00`), so the factory key, 49 45 4D 4B 41 45
/// 52 42 21 4E 41 43 55 4F 59 46 in cipher order, reads "BREAKMEIFYOUCAN!" in pages 2Ch–2Fh.
/// The key is a secret: ``description`` never shows its bytes.
public struct UltralightCKey: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Key1 ‖ Key2, 16 bytes.
    public let bytes: [UInt8]

    /// `nil` unless `bytes` has 16 bytes.
    public init?(bytes: [UInt8]) {
        guard bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    private init(unchecked bytes: [UInt8]) { self.bytes = bytes }

    /// The chip-neutral key, taken as a 3DES key.
    public init(_ key: Type2AuthenticationKey) { self.bytes = key.bytes }

    /// The key an MF0ICU2 ships with: "BREAKMEIFYOUCAN!" in its key pages, this in cipher order.
    public static let factory = UltralightCKey(
        unchecked: [0x49, 0x45, 0x4D, 0x4B, 0x41, 0x45, 0x52, 0x42, 0x21, 0x4E, 0x41, 0x43, 0x55, 0x4F, 0x59, 0x46])

    /// Parses 32 hex digits in cipher order (separators such as spaces or colons allowed).
    public static func parse(_ text: String) throws(PasswordInputError) -> UltralightCKey {
        UltralightCKey(unchecked: try PasswordInputError.hexBytes(text, expected: 16, what: .key))
    }

    /// The four pages 2Ch–2Fh as the chip holds them: each half byte-reversed (table 10).
    public var storedPages: [[UInt8]] {
        let key1 = Array(bytes[0..<8].reversed())
        let key2 = Array(bytes[8..<16].reversed())
        return [Array(key1[0..<4]), Array(key1[4..<8]), Array(key2[0..<4]), Array(key2[4..<8])]
    }

    /// The key whose stored form is `pages` (four pages of 4 bytes, 2Ch–2Fh), or `nil`.
    public init?(storedPages pages: [[UInt8]]) {
        guard pages.count == 4, pages.allSatisfy({ $0.count == 4 }) else { return nil }
        let stored = pages.flatMap { $0 }
        self.bytes = Array(stored[0..<8].reversed()) + Array(stored[8..<16].reversed())
    }

    /// Never the bytes: a key is not printed.
    public var description: String { self == .factory ? "the factory 3DES key" : "a 16-byte 3DES key" }
}
