import TagTransport
import TapCardSupport
import Type4

/// Why a Type 4 command failed: the carrier (nobody knows whether it landed) or the tag's status
/// word (it refused; nothing changed).
public enum Type4Failure: TapCardError, Equatable {
    case channel(ChannelError)
    case refused(Type4StatusError)
    /// NTAG 424 DNA secure messaging: a refusal in a session, a response MAC that does not verify.
    case secure(NTAG424SecureError)

    public var origin: ErrorOrigin {
        switch self {
        case .channel(let error): error.origin
        case .refused(let error): error.origin
        case .secure(let error): error.origin
        }
    }

    public var sentence: String {
        switch self {
        case .channel(let error): error.sentence
        case .refused(let error): error.sentence
        case .secure(let error): error.sentence
        }
    }

    /// False when the tag refused: the command did not land.
    public var mayHaveLanded: Bool {
        switch self {
        case .refused: false
        case .secure(.refused): false
        case .channel, .secure: true
        }
    }
}
