/// CC byte 3 of an NFC Forum Type 5 Tag: what the tag says it supports (shared/reference/
/// type4-type5-ntag424.md §3.3, from AOSP `rw_i93.cc`/`tags_defs.h` `I93_ICODE_CC_*_MASK`, ST
/// `ndef_t5t.c`). Bits 5–7 are RFU and kept as read, so a CC encodes back to its bytes.
public struct Type5CCFeatures: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// b0 MBREAD: READ MULTIPLE BLOCKS is supported. iOS will not read NDEF while it is set
    /// (shared/reference/users-asks.md §5, Apple forums thread 713375).
    public static let multipleBlockRead = Type5CCFeatures(rawValue: 0x01)
    /// b1 IPREAD: NXP INVENTORY PAGE READ (legacy, AOSP `I93_ICODE_CC_IPREAD_MASK`).
    public static let inventoryPageRead = Type5CCFeatures(rawValue: 0x02)
    /// b2: "MLEN overflow", the legacy ST/onsemi ("Android") format for more than 2040 bytes with
    /// a 4-byte CC whose MLEN is FF (AOSP `I93_STM_CC_OVERFLOW_MASK`, `I93_ONS_CC_OVERFLOW_MASK`).
    public static let mlenOverflow = Type5CCFeatures(rawValue: 0x04)
    /// b3 LOCK BLOCK: the tag takes LOCK BLOCK (T5T 1.0, per ST `ndef_t5t.c`).
    public static let lockBlock = Type5CCFeatures(rawValue: 0x08)
    /// b4 SPECIAL FRAME: write-alike commands need the option flag (the VICC answers after a
    /// separate EOF; §3.1).
    public static let specialFrame = Type5CCFeatures(rawValue: 0x10)
}
