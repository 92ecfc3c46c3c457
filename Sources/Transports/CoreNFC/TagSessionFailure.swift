import TapCardSupport

/// How a session that ran TapCard's own work on the tag (``TagSessionService/withTransport(_:_:)``)
/// failed: the session itself — no tag, Cancel, the 60-second limit, the tag moved away — or the
/// work, with its own typed error (a password the tag refused, a preflight refusal, a write
/// interrupted with the state the tag is in).
public enum TagSessionFailure<Failure: Error>: TapCardError {
    /// The NFC session ended or never reached a tag; ``NFCSessionError`` says how.
    case session(NFCSessionError)
    /// The work ran and threw this.
    case operation(Failure)

    /// The session's error, when the session is what failed.
    public var sessionError: NFCSessionError? {
        if case .session(let error) = self { return error }
        return nil
    }

    /// The work's error, when the work is what failed.
    public var operationError: Failure? {
        if case .operation(let error) = self { return error }
        return nil
    }

    /// True for the user's own Cancel: front ends show no error for it.
    public var isCancellation: Bool { sessionError?.isCancellation ?? false }

    public var origin: ErrorOrigin {
        switch self {
        case .session(let error): error.origin
        case .operation(let error): (error as? any TapCardError)?.origin ?? .platform
        }
    }

    public var sentence: String {
        switch self {
        case .session(let error): error.sentence
        case .operation(let error): (error as? any TapCardError)?.sentence ?? "The tag operation failed: \(error)."
        }
    }
}

extension TagSessionFailure: Equatable where Failure: Equatable {}
