/// How a write was checked, the same for every tag type.
public enum WriteVerification: Sendable, Equatable {
    /// What a read-back covered: pages (Type 2) or message bytes (Types 3, 4, 5).
    public enum Scope: Sendable, Equatable {
        case pages(ClosedRange<Int>)
        case bytes(Int)
    }

    /// Not checked (the caller asked for no verification).
    case none
    /// Read back after the last write, decoded and compared; `match` says whether the bytes or
    /// only the records were the same.
    case readBack(Scope, match: VerificationMatch)
    /// Nothing needed writing: the read before the write found this very message.
    case alreadyOnTag

    /// True when the message on the tag was read and decodes to the records written.
    public var verified: Bool { self != .none }
}
