/// The Capability Container in page 3: whether the tag is NDEF-formatted, the mapping version,
/// the data-area size and the access conditions (NFC Forum T2T §6.1).
///
/// Page 3 is one-time programmable: bits can be set, never cleared.
public struct CapabilityContainer: Sendable, Equatable {
    /// The four bytes as stored.
    public var bytes: [UInt8]

    /// "NDEF magic number": byte 0 is 0xE1 on an NDEF-formatted tag.
    public static let magic: UInt8 = 0xE1
    /// Byte 3 when writing is allowed.
    public static let accessReadWrite: UInt8 = 0x00
    /// Byte 3 after the tag was made read-only.
    public static let accessReadOnly: UInt8 = 0x0F

    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 4 else { return nil }
        self.bytes = Array(bytes)
    }

    /// Builds a CC from its fields.
    public init(versionMajor: UInt8 = 1, versionMinor: UInt8 = 0, dataAreaBytes: Int, access: UInt8 = 0) {
        let size = UInt8(clamping: dataAreaBytes / 8)
        bytes = [Self.magic, versionMajor << 4 | (versionMinor & 0x0F), size, access]
    }

    public var hasMagic: Bool { bytes[0] == Self.magic }
    public var versionMajor: Int { Int(bytes[1] >> 4) }
    public var versionMinor: Int { Int(bytes[1] & 0x0F) }
    /// "1.0", "1.2".
    public var version: String { "\(versionMajor).\(versionMinor)" }
    /// Byte 2 × 8: the size of the data area in bytes, as this tag declares it.
    public var dataAreaBytes: Int { Int(bytes[2]) * 8 }
    /// High nibble of byte 3: 0 means read access granted.
    public var readAccess: UInt8 { bytes[3] >> 4 }
    /// Low nibble of byte 3: 0 means write access granted, 0xF none.
    public var writeAccess: UInt8 { bytes[3] & 0x0F }

    /// Magic present and a major version this mapping understands (T2T 1.x; a reader must accept
    /// any minor version).
    public var isNDEFFormatted: Bool { hasMagic && versionMajor == 1 }
    public var isReadable: Bool { readAccess == 0 }
    public var isWritable: Bool { writeAccess == 0 }

    /// True when `target` can be programmed over these bytes: every bit set here is also set there.
    public func canBeProgrammed(to target: CapabilityContainer) -> Bool {
        zip(bytes, target.bytes).allSatisfy { $0 & ~$1 == 0 }
    }
}
