import Focus
import SUN
import Store
import TapCardSupport
import Type4

/// A focus operation failed: the state machine refused, or the store failed. Both keep their
/// own sentence and origin.
public enum FocusFailure: UnwritableFileError, Equatable {
    case refused(FocusRefusal)
    case store(StoreError)
    /// Pairing an NTAG 424 DNA: the URL read from it does not verify with the keys.
    case sun(SUNError)
    /// Pairing an NTAG 424 DNA: the URL verifies, but for another UID than the tag's.
    case sunUIDMismatch

    public var origin: ErrorOrigin {
        switch self {
        case .refused(let refusal): refusal.origin
        case .store(let error): error.origin
        case .sun(let error): error.origin
        case .sunUIDMismatch: .refusal
        }
    }

    public var isUnwritable: Bool {
        if case .store(let error) = self { return error.isUnwritable }
        return false
    }

    public var sentence: String {
        switch self {
        case .refused(let refusal): refusal.sentence
        case .store(let error): error.sentence
        case .sun(let error):
            "The tag's URL does not verify with the SUN keys, so it was not paired: \(error.sentence)"
        case .sunUIDMismatch:
            "The tag's URL verifies, but it carries another tag's UID (a copied URL), so it was not paired."
        }
    }

    /// The refusal, when the state machine said no.
    public var refusal: FocusRefusal? {
        if case .refused(let refusal) = self { return refusal }
        return nil
    }
}
