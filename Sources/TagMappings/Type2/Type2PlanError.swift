import TapCardSupport

/// Why TapCard will not send a planned write, format or lock to a Type 2 tag. Every case is
/// decided before a command is sent.
public enum Type2PlanError: TapCardError, Equatable {
    /// The CC is not an NDEF CC (magic 0xE1, version 1.x): the tag must be formatted first.
    case notFormatted
    /// The CC denies write access (access byte `access`).
    case readOnly(access: UInt8)
    /// The message needs `needed` bytes; this tag holds at most `capacity` (from its CC and TLVs).
    case tooBig(needed: Int, capacity: Int)
    /// A page the operation must change is write-protected by a lock bit.
    case pageLocked(page: Int)
    /// Planning needs memory up to byte `upTo` that was not read (a caller bug, not a tag fact).
    case memoryNotRead(upTo: Int)
    /// The tag is already NDEF-formatted (CC `cc`); formatting would not change it.
    case alreadyFormatted(cc: [UInt8])
    /// The CC is one-time programmable and holds bits the NDEF CC `wanted` does not: it can
    /// never be formatted.
    case foreignCapabilityContainer(current: [UInt8], wanted: [UInt8])
    /// Formatting needs to know the chip (its data-area size).
    case unknownModel

    public var origin: ErrorOrigin {
        switch self {
        case .memoryNotRead: .platform
        default: .refusal
        }
    }

    public var sentence: String {
        switch self {
        case .notFormatted:
            "The tag is not NDEF-formatted (its Capability Container is not E1 1x); format it first."
        case .readOnly(let access):
            "The tag is read-only: its Capability Container access byte is 0x\(Hex.encode([access], uppercase: true)); nothing was written."
        case .tooBig(let needed, let capacity):
            "The message needs \(needed) bytes but this tag holds at most \(capacity) (reported by its Capability Container and TLVs); nothing was written."
        case .pageLocked(let page):
            "Page \(page) of the tag is locked by its lock bits; nothing was written."
        case .memoryNotRead(let upTo):
            "The plan needs tag memory up to byte \(upTo), which was not read."
        case .alreadyFormatted(let cc):
            "The tag is already NDEF-formatted (CC \(Hex.encode(cc, uppercase: true, separator: " "))); use erase to empty it."
        case .foreignCapabilityContainer(let current, let wanted):
            "The Capability Container holds \(Hex.encode(current, uppercase: true, separator: " ")); it is one-time programmable, so it can never become \(Hex.encode(wanted, uppercase: true, separator: " ")). This tag cannot be NDEF-formatted; nothing was written."
        case .unknownModel:
            "The chip is not known, so the data-area size to format is not known; nothing was written."
        }
    }
}
