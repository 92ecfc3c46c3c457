import TagTransport
import TapCardSupport
import Type3

/// Why a FeliCa command failed: the carrier (nobody knows whether it landed) or the card's status
/// flags (it refused; nothing changed), as ``Type4Failure`` separates them for Type 4.
public enum Type3Failure: CommandFailure, Equatable {
    case channel(ChannelError)
    case refused(Type3StatusError)

    public var channelError: ChannelError? {
        if case .channel(let error) = self { return error }
        return nil
    }

    public var refusal: Type3StatusError? {
        if case .refused(let error) = self { return error }
        return nil
    }

    /// False when the card answered with status flags: the command did not land. A response that
    /// is malformed or from another card is treated as "may have landed" (nobody knows what the
    /// card in the field did).
    public var mayHaveLanded: Bool {
        if case .refused(.refused) = self { return false }
        return true
    }
}
