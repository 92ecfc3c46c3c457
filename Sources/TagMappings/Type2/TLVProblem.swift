/// Why a TLV walk stopped before a Terminator TLV or the end of the data area.
public enum TLVProblem: Sendable, Equatable {
    /// The TLV at `offset` (from the data-area start) declares `length` value bytes, but only
    /// `available` usable bytes remain in the data area the CC declares.
    case lengthBeyondDataArea(offset: Int, length: Int, available: Int)
    /// The TLV at `offset` has no room for its length field.
    case missingLength(offset: Int)
    /// A Lock or Memory Control TLV at `offset` whose length is not 3.
    case malformedControl(offset: Int, length: Int)
    /// The walk needs memory up to byte `upTo` (exclusive, from page 0) that was not read.
    case notRead(upTo: Int)
}
