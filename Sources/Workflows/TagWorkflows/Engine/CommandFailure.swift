import TagTransport
import TapCardSupport

/// A command that failed in one of two ways, whatever the technology: the carrier (a tear, a lost
/// tag: nobody knows whether it landed) or the tag's own refusal (a status word, error flags).
/// A type's failure enum names its cases; origin and sentence are said here once.
public protocol CommandFailure: TapCardError {
    associatedtype Refusal: TapCardError
    /// The carrier's error, when the command did not come back.
    var channelError: ChannelError? { get }
    /// The tag's answer, when it refused.
    var refusal: Refusal? { get }
}

extension CommandFailure {
    public var origin: ErrorOrigin { channelError?.origin ?? refusal?.origin ?? .transport }
    public var sentence: String { channelError?.sentence ?? refusal?.sentence ?? "The command failed." }
}
