/// Something an attribute information block says that parses but that TapCard will not act on
/// blindly: each problem names the figures. The read and write plans refuse on the ones that
/// make them unsafe (``Type3PlanError/attribute(_:)``).
public enum Type3AttributeProblem: Sendable, Hashable {
    /// Ln (`length` bytes) is more than Nmaxb × 16 (`capacity`): the length cannot be right.
    case lengthBeyondCapacity(length: Int, capacity: Int)
    /// Nbr is 0: no Check may read a block (nfcpy treats the NDEF as not readable).
    case noBlocksPerCheck
    /// Nbw is 0: no Update may write a block (nfcpy treats the NDEF as not writable).
    case noBlocksPerUpdate
    /// WriteF is neither 00 (done) nor 0F (writing in progress).
    case unknownWriteFlag(UInt8)
    /// The RW flag is neither 00 (read-only) nor 01 (read/write).
    case unknownAccessFlag(UInt8)

    /// The problem in words, with its figures.
    public var sentence: String {
        switch self {
        case .lengthBeyondCapacity(let length, let capacity):
            "Ln says \(length) bytes, more than the \(capacity) bytes (Nmaxb × 16) the attribute block reports."
        case .noBlocksPerCheck:
            "Nbr is 0: the attribute block allows no block per Check."
        case .noBlocksPerUpdate:
            "Nbw is 0: the attribute block allows no block per Update."
        case .unknownWriteFlag(let flag):
            "WriteF is \(hex(flag)); the mapping defines 00 (done) and 0F (write in progress)."
        case .unknownAccessFlag(let flag):
            "The RW flag is \(hex(flag)); the mapping defines 00 (read-only) and 01 (read/write)."
        }
    }

    private func hex(_ byte: UInt8) -> String { String(byte, radix: 16, uppercase: true).leftPadded }
}

extension String {
    fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
