import TagFrames
import TagTransport

/// One request an emulated Type 5 tag received, what became of it, and its modeled air time.
public struct Type5Record: Sendable, Equatable {
    /// What the reader saw.
    public enum Outcome: Sendable, Equatable {
        /// The tag's response (an error flag included: errors are data).
        case response(ISO15693Response)
        /// The tag stayed silent (not addressed to it, STAY QUIET, a state that ignores it).
        case silent
        /// The tag left the field at this request (a tear), in this mode.
        case torn(TearMode)
        /// The request was refused before reaching a tag (removed, several tags in the field).
        case notSent(ChannelError)
    }

    /// Position in the log, from 0.
    public var index: Int
    /// The request as it went on the air (UID and manufacturer code included).
    public var request: Type5AirRequest
    public var outcome: Outcome
    /// The blocks the request programmed, in order.
    public var programmedBlocks: [Int]
    /// Modeled air time (``/TagCatalog/Type5Timing``), in microseconds. Modeled, not measured.
    public var modeledMicroseconds: Double

    public init(
        index: Int, request: Type5AirRequest, outcome: Outcome, programmedBlocks: [Int], modeledMicroseconds: Double
    ) {
        self.index = index
        self.request = request
        self.outcome = outcome
        self.programmedBlocks = programmedBlocks
        self.modeledMicroseconds = modeledMicroseconds
    }
}
