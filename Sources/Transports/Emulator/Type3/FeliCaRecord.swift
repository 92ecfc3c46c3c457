import TagFrames
import TagTransport

/// One FeliCa command an emulated Type 3 card received, what became of it, and its modeled air
/// time (``/TagCatalog/Type3Timing``).
public struct FeliCaRecord: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// The card answered.
        case response(FeliCaResponse)
        /// The card stayed silent (a Polling for a system code it does not have, another IDm, a
        /// command it does not know or cannot parse): the reader timed out.
        case noAnswer
        /// The card left the field at this command (a tear), in this mode.
        case torn(TearMode)
        /// The command was refused before reaching a card (removed, several cards in the field).
        case notSent(ChannelError)
    }

    public var index: Int
    public var command: FeliCaCommand
    public var outcome: Outcome
    /// Blocks whose contents this command changed (including a torn block).
    public var blocksProgrammed: [Int]
    /// Modeled, not measured.
    public var modeledMicroseconds: Double

    public init(
        index: Int, command: FeliCaCommand, outcome: Outcome, blocksProgrammed: [Int], modeledMicroseconds: Double
    ) {
        self.index = index
        self.command = command
        self.outcome = outcome
        self.blocksProgrammed = blocksProgrammed
        self.modeledMicroseconds = modeledMicroseconds
    }
}
