import TapCardSupport

/// The 7-byte UID of a Type 2 tag and its two check bytes, as stored in pages 0–2.
///
/// Layout (NTAG213/215/216 datasheet §8.5.1, ISO/IEC 14443-3 cascade level 2): byte 0–2 = SN0–SN2,
/// byte 3 = BCC0 = 0x88 (cascade tag) ⊕ SN0 ⊕ SN1 ⊕ SN2, bytes 4–7 = SN3–SN6,
/// byte 8 = BCC1 = SN3 ⊕ SN4 ⊕ SN5 ⊕ SN6.
public struct TagUID: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// The seven serial-number bytes SN0…SN6.
    public var bytes: [UInt8]
    /// The check bytes as stored (BCC0, BCC1); `nil` when the UID was not read from memory.
    public var storedCheckBytes: (UInt8, UInt8)?

    public init(bytes: [UInt8], storedCheckBytes: (UInt8, UInt8)? = nil) {
        self.bytes = bytes
        self.storedCheckBytes = storedCheckBytes
    }

    /// Reads the UID from the first 9 bytes of memory; `nil` when fewer are given.
    public static func fromMemory(_ memory: [UInt8]) -> TagUID? {
        guard memory.count >= 9 else { return nil }
        return TagUID(
            bytes: Array(memory[0..<3]) + Array(memory[4..<8]), storedCheckBytes: (memory[3], memory[8]))
    }

    /// The cascade tag ISO/IEC 14443-3 puts before a 7-byte UID's first three bytes.
    public static let cascadeTag: UInt8 = 0x88

    /// BCC0 as it should be.
    public var expectedBCC0: UInt8 {
        bytes.count >= 3 ? Self.cascadeTag ^ bytes[0] ^ bytes[1] ^ bytes[2] : 0
    }

    /// BCC1 as it should be.
    public var expectedBCC1: UInt8 {
        bytes.count >= 7 ? bytes[3] ^ bytes[4] ^ bytes[5] ^ bytes[6] : 0
    }

    /// True when both stored check bytes match; `nil` when none were stored.
    public var checkBytesValid: Bool? {
        guard let stored = storedCheckBytes else { return nil }
        return stored.0 == expectedBCC0 && stored.1 == expectedBCC1
    }

    public var manufacturer: Manufacturer { Manufacturer(code: bytes.first ?? 0) }

    /// Uppercase hex without separators, e.g. "045EC8BA074F81".
    public var hex: String { Hex.encode(bytes, uppercase: true) }

    public var description: String { Hex.encode(bytes, uppercase: true, separator: ":") }

    public static func == (lhs: TagUID, rhs: TagUID) -> Bool {
        lhs.bytes == rhs.bytes && lhs.storedCheckBytes?.0 == rhs.storedCheckBytes?.0
            && lhs.storedCheckBytes?.1 == rhs.storedCheckBytes?.1
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }
}
