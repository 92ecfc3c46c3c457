/// One reason iOS or Android may not read (or write) a Type 5 tag's NDEF message as TapCard does.
/// ``Type5Compatibility`` lists them; each case says where the rule comes from.
public enum Type5CompatibilityWarning: Sendable, Hashable, CustomStringConvertible {
    /// No CC: iOS reports no NDEF and cannot write one (shared/reference/users-asks.md §3:
    /// react-native-nfc-manager #283, coderapp 64741603: "ICODE SLIX ships without a CC").
    case noCapabilityContainer
    /// CC3 bit 0 (MBREAD) is set: iOS does not read the NDEF message, in a reader session or in
    /// background reading (users-asks.md §5: Apple forums thread 713375), and it breaks 3-byte
    /// length reads (coderapp 46649184).
    case multipleBlockReadSet
    /// The NDEF TLV does not start right after the CC (block 1 on 4-byte blocks): iOS checks that
    /// block 1 holds a valid NDEF TLV (users-asks.md §5: ST community 191575). `offset` is the
    /// TLV's data-area offset, `nil` when there is no NDEF TLV. For other block sizes the rule is
    /// UNVERIFIED; TapCard applies "at data-area offset 0".
    case ndefNotAtBlockOne(offset: Int?)
    /// An 8-byte CC or magic E2: whether iOS reads these is UNVERIFIED (no source read covers it);
    /// Android handles both (AOSP `rw_t5t.cc`/`rw_i93.cc`, ST-contributed T5T 1.0 support).
    case extendedCapabilityContainer(length: Int, magic: UInt8)
    /// A TLV type other than NULL, NDEF, Proprietary or Terminator before the NDEF TLV: Android
    /// stops NDEF detection there with "Invalid type" (AOSP `rw_i93.cc`
    /// `RW_I93_SUBSTATE_SEARCH_NDEF_TLV`).
    case androidRejectsTLVType(offset: Int, typeByte: UInt8)
    /// Read access not free: Android treats the tag as not NDEF (AOSP `rw_i93.cc` checks CC1
    /// read access), and TapCard does not read it.
    case readAccessNotFree(UInt8)

    public var description: String {
        switch self {
        case .noCapabilityContainer:
            "The tag has no CC (block 0 is not E1/E2): iOS sees no NDEF and cannot write one; format it first."
        case .multipleBlockReadSet:
            "iOS will not read the NDEF message while the CC's MBREAD bit is set (CC byte 3 bit 0)."
        case .ndefNotAtBlockOne(let offset):
            if let offset {
                "The NDEF TLV starts at data-area offset \(offset), not right after the CC (block 1): iOS checks block 1 for a valid NDEF TLV."
            } else {
                "The data area has no NDEF TLV: iOS checks block 1 for a valid NDEF TLV."
            }
        case .extendedCapabilityContainer(let length, let magic):
            "The CC has the \(length)-byte form with magic \(String(magic, radix: 16, uppercase: true)); whether iOS reads it is not known (unverified)."
        case .androidRejectsTLVType(let offset, let typeByte):
            "The TLV at data-area offset \(offset) has type \(String(typeByte, radix: 16, uppercase: true)), which Android's Type 5 reader refuses (\"Invalid type\") before it reaches the NDEF TLV."
        case .readAccessNotFree(let bits):
            "The CC's read access bits are \(String(bits, radix: 2)), not 00: Android treats the tag as having no NDEF."
        }
    }
}
