/// The facts of an ISO/IEC 15693 (NFC Forum Type 5) tag model: its geometry as GET SYSTEM INFO
/// reports it, how its UID and IC reference name it, and what it can do beyond the mandatory
/// commands. The emulator builds its chips from these; the Type 5 mapping reads the same things
/// from the tag (GET SYSTEM INFO, the CC) and uses these only to name the chip and as assumptions.
///
/// Sources: shared/reference/type4-type5-ntag424.md §3.2–3.4 (AOSP `rw_i93.cc` and `tags_defs.h`,
/// Flipper Zero `lib/nfc/protocols/slix/`); figures not found there are marked UNVERIFIED.
public struct Type5Facts: Sendable, Equatable {
    /// Bytes per block (GET SYSTEM INFO memory size byte 2, bits 4–0, plus one).
    public var blockSize: Int
    /// Blocks as GET SYSTEM INFO reports them (byte 1 plus one).
    public var blockCount: Int
    /// The blocks an NDEF message may use, from block 0 (the CC). ICODE SLIX2 keeps its 16-bit
    /// counter in block 79, outside the NDEF area.
    public var userBlocks: ClosedRange<Int>
    /// UID byte 1 (after `E0`): `04` NXP, `02` ST.
    public var manufacturerCode: UInt8
    /// The UID bytes (`E0` first) that every chip of the model shares: `E0 04 01` and a type
    /// nibble on ICODE, `E0 02` and the product code on ST.
    public var uidPrefix: [UInt8]
    /// Mask applied to the UID byte after ``uidPrefix`` before comparing it with ``uidTypeBits``
    /// (ICODE SLIX vs SLIX2: bits 4–3 of UID byte 4), or `nil` when the prefix alone decides.
    public var uidTypeMask: UInt8?
    public var uidTypeBits: UInt8?
    /// The IC reference GET SYSTEM INFO answers with.
    public var icReference: UInt8
    /// DSFID and AFI as shipped.
    public var dsfid: UInt8
    public var afi: UInt8
    /// The most blocks one READ MULTIPLE BLOCKS returns, or `nil` when the chip lacks the command.
    public var maximumBlocksPerRead: Int?
    /// The length of the originality signature READ SIGNATURE (custom `BD`) returns, or `nil`.
    public var signatureLength: Int?
    /// The chip takes LOCK BLOCK (`22`): a locked block answers writes with error `12`.
    public var supportsLockBlock: Bool
    /// The most blocks one WRITE MULTIPLE BLOCKS (`24`) writes, or `nil` when the chip lacks it.
    public var maximumBlocksPerWrite: Int?
    /// The chip takes the extended commands with 2-byte block numbers (`30`–`34`, `3B`, `3C`).
    public var supportsExtendedCommands: Bool
    /// ICODE SLIX2's 16-bit counter block (79), outside ``userBlocks``, or `nil`.
    public var counterBlock: Int?
    /// The EEPROM programming time of one block written over RF, in microseconds.
    public var blockProgrammingMicroseconds: Double

    public init(
        blockSize: Int, blockCount: Int, userBlocks: ClosedRange<Int>, manufacturerCode: UInt8, uidPrefix: [UInt8],
        uidTypeMask: UInt8? = nil, uidTypeBits: UInt8? = nil, icReference: UInt8, dsfid: UInt8, afi: UInt8,
        maximumBlocksPerRead: Int?, signatureLength: Int?, supportsLockBlock: Bool, maximumBlocksPerWrite: Int? = nil,
        supportsExtendedCommands: Bool = false, counterBlock: Int? = nil,
        blockProgrammingMicroseconds: Double = Type5Facts.assumedBlockProgrammingMicroseconds
    ) {
        self.blockSize = blockSize
        self.blockCount = blockCount
        self.userBlocks = userBlocks
        self.manufacturerCode = manufacturerCode
        self.uidPrefix = uidPrefix
        self.uidTypeMask = uidTypeMask
        self.uidTypeBits = uidTypeBits
        self.icReference = icReference
        self.dsfid = dsfid
        self.afi = afi
        self.maximumBlocksPerRead = maximumBlocksPerRead
        self.signatureLength = signatureLength
        self.supportsLockBlock = supportsLockBlock
        self.maximumBlocksPerWrite = maximumBlocksPerWrite
        self.supportsExtendedCommands = supportsExtendedCommands
        self.counterBlock = counterBlock
        self.blockProgrammingMicroseconds = blockProgrammingMicroseconds
    }

    /// The programming time assumed for a block when the datasheet read gives none: the ST25DV
    /// figure "from RF: typical 5 ms for 1 block" (DS10925 Rev 9, Features). UNVERIFIED for any
    /// other chip.
    public static let assumedBlockProgrammingMicroseconds: Double = 5_000

