import TagFrames
import TagTransport

/// One command an emulated tag was sent, in its log, for every technology that has no record of
/// its own shape: what the reader sent, what came of it, the units (blocks) it programmed and its
/// modeled air time (the technology's timing model: modeled, not measured).
public struct AirRecord<Command: Sendable & Equatable, Response: Sendable & Equatable>: Sendable, Equatable {
    /// What the reader saw.
    public enum Outcome: Sendable, Equatable {
        /// The tag's answer (an error flag or status is an answer too).
        case response(Response)
        /// The tag kept silent (it was not addressed, it was quiet, or the command is not for it).
        case unanswered
        /// The tag left the field at this command (a tear), in this mode.
        case torn(TearMode)
        /// The command was refused before reaching a tag (removed, several tags in the field).
        case notSent(ChannelError)
    }

    /// Position in the log, from 0.
    public var index: Int
    public var command: Command
    public var outcome: Outcome
    /// The blocks this command programmed, in order.
    public var programmed: [Int]
    public var modeledMicroseconds: Double

    public init(index: Int, command: Command, outcome: Outcome, programmed: [Int], modeledMicroseconds: Double) {
        self.index = index
        self.command = command
        self.outcome = outcome
        self.programmed = programmed
        self.modeledMicroseconds = modeledMicroseconds
    }
}

/// A FeliCa command in an ``EmulatedType3Tag``'s log.
public typealias FeliCaRecord = AirRecord<FeliCaCommand, FeliCaResponse>

/// An ISO/IEC 15693 request in an ``EmulatedType5Tag``'s log.
public typealias Type5Record = AirRecord<Type5AirRequest, ISO15693Response>

extension AirRecord where Command == Type5AirRequest {
    /// The request as it went over the air (flags, command, addressing).
    public var request: Type5AirRequest { command }
    public var programmedBlocks: [Int] { programmed }
}

extension AirRecord.Outcome where Command == Type5AirRequest {
    /// An ISO 15693 tag's silence.
    public static var silent: Self { .unanswered }
}

extension AirRecord where Command == FeliCaCommand {
    public var blocksProgrammed: [Int] { programmed }
}

extension AirRecord.Outcome where Command == FeliCaCommand {
    /// A FeliCa card's silence.
    public static var noAnswer: Self { .unanswered }
}
