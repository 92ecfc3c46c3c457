import TagCatalog

/// The attribute information block: block 0 of an NFC Forum Type 3 tag's NDEF service.
///
/// Layout (NFC Forum Type 3 Tag mapping, as nfcpy `tt3.py` `_read_attribute_data` and
/// `_write_attribute_data` read and write it):
///
/// | bytes | field |
/// |---|---|
/// | 0 | Ver, mapping version (10h = 1.0) |
/// | 1 | Nbr, most blocks per Check |
/// | 2 | Nbw, most blocks per Update |
/// | 3–4 | Nmaxb, blocks available for NDEF data (big-endian) |
/// | 5–8 | unused (00) |
/// | 9 | WriteF: 00h done, 0Fh write in progress |
/// | 10 | RW flag: 00h read-only, 01h read/write |
/// | 11–13 | Ln, the NDEF message length in bytes (big-endian) |
/// | 14–15 | checksum: the sum of bytes 0–13 (big-endian) |
///
/// Parsing is total: any bytes give a block or a ``Type3AttributeError``; values that parse but
/// should not be trusted are ``problems``.
public struct Type3AttributeBlock: Sendable, Hashable {
    /// WriteF when no write is in progress.
    public static let writeDone: UInt8 = 0x00
    /// WriteF while a write is in progress (nfcpy `_write_ndef_data` sets it first).
    public static let writeInProgress: UInt8 = 0x0F
    /// RW flag values.
    public static let readOnly: UInt8 = 0x00
    public static let readWrite: UInt8 = 0x01

    public var version: UInt8
    public var blocksPerCheck: Int
    public var blocksPerUpdate: Int
    public var maximumBlocks: Int
    /// Bytes 5–8, kept as read so a rewrite leaves them alone.
    public var unused: [UInt8]
    public var writeFlag: UInt8
    public var accessFlag: UInt8
    public var length: Int

    public init(
        version: UInt8 = 0x10, blocksPerCheck: Int, blocksPerUpdate: Int, maximumBlocks: Int,
        unused: [UInt8] = [0, 0, 0, 0], writeFlag: UInt8 = writeDone, accessFlag: UInt8 = readWrite, length: Int = 0
    ) {
        self.version = version
        self.blocksPerCheck = blocksPerCheck
        self.blocksPerUpdate = blocksPerUpdate
        self.maximumBlocks = maximumBlocks
        self.unused = unused
        self.writeFlag = writeFlag
        self.accessFlag = accessFlag
        self.length = length
    }

    /// The checksum of a block: the sum of bytes 0–13 as 16 bits.
    public static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        UInt16(truncatingIfNeeded: bytes.prefix(14).reduce(0) { $0 + Int($1) })
    }

    /// Parses 16 bytes; the checksum and the major version are checked (nfcpy refuses both).
    public static func parse(_ bytes: [UInt8]) -> Result<Type3AttributeBlock, Type3AttributeError> {
        guard bytes.count == Type3Facts.blockSize else { return .failure(.length(bytes.count)) }
        let stored = UInt16(bytes[14]) << 8 | UInt16(bytes[15])
        let computed = checksum(bytes[...])
        guard stored == computed else { return .failure(.checksum(stored: stored, computed: computed)) }
        guard bytes[0] >> 4 == 1 else { return .failure(.unsupportedVersion(bytes[0])) }
        return .success(
            Type3AttributeBlock(
                version: bytes[0], blocksPerCheck: Int(bytes[1]), blocksPerUpdate: Int(bytes[2]),
                maximumBlocks: Int(bytes[3]) << 8 | Int(bytes[4]), unused: Array(bytes[5...8]), writeFlag: bytes[9],
                accessFlag: bytes[10], length: Int(bytes[11]) << 16 | Int(bytes[12]) << 8 | Int(bytes[13])))
    }

    /// The 16 bytes with a fresh checksum. Fields beyond their width are cut to it (Nbr/Nbw to 8
    /// bits, Nmaxb to 16, Ln to 24); the plans never make such blocks.
    public var bytes: [UInt8] {
        var out: [UInt8] = [
            version, UInt8(truncatingIfNeeded: blocksPerCheck), UInt8(truncatingIfNeeded: blocksPerUpdate),
            UInt8(truncatingIfNeeded: maximumBlocks >> 8), UInt8(truncatingIfNeeded: maximumBlocks),
        ]
        out += (unused + [0, 0, 0, 0]).prefix(4)
        out += [
            writeFlag, accessFlag, UInt8(truncatingIfNeeded: length >> 16), UInt8(truncatingIfNeeded: length >> 8),
            UInt8(truncatingIfNeeded: length),
        ]
        let sum = Self.checksum(out[...])
        return out + [UInt8(sum >> 8), UInt8(sum & 0xFF)]
    }

    /// The NDEF capacity the block reports: Nmaxb × 16 bytes.
    public var capacity: Int { maximumBlocks * Type3Facts.blockSize }
    /// WriteF = 0F: a write was interrupted (or is under way); the data is not valid.
    public var isWriteInProgress: Bool { writeFlag == Self.writeInProgress }
    /// RW flag 00: the card must not be written.
    public var isReadOnly: Bool { accessFlag == Self.readOnly }

    /// What parses but should not be trusted.
    public var problems: [Type3AttributeProblem] {
        var out: [Type3AttributeProblem] = []
        if length > capacity { out.append(.lengthBeyondCapacity(length: length, capacity: capacity)) }
        if blocksPerCheck == 0 { out.append(.noBlocksPerCheck) }
        if blocksPerUpdate == 0 { out.append(.noBlocksPerUpdate) }
        if writeFlag != Self.writeDone && writeFlag != Self.writeInProgress {
            out.append(.unknownWriteFlag(writeFlag))
        }
        if accessFlag != Self.readOnly && accessFlag != Self.readWrite { out.append(.unknownAccessFlag(accessFlag)) }
        return out
    }
}
