import Focus
import Store
import TapCardSupport

/// A focus operation failed: the state machine refused, or the store failed. Both keep their
/// own sentence and origin.
public enum FocusFailure: TapCardError, Equatable {
    case refused(FocusRefusal)
    case store(StoreError)

    public var origin: ErrorOrigin {
        switch self {
        case .refused(let refusal): refusal.origin
        case .store(let error): error.origin
        }
    }

    public var sentence: String {
        switch self {
        case .refused(let refusal): refusal.sentence
        case .store(let error): error.sentence
        }
    }

    /// The refusal, when the state machine said no.
    public var refusal: FocusRefusal? {
        if case .refused(let refusal) = self { return refusal }
        return nil
    }
}
