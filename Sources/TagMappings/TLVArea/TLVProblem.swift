/// Why a TLV walk stopped before a Terminator TLV or the end of the data area.
public enum TLVProblem: Sendable, Equatable {
    /// The TLV at `offset` (from the data-area start) declares `length` value bytes, but only
    /// `available` usable bytes remain in the data area the CC declares.
    case lengthBeyondDataArea(offset: Int, length: Int, available: Int)
    /// The TLV at `offset` has no room for its length field.
    case missingLength(offset: Int)
    /// A Lock Control (01) or Memory Control (02) TLV at `offset` whose length is not 3 (NFC Forum
    /// T2T §2.3.3, §2.3.4 give both a 3-byte value): no reader knows which bytes it names, and a
    /// write never changes a control TLV, so no torn write leaves one.
    case malformedControl(offset: Int, typeByte: UInt8, length: Int)
    /// The walk needs memory up to byte `upTo` (exclusive, from the start of memory) that was not read.
    case notRead(upTo: Int)
    /// A TLV type the mapping does not allow where it stands: a Lock or Memory Control TLV (01, 02)
    /// on a Type 5 tag, which has none (``ControlTLVs/refused``). Android stops there
    /// (`rw_i93.cc` `RW_I93_SUBSTATE_SEARCH_NDEF_TLV`: "Invalid type"), and so does the walk.
    case typeNotAllowed(offset: Int, typeByte: UInt8)
}
