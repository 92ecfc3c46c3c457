import TagFrames

/// One step of a ``DESFireFormatPlan``: a plain command to send, with its purpose and its place in
/// the order that keeps a torn format harmless.
public struct DESFireFormatStep: Sendable, Hashable {
    /// What the step does.
    public enum Purpose: Sendable, Hashable {
        /// SelectApplication `000000`: the PICC level.
        case selectPICC
        /// CreateApplication `000001` with its ISO FID and DF name.
        case createApplication
        /// SelectApplication `000001`.
        case selectApplication
        /// CreateStdDataFile 01 / E103, 15 bytes, every right free while it is written.
        case createCCFile
        /// WriteData of the 15 CC bytes into file 01.
        case writeCC
        /// ChangeFileSettings of file 01 to AN11004's rights (`E000`: read free, write key 0),
        /// sent in plain because the file's change right is still free.
        case restrictCCFile
        /// CreateStdDataFile 02 / E104.
        case createNDEFFile
        /// WriteData of NLEN `00 00` at offset 0 of file 02: an empty NDEF message.
        case clearNDEFLength
    }

    /// Where the step stands in the order that keeps a torn format harmless.
    public enum Role: Sendable, Hashable {
        /// Selects: changes nothing on the card.
        case preparation
        /// Changes the card, but a Type 4 reader does not yet find an NDEF application whose CC
        /// names a file that exists: a tear here leaves a card that is not an NDEF card.
        case setup
        /// The step after which a Type 4 reader finds the application, reads the CC and selects
        /// E104: the card is an NDEF card from here.
        case commit
        /// Makes the committed state explicit (NLEN 0, not whatever the new file held).
        case finish
    }

    /// What the step does.
    public var purpose: Purpose
    /// The command, in plain.
    public var command: CommandAPDU
    /// Where the step stands in the format's order.
    public var role: Role

    public init(purpose: Purpose, command: CommandAPDU, role: Role) {
        self.purpose = purpose
        self.command = command
        self.role = role
    }
}
