import TagCatalog
import TapCardSupport

/// A 16-byte key given for a Type 2 chip that has no key authentication (or whose model is
/// unknown): nothing was sent.
public enum Type2KeyError: TapCardError, Equatable {
    case noKeyOnChip(model: TagModel?)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .noKeyOnChip(let model):
            "A 16-byte key (--auth-key) authenticates a MIFARE Ultralight C (3DES) or Ultralight AES (AES-128) only; this tag is \(model?.displayName ?? "of an unknown model") (declare the model if it is one of those). Nothing was sent."
        }
    }
}
