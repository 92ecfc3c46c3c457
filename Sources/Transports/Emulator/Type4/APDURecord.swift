import TagFrames
import TagTransport

/// One command APDU an emulated Type 4 tag received, what became of it, and its modeled air time.
public struct APDURecord: Sendable, Equatable {
    /// What the reader saw.
    public enum Outcome: Sendable, Equatable {
        /// The tag's response APDU (any status word: status words are data).
        case response(ResponseAPDU)
        /// The tag left the field at this command (a tear), in this mode.
        case torn(TearMode)
        /// The command was refused before reaching a tag (removed, several tags in the field).
        case notSent(ChannelError)
    }

    /// Position in the log, from 0.
    public var index: Int
    public var command: CommandAPDU
    public var outcome: Outcome
    /// The bytes this command changed, file by file.
    public var programmed: [ProgrammedBytes]
    /// Modeled air time (``/TagCatalog/Type4Timing``), in microseconds. Modeled, not measured.
    public var modeledMicroseconds: Double

    public init(
        index: Int, command: CommandAPDU, outcome: Outcome, programmed: [ProgrammedBytes],
        modeledMicroseconds: Double
    ) {
        self.index = index
        self.command = command
        self.outcome = outcome
        self.programmed = programmed
        self.modeledMicroseconds = modeledMicroseconds
    }

    /// The number of bytes the command programmed.
    public var bytesProgrammed: Int { programmed.reduce(0) { $0 + $1.count } }
}
