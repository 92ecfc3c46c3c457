import TagFrames

/// One Update of a format or lock plan (``Type3FormatPlan``, ``Type3LockPlan``), labelled.
public struct Type3ConfigurationWrite: Sendable, Hashable {
    public enum Step: String, Sendable, Hashable {
        /// MC with SYS_OP = 01: the card starts answering polling for 12FC.
        case enableNDEF = "enable-ndef"
        /// The attribute information block (format: Ln 0).
        case attribute
        /// A data block set to zeros.
        case zeroData = "zero-data"
        /// The attribute block with RW flag 00. Reversible while block 0 and MC stay writable.
        case readOnlyFlag = "read-only-flag"
        /// MC with S_PAD0–13 read-only and MC_ALL 00: permanent, nothing can undo it.
        case lockMemory = "lock-memory"
    }

    public var block: Int
    public var bytes: [UInt8]
    public var step: Step
    public var service: UInt16

    public init(block: Int, bytes: [UInt8], step: Step, service: UInt16 = 0x0009) {
        self.block = block
        self.bytes = bytes
        self.step = step
        self.service = service
    }

    /// True for the step no later command can undo.
    public var isPermanent: Bool { step == .lockMemory }

    public func command(idm: [UInt8]) -> FeliCaCommand {
        Type3Command.update(idm: idm, service: service, blocks: [block], data: bytes)
    }
}
