import TagTransport
import TapCardSupport
import Type5

/// Why a Type 5 command failed: the carrier (nobody knows whether it landed) or the tag's ISO/IEC
/// 15693 error flag (it refused; nothing changed), as ``Type4Failure`` is for Type 4.
public enum Type5Failure: CommandFailure, Equatable {
    case channel(ChannelError)
    case refused(Type5StatusError)

    public var channelError: ChannelError? {
        if case .channel(let error) = self { return error }
        return nil
    }

    public var refusal: Type5StatusError? {
        if case .refused(let error) = self { return error }
        return nil
    }

    /// False when the tag set its error flag: the command did not land. An answer of the wrong
    /// length is an answer too, but what it did is unknown, so it may have landed.
    public var mayHaveLanded: Bool {
        switch self {
        case .refused(.refused): false
        case .refused(.unexpectedLength), .channel: true
        }
    }

    /// The tag's ISO 15693 error code, when it refused.
    public var tagErrorCode: UInt8? {
        if case .refused(let error) = self { return error.code }
        return nil
    }
}
