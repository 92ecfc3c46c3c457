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

    public init(
        blockSize: Int, blockCount: Int, userBlocks: ClosedRange<Int>, manufacturerCode: UInt8, uidPrefix: [UInt8],
        uidTypeMask: UInt8? = nil, uidTypeBits: UInt8? = nil, icReference: UInt8, dsfid: UInt8, afi: UInt8,
        maximumBlocksPerRead: Int?, signatureLength: Int?, supportsLockBlock: Bool
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
        // SLIX2 (10 for SLIX; Flipper `slix.c`, AOSP `tags_defs.h`); 32-byte ECC signature (custom
        // BD READ SIGNATURE). IC reference 01 as on the ICODE SLIX of trace V-T5T-1 (UNVERIFIED
        // for SLIX2); DSFID and AFI 00 as shipped (UNVERIFIED).
        case .icodeSLIX2:
            Type5Facts(
                blockSize: 4, blockCount: 80, userBlocks: 0...78, manufacturerCode: 0x04,
                uidPrefix: [0xE0, 0x04, 0x01], uidTypeMask: 0x18, uidTypeBits: 0x08, icReference: 0x01, dsfid: 0x00,
                afi: 0x00, maximumBlocksPerRead: 80, signatureLength: 32, supportsLockBlock: true)
        // ST25DV04K: 128 blocks × 4 bytes, IC reference 24h (AOSP `tags_defs.h`); UID E0 02 and
        // the product code 24h; ST reads at most 32 blocks per READ MULTIPLE (AOSP `rw_i93.cc`).
        // DSFID FF and AFI 00 as shipped: UNVERIFIED.
        case .st25dv04k:
            Type5Facts(
                blockSize: 4, blockCount: 128, userBlocks: 0...127, manufacturerCode: 0x02,
                uidPrefix: [0xE0, 0x02, 0x24], icReference: 0x24, dsfid: 0xFF, afi: 0x00, maximumBlocksPerRead: 32,
                signatureLength: nil, supportsLockBlock: true)
        default:
            nil
        }
    }
}
