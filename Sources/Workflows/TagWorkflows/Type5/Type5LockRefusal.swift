import TapCardSupport

/// Why TapCard will not lock this Type 5 tag. Nothing was sent that changes the tag.
public enum Type5LockRefusal: TapCardError, Equatable {
    /// The lock must send LOCK BLOCK, and the carrier refused GET SYSTEM INFO as a command it
    /// cannot send (`reason`): a PC/SC Part 3 storage-card interface carries only READ and UPDATE
    /// BINARY, so it has no LOCK BLOCK either. Refused before the CC is changed, so the tag is
    /// never left half-locked.
    case carrierCannotLock(reason: String)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .carrierCannotLock(let reason):
            "Locking this tag needs LOCK BLOCK, which this carrier cannot send (it refused GET SYSTEM INFO: \(reason)). Nothing was written; lock it on a reader or phone that sends ISO 15693 commands."
        }
    }
}
