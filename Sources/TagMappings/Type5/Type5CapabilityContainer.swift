import TagCatalog

/// The Capability Container of an NFC Forum Type 5 Tag, in block 0 (and block 1 for the 8-byte
/// form on 4-byte blocks): magic, mapping version, access bits, MLEN and feature bits
/// (shared/reference/type4-type5-ntag424.md §3.3: AOSP `rw_t5t.cc`/`rw_i93.cc`, ST `ndef_t5t.c`).
///
/// | Byte | Meaning |
/// |---|---|
/// | CC0 | `E1`: 1-byte block numbers; `E2`: 2-byte, extended commands (0x30…) |
/// | CC1 | b7–6 major (1), b5–4 minor, b3–2 read access (00 free), b1–0 write access |
/// | CC2 | MLEN (data area ÷ 8); `00` ⇒ 8-byte CC |
/// | CC3 | features (``Type5CCFeatures``) |
/// | CC4–5 | 8-byte form: RFU `00 00` |
/// | CC6–7 | 8-byte form: MLEN, MSB first |
///
/// `parse(_:memoryBytes:)` is total: any bytes give a CC or a ``Type5CCError``. Everything kept
/// is encoded again by ``bytes`` (RFU bits included), so `parse(b).bytes == b.prefix(length)`.
public struct Type5CapabilityContainer: Sendable, Hashable {
    /// CC0: E1 or E2.
    public var magic: UInt8
    /// CC1 bits 7–6: always 1 after a successful parse.
    public var majorVersion: UInt8
    /// CC1 bits 5–4.
    public var minorVersion: UInt8
    /// CC1 bits 3–2: 00 free; anything else means the area is not readable.
    public var readAccess: UInt8
    /// CC1 bits 1–0.
    public var writeAccess: Type5WriteAccess
    /// MLEN: CC2, or CC6–7 in the 8-byte form.
    public var mlen: Int
    /// CC3.
    public var features: Type5CCFeatures
    /// 4 or 8.
    public var length: Int
    /// CC4–5 of the 8-byte form (RFU); empty in the 4-byte form.
    public var reserved: [UInt8]
    /// What readers disagree on, in the order found (MLEN against memory needs `memoryBytes`).
    public var problems: [Type5CCProblem]
    /// The data area in bytes, after MLEN and the memory size were reconciled.
    public var dataAreaBytes: Int
    /// Which MLEN reading the CC looks like; `nil` when the memory size was not given.
    public var mlenConvention: Type5MLENConvention?

    public init(
        magic: UInt8 = 0xE1, majorVersion: UInt8 = 1, minorVersion: UInt8 = 0, readAccess: UInt8 = 0,
        writeAccess: Type5WriteAccess = .free, mlen: Int, features: Type5CCFeatures = [], length: Int = 4,
        reserved: [UInt8] = [], problems: [Type5CCProblem] = [], dataAreaBytes: Int? = nil,
        mlenConvention: Type5MLENConvention? = nil
    ) {
        self.magic = magic
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.readAccess = readAccess
        self.writeAccess = writeAccess
        self.mlen = mlen
        self.features = features
        self.length = length
        self.reserved = length == 8 ? (reserved.count == 2 ? reserved : [0, 0]) : []
        self.problems = problems
        self.dataAreaBytes = dataAreaBytes ?? mlen * 8
        self.mlenConvention = mlenConvention
    }

    /// True for magic E2: block numbers are 2 bytes, and reads and writes use the extended
    /// commands (0x30–0x34).
    public var usesExtendedCommands: Bool { magic == 0xE2 }

    /// True when CC1's read access is 00.
    public var isReadable: Bool { readAccess == 0 }

    /// MLEN × 8: the data area the CC declares, before the memory size is considered.
    public var declaredDataAreaBytes: Int { mlen * 8 }

    /// The largest NDEF message the data area holds with the NDEF TLV at its start (1-byte length
    /// below 255, 3-byte from 255 on: `NDEFCapacity.type2MaximumMessage`, the same TLV rule as
    /// Type 2), as reported by the CC.
    public var maximumMessageBytes: Int { NDEFCapacity.type2MaximumMessage(dataAreaBytes: dataAreaBytes) }

    /// CC1: version, read access and write access bits.
    public var byteOne: UInt8 {
        (majorVersion & 0x03) << 6 | (minorVersion & 0x03) << 4 | (readAccess & 0x03) << 2 | writeAccess.bits
    }

