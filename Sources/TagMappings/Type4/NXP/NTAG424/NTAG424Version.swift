/// The NTAG 424 DNA GetVersion answer, three frames (NT4H2421Gx datasheet §10.5.2; reference
/// §2.1; field split per `Amperstrand/ntag424 ntag424-core/src/types/version.rs`):
///
/// - part 1, hardware: vendor (04 NXP) · type (04) · subtype · major · minor · storage size · protocol;
/// - part 2, software: the same seven fields;
/// - part 3: UID (7) · batch number and fab-key bits (5) · production week (BCD, bit 7 a flag) ·
///   production year (BCD).
public struct NTAG424Version: Sendable, Hashable {
    /// Seven bytes of part 1 or part 2.
    public struct Component: Sendable, Hashable {
        public var vendor: UInt8
        public var type: UInt8
        /// `x2` plain NTAG 424 DNA, `x8` TagTamper; the high nibble marks the back-modulation
        /// variant (reference §2.1, UNVERIFIED against the datasheet).
        public var subtype: UInt8
        public var majorVersion: UInt8
        public var minorVersion: UInt8
        /// `11`: between 256 and 512 bytes (2^(n>>1), bit 0 set = "more than"; the DESFire
        /// coding, UNVERIFIED for NTAG 424 DNA beyond this value).
        public var storageSize: UInt8
        /// `05`: ISO/IEC 14443-2 and -3.
        public var protocolType: UInt8

        init(_ bytes: [UInt8]) {
            vendor = bytes[0]
            type = bytes[1]
            subtype = bytes[2]
            majorVersion = bytes[3]
            minorVersion = bytes[4]
            storageSize = bytes[5]
            protocolType = bytes[6]
        }

        public var bytes: [UInt8] { [vendor, type, subtype, majorVersion, minorVersion, storageSize, protocolType] }
    }

    public var hardware: Component
    public var software: Component
    /// The 7-byte UID.
    public var uid: [UInt8]
    /// Batch number and fab-key bits, raw (5 bytes).
    public var batch: [UInt8]
    /// The production week byte as answered (BCD in bits 6-0).
    public var productionWeekByte: UInt8
    /// The production year byte as answered (BCD, years since 2000).
    public var productionYearByte: UInt8
    /// Bytes after the 14 the datasheet lists, kept so ``parts`` re-encodes what was answered.
    public var extra: [UInt8]

    /// The production week (1…53), or `nil` when the byte is not BCD.
    public var productionWeek: Int? { Self.bcd(productionWeekByte & 0x7F) }

    /// The production year (2000…2099), or `nil` when the byte is not BCD.
    public var productionYear: Int? { Self.bcd(productionYearByte).map { 2000 + $0 } }

    /// True when the subtype's low nibble is 8 (TagTamper; reference §2.1, UNVERIFIED).
    public var isTagTamper: Bool { hardware.subtype & 0x0F == 0x08 }

    /// The three parts encoded again; equal to the parsed ones.
    public var parts: [[UInt8]] {
        [hardware.bytes, software.bytes, uid + batch + [productionWeekByte, productionYearByte] + extra]
    }

    /// Reads the three answer frames (each without its status word). Total.
    public static func parse(parts: [[UInt8]]) -> Result<NTAG424Version, NTAG424ParseError> {
        guard parts.count == 3 else { return .failure(.versionPartCount(parts.count)) }
        for (index, expected) in [7, 7, 14].enumerated() {
            let count = parts[index].count
            if index < 2 ? count != expected : count < expected {
                return .failure(.versionPartLength(part: index + 1, bytes: count, expected: expected))
            }
        }
        let third = parts[2]
        return .success(
            NTAG424Version(
                hardware: Component(parts[0]), software: Component(parts[1]), uid: Array(third[0..<7]),
                batch: Array(third[7..<12]), productionWeekByte: third[12], productionYearByte: third[13],
                extra: Array(third[14...])))
    }

    static func bcd(_ byte: UInt8) -> Int? {
        let high = Int(byte >> 4)
        let low = Int(byte & 0x0F)
        guard high < 10, low < 10 else { return nil }
        return high * 10 + low
    }
}
