/// What a TLV walk does with Lock Control (01) and Memory Control (02) TLVs.
///
/// - Type 2 honours them: the bytes they name are skipped (NFC Forum T2T §2.3.3, §2.3.4; nfcpy
///   `tt2.py`).
/// - Type 5 has no control TLVs: its TLV types are NULL, NDEF, Proprietary and Terminator
///   (AOSP `tags_defs.h` `I93_ICODE_TLV_TYPE_NULL/NDEF/PROP/TERM`; shared/reference
///   type4-type5-ntag424.md §3.3). Android's T5T detection treats any other type byte before the
///   NDEF TLV as "Invalid type" and fails (`rw_i93.cc` `RW_I93_SUBSTATE_SEARCH_NDEF_TLV`), so a 01
///   or 02 on a Type 5 tag stops the walk with ``TLVProblem/typeNotAllowed(offset:typeByte:)``
///   rather than being skipped: a writer then puts the NDEF TLV back at the start of the area,
///   where every reader looks. Reserved types (04…FC) are skipped by their length on both, as the
///   T2T walk always did; Android's stricter stop on them is a Type 5 compatibility warning, not
///   a walk rule.
public enum ControlTLVs: Sendable, Equatable {
    /// Lock and Memory Control TLVs are read and the bytes they name are skipped (Type 2).
    case honoured
    /// A Lock or Memory Control TLV is a mapping error (Type 5).
    case refused
}
