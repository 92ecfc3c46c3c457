/// Which reading of MLEN a Type 5 CC looks like, given the memory size (shared/reference/
/// type4-type5-ntag424.md §3.3).
public enum Type5MLENConvention: Sendable, Hashable {
    /// MLEN × 8 is at most the memory after the CC: the NFC Forum and ST reading ("size of the
    /// T5T area in 8-byte units", ST's formatter MLEN = total ÷ 8 − 1).
    case dataArea
    /// MLEN × 8 is the whole memory, CC included: the ICODE SLIX of trace V-T5T-1 (`E1 40 0E 01` on
    /// 28 × 4 = 112 bytes). ST's detector also subtracts one when MLEN equals total ÷ 8. The data
    /// area is then the memory after the CC.
    case wholeMemory
    /// MLEN × 8 exceeds the whole memory: the CC overstates the tag; the data area is clamped to
    /// the memory after the CC.
    case beyondMemory
    /// The legacy "Android format": a 4-byte CC with MLEN FF and CC3 bit 2; the data area is the
    /// memory after the CC (AOSP `rw_i93.cc`, `I93_STM_CC_OVERFLOW_MASK`).
    case overflow
}