    /// The CC TapCard's Type 5 formatter writes in block 0: `E1 40 MLEN 00` — magic E1 (1-byte
    /// block numbers), version 1.0 with free read and write access, MLEN =
    /// ``TagModel/type5FormattedMLEN(_:)``, and CC3 = 00 (MBREAD clear: readers use READ SINGLE
    /// BLOCK; no LOCK BLOCK or special-frame hint). Layout: shared/reference/type4-type5-ntag424.md
    /// §3.3. The emulator's `sim new` and the mapping's formatter both write exactly this.
    public var formattedCC: [UInt8] {
        [0xE1, 0x40, UInt8(clamping: TagModel.type5FormattedMLEN(self)), 0x00]
    }

    /// Block 1 of a freshly formatted tag: an empty NDEF TLV, a terminator TLV and a pad byte,
    /// `03 00 FE 00`, as ST's formatter writes it (§3.3).
    public static let formattedBlock1: [UInt8] = [0x03, 0x00, 0xFE, 0x00]

    /// The whole memory (``blockCount`` blocks) of a tag just formatted by TapCard: the CC in block
    /// 0, ``formattedBlock1`` in block 1 (when the block size is 4), zeros elsewhere.
    public var formattedImage: [UInt8] {
        var image = [UInt8](repeating: 0, count: blockCount * blockSize)
        let head = formattedCC + Self.formattedBlock1
        for (index, byte) in head.enumerated() where index < image.count { image[index] = byte }
        return image
    }

    /// Bytes of user memory (``userBlocks`` × ``blockSize``), the CC included.
    public var userBytes: Int { userBlocks.count * blockSize }

    /// True when `uid` (8 bytes, `E0` first) has this model's prefix and type bits.
    public func matches(uid: [UInt8]) -> Bool {
        guard uid.count == 8, uid.starts(with: uidPrefix) else { return false }
        guard let mask = uidTypeMask, let bits = uidTypeBits else { return true }
        return uid[uidPrefix.count] & mask == bits
    }
}

extension TagModel {
    /// The Type 5 facts, or `nil` for a model of another type.
    public var type5: Type5Facts? {
        switch self {
        // ICODE SLIX2 (SL2S2602): 80 blocks × 4 bytes, block 79 the 16-bit counter (Flipper
        // `slix.h` SLIX_COUNTER_BLOCK_NUM 79); UID E0 04 01, then bits 4–3 of byte 4 = 01 for
        // SLIX2 (10 for SLIX; Flipper `slix.c` SlixUidLayout, AOSP `tags_defs.h`); 32-byte ECC
        // signature (custom BD READ SIGNATURE, Flipper `slix.h` SLIX_SIGNATURE_SIZE). No WRITE
        // MULTIPLE BLOCKS (Flipper `slix_listener_i.c`: "no mention of this command in SLIX docs";
        // UNVERIFIED against the datasheet). IC reference 01 as on the ICODE SLIX of trace V-T5T-1
        // (UNVERIFIED for SLIX2); DSFID and AFI 00 as shipped (UNVERIFIED); READ MULTIPLE of the
        // whole memory in one command (UNVERIFIED); programming time: the assumed 5 ms (UNVERIFIED).
        case .icodeSLIX2:
            Type5Facts(
                blockSize: 4, blockCount: 80, userBlocks: 0...78, manufacturerCode: 0x04,
                uidPrefix: [0xE0, 0x04, 0x01], uidTypeMask: 0x18, uidTypeBits: 0x08, icReference: 0x01, dsfid: 0x00,
                afi: 0x00, maximumBlocksPerRead: 80, signatureLength: 32, supportsLockBlock: true,
                maximumBlocksPerWrite: nil, supportsExtendedCommands: false, counterBlock: 79)
        // ST25DV04K: 128 blocks × 4 bytes, IC reference 24h (AOSP `tags_defs.h`); UID E0 02 and
        // the product code 24h; "single and multiple blocks write (up to 4) (same for Extended
        // commands)", "from RF: typical 5 ms for 1 block" (DS10925 Rev 9, Features). ST reads at
        // most 32 blocks per READ MULTIPLE (AOSP `rw_i93.cc`; the reader's rule, taken as the
        // chip's: UNVERIFIED). DSFID FF and AFI 00 as shipped: UNVERIFIED.
        case .st25dv04k:
            Type5Facts(
                blockSize: 4, blockCount: 128, userBlocks: 0...127, manufacturerCode: 0x02,
                uidPrefix: [0xE0, 0x02, 0x24], icReference: 0x24, dsfid: 0xFF, afi: 0x00, maximumBlocksPerRead: 32,
                signatureLength: nil, supportsLockBlock: true, maximumBlocksPerWrite: 4, supportsExtendedCommands: true,
                counterBlock: nil, blockProgrammingMicroseconds: 5_000)
        default:
            nil
        }
    }
}
