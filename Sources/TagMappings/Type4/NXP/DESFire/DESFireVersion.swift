/// The MIFARE DESFire GetVersion answer: 28 bytes in three frames (`90 60`, then `90 AF` twice;
/// MF3ICD40 and EV1 datasheets, "GetVersion"):
///
/// - part 1, hardware (7): vendor (04 NXP) · type · subtype · major · minor · storage size ·
///   protocol (05: ISO/IEC 14443-2 and -3);
/// - part 2, software (7): the same seven fields (protocol 05: ISO/IEC 14443-3 and -4);
/// - part 3, production (14): UID (7) · batch number (5) · calendar week of production (BCD) ·
///   year of production (BCD, years since 2000).
///
/// An NTAG 424 DNA answers the same command with the same layout; ``DESFireVersion/product`` tells them apart.
/// Parsing is total: any bytes give a value or a ``DESFireParseError``, and ``DESFireVersion/parts`` encodes
/// back exactly what was parsed.
public struct DESFireVersion: Sendable, Hashable {
    /// Part 1 or part 2: seven bytes.
    public struct Component: Sendable, Hashable {
        /// `04`: NXP.
        public var vendor: UInt8
        /// The product (AN10833): `01` DESFire, `04` NTAG, `08` DESFire Light…
        public var type: UInt8
        /// The variant, kept as answered.
        public var subtype: UInt8
        /// The major version; the hardware one names the generation.
        public var majorVersion: UInt8
        /// The minor version.
        public var minorVersion: UInt8
        /// The storage size byte; ``DESFireVersion/Component/storageSize`` reads it.
        public var storageSizeByte: UInt8
        /// `05`: ISO/IEC 14443-2 and -3 (hardware), -3 and -4 (software).
        public var protocolType: UInt8

        public init(
            vendor: UInt8, type: UInt8, subtype: UInt8, majorVersion: UInt8, minorVersion: UInt8,
            storageSizeByte: UInt8, protocolType: UInt8
        ) {
            self.vendor = vendor
            self.type = type
            self.subtype = subtype
            self.majorVersion = majorVersion
            self.minorVersion = minorVersion
            self.storageSizeByte = storageSizeByte
            self.protocolType = protocolType
        }

        /// The storage size the byte codes (2^n, or between 2^n and 2^(n+1)).
        public var storageSize: DESFireStorageSize { DESFireStorageSize(byte: storageSizeByte) }

        /// The seven bytes again.
        public var bytes: [UInt8] {
            [vendor, type, subtype, majorVersion, minorVersion, storageSizeByte, protocolType]
        }
    }

    /// The length of each part: 7, 7, 14.
    public static let partLengths = [7, 7, 14]
    /// The whole answer: 28 bytes.
    public static let length = 28

    /// Part 1: the hardware.
    public var hardware: Component
    /// Part 2: the software.
    public var software: Component
    /// The 7-byte UID.
    public var uid: [UInt8]
    /// The 5-byte production batch number, raw.
    public var batch: [UInt8]
    /// The calendar week byte as answered (BCD).
    public var productionWeekByte: UInt8
    /// The year byte as answered (BCD, years since 2000).
    public var productionYearByte: UInt8

    /// The calendar week of production (0…99 as coded), or `nil` when the byte is not BCD.
    public var productionWeek: Int? { Self.bcd(productionWeekByte) }

    /// The year of production (2000…2099), or `nil` when the byte is not BCD.
    public var productionYear: Int? { Self.bcd(productionYearByte).map { 2000 + $0 } }

    /// What answered: a DESFire, an NTAG DNA, a MIFARE Plus… (from the hardware vendor and type).
    public var product: DESFireProduct { DESFireProduct(vendor: hardware.vendor, type: hardware.type) }

    /// The DESFire generation, or `nil` when ``DESFireVersion/product`` is not a DESFire.
    public var generation: DESFireGeneration? {
        guard product.isDESFire else { return nil }
        return DESFireGeneration(type: hardware.type, majorVersion: hardware.majorVersion)
    }

    /// The card's memory, from the hardware part (the datasheets give the same byte in both).
    public var storageSize: DESFireStorageSize { hardware.storageSize }

    /// The three parts encoded again; equal to the parsed ones.
    public var parts: [[UInt8]] {
        [hardware.bytes, software.bytes, uid + batch + [productionWeekByte, productionYearByte]]
    }

    /// The 28 bytes, parts joined.
    public var bytes: [UInt8] { parts.flatMap { $0 } }

    /// Reads the three answer frames' data (each without its status word). Total.
    public static func parse(parts: [[UInt8]]) -> Result<DESFireVersion, DESFireParseError> {
        guard parts.count == 3 else { return .failure(.versionPartCount(parts.count)) }
        for (index, expected) in partLengths.enumerated() where parts[index].count != expected {
            return .failure(.versionPartLength(part: index + 1, bytes: parts[index].count, expected: expected))
        }
        return parse(parts.flatMap { $0 })
    }

    /// Reads the 28 bytes of the three frames joined. Total.
    public static func parse(_ bytes: [UInt8]) -> Result<DESFireVersion, DESFireParseError> {
        guard bytes.count == length else { return .failure(.versionLength(bytes: bytes.count)) }
        return .success(
            DESFireVersion(
                hardware: component(bytes, at: 0), software: component(bytes, at: 7),
                uid: Array(bytes[14..<21]), batch: Array(bytes[21..<26]), productionWeekByte: bytes[26],
                productionYearByte: bytes[27]))
    }

    static func component(_ bytes: [UInt8], at start: Int) -> Component {
        Component(
            vendor: bytes[start], type: bytes[start + 1], subtype: bytes[start + 2],
            majorVersion: bytes[start + 3], minorVersion: bytes[start + 4], storageSizeByte: bytes[start + 5],
            protocolType: bytes[start + 6])
    }

    static func bcd(_ byte: UInt8) -> Int? {
        let high = Int(byte >> 4)
        let low = Int(byte & 0x0F)
        guard high < 10, low < 10 else { return nil }
        return high * 10 + low
    }
}
