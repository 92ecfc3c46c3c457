import TapCardSupport
import Type5

/// A Type 5 format (or iOS fix) whose block write `completed + 1` of `total` was not acknowledged.
/// The CC is written last, so until it lands the tag's block 0 is as before.
public struct Type5FormatInterrupted: TapCardError, Equatable {
    public var operation: Type5FormatReport.Operation
    /// The writes that were acknowledged, in order.
    public var completed: [Type5BlockWrite]
    /// The write that was not.
    public var failed: Type5BlockWrite
    public var total: Int
    public var cause: Type5Failure

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        let verb = operation == .format ? "The format" : "The iOS fix of the CC"
        let head =
            "\(verb) stopped at block \(failed.block) (WRITE SINGLE BLOCK \(completed.count + 1) of \(total)): \(cause.sentence)"
        let state: String
        if failed.role == .capabilityContainer {
            state =
                cause.mayHaveLanded
                ? " Block 0 (the CC) holds its old bytes, or the new CC if the write landed."
                : " Block 0 (the CC) holds its old bytes."
        } else {
            state =
                " The CC (block 0, written last) was not written yet: readers see the tag's old CC, over an emptied NDEF TLV if the tag was formatted."
        }
        return head + state + " Run the same command again to finish it."
    }
}