    /// The CC encoded again: 4 bytes, or 8 with MLEN in CC6–7.
    public var bytes: [UInt8] {
        if length == 8 {
            let rfu = reserved.count == 2 ? reserved : [0, 0]
            return [magic, byteOne, 0x00, features.rawValue] + rfu + [
                UInt8(truncatingIfNeeded: mlen >> 8), UInt8(truncatingIfNeeded: mlen),
            ]
        }
        return [magic, byteOne, UInt8(truncatingIfNeeded: mlen), features.rawValue]
    }

    /// The CC with the mapping's magic bytes: true when `byte` is E1 or E2.
    public static func isMagic(_ byte: UInt8) -> Bool { byte == 0xE1 || byte == 0xE2 }

    /// Reads a CC from block 0 on (4 bytes, or 8 when CC2 is 00). `memoryBytes` is the tag's memory
    /// from block 0 (GET SYSTEM INFO block count × block size, or the model's user memory): with it
    /// the data area is min(MLEN × 8, memory − CC) and ``mlenConvention`` says which convention the
    /// CC follows; without it the data area is MLEN × 8.
    public static func parse(_ bytes: [UInt8], memoryBytes: Int? = nil)
        -> Result<Type5CapabilityContainer, Type5CCError>
    {
        guard bytes.count >= 4 else { return .failure(.truncated(bytes: bytes, needed: 4)) }
        guard isMagic(bytes[0]) else { return .failure(.noMagic(bytes: Array(bytes.prefix(4)))) }
        let major = bytes[1] >> 6
        let minor = (bytes[1] >> 4) & 0x03
        let eightByte = bytes[2] == 0
        guard major == 1 else {
            return .failure(
                .unsupportedVersion(major: major, minor: minor, bytes: Array(bytes.prefix(eightByte ? 8 : 4))))
        }
        if eightByte && bytes.count < 8 { return .failure(.truncated(bytes: bytes, needed: 8)) }
        let mlen = eightByte ? Int(bytes[6]) << 8 | Int(bytes[7]) : Int(bytes[2])
        var cc = Type5CapabilityContainer(
            magic: bytes[0], majorVersion: major, minorVersion: minor, readAccess: (bytes[1] >> 2) & 0x03,
            writeAccess: Type5WriteAccess(bits: bytes[1]), mlen: mlen, features: Type5CCFeatures(rawValue: bytes[3]),
            length: eightByte ? 8 : 4, reserved: eightByte ? Array(bytes[4..<6]) : [])
        if minor > 0 { cc.problems.append(.newerMinorVersion(minor)) }
        if eightByte {
            if cc.reserved != [0, 0] { cc.problems.append(.reservedBytesNotZero(cc.reserved)) }
            if mlen < 256 { cc.problems.append(.eightByteFormForSmallMLEN(mlen: mlen)) }
        }
        cc.reconcile(memoryBytes: memoryBytes)
        return .success(cc)
    }

    /// Sets ``dataAreaBytes`` and ``mlenConvention`` from MLEN and the memory size.
    mutating func reconcile(memoryBytes: Int?) {
        let declared = declaredDataAreaBytes
        let overflow = length == 4 && mlen == 0xFF && features.contains(.mlenOverflow)
        guard let memoryBytes, memoryBytes >= 0 else {
            dataAreaBytes = declared
            mlenConvention = nil
            if overflow { problems.append(.overflowFormat(dataAreaBytes: nil)) }
            return
        }
        let available = max(0, memoryBytes - length)
        if overflow {
            dataAreaBytes = available
            mlenConvention = .overflow
            problems.append(.overflowFormat(dataAreaBytes: available))
        } else if declared <= available {
            dataAreaBytes = declared
            mlenConvention = .dataArea
        } else if declared == memoryBytes {
            dataAreaBytes = available
            mlenConvention = .wholeMemory
            problems.append(.mlenIsWholeMemory(declared: declared, memoryBytes: memoryBytes, dataAreaBytes: available))
        } else if declared < memoryBytes {
            // Between the two readings (MLEN rounded up): still inside memory, clamp to after the CC.
            dataAreaBytes = available
            mlenConvention = .wholeMemory
            problems.append(.mlenIsWholeMemory(declared: declared, memoryBytes: memoryBytes, dataAreaBytes: available))
        } else {
            dataAreaBytes = available
            mlenConvention = .beyondMemory
            problems.append(.mlenBeyondMemory(declared: declared, memoryBytes: memoryBytes, dataAreaBytes: available))
        }
    }
}
