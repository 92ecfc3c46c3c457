import TapCardSupport

/// Proof that a person asked for a permanent lock. Locking sets one-time-programmable bits: no
/// command can ever make the tag writable again, so every entry point demands this value
/// (the CLI builds it only from `--yes-lock-permanently`).
public struct LockConfirmation: Sendable, Equatable {
    private init() {}

    /// "I understand the tag can never be written again."
    public static let permanent = LockConfirmation()
}

/// A lock asked for without ``LockConfirmation``.
public enum LockRefusal: TapCardError, Equatable {
    case confirmationRequired

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        "Locking is permanent: the tag can never be written again. Nothing was done; confirm explicitly to lock."
    }
}
