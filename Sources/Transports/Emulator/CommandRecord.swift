import TagTransport

/// One command the emulated tag received, what became of it, and its modeled air time.
public struct CommandRecord: Sendable, Equatable {
    /// What the reader saw.
    public enum Outcome: Sendable, Equatable {
        /// A data answer (READ, GET_VERSION, …).
        case data([UInt8])
        /// A 4-bit ACK.
        case ack
        /// A 4-bit NAK with its code.
        case nak(UInt8)
        /// No answer: the command timed out (a command this chip does not know).
        case noAnswer
        /// The tag left the field at this command (a tear), in this mode.
        case torn(TearMode)
        /// The command was refused before reaching a tag (removed, several tags in the field).
        case notSent(ChannelError)
    }

    /// Position in the log, from 0.
    public var index: Int
    public var command: [UInt8]
    public var outcome: Outcome
    /// Pages whose EEPROM content this command changed (including a torn, corrupted page).
    public var pagesProgrammed: [Int]
    /// Modeled air time from the datasheet timing (``/TagCatalog/Type2Timing``), in microseconds.
    /// Modeled, not measured: a phone or reader adds its own latency on top.
    public var modeledMicroseconds: Double

    public init(
        index: Int, command: [UInt8], outcome: Outcome, pagesProgrammed: [Int], modeledMicroseconds: Double
    ) {
        self.index = index
        self.command = command
        self.outcome = outcome
        self.pagesProgrammed = pagesProgrammed
        self.modeledMicroseconds = modeledMicroseconds
    }
}
