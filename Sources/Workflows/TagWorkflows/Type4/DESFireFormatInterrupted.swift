import TapCardSupport
import Type4

/// A DESFire format whose step `completed.count + 1` of `total` did not complete. Every step
/// before the NDEF file's creation leaves a card a Type 4 reader does not take for an NDEF card;
/// a rerun of the same format reads what is there and sends only the steps still missing.
public struct DESFireFormatInterrupted: TapCardError, Equatable {
    /// The steps that completed, in order.
    public var completed: [DESFireFormatStep]
    /// The step that did not.
    public var failed: DESFireFormatStep
    public var total: Int
    public var cause: Type4Failure

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        let head =
            "The format stopped at \(Self.name(failed.purpose)) (command \(completed.count + 1) of \(total)): \(cause.sentence)"
        let state: String
        switch failed.role {
        case .commit where cause.mayHaveLanded:
            state =
                " The NDEF file may or may not exist now: the card is an NDEF card if it does, and holds the NDEF application with its CC but no NDEF file if not."
        case .finish:
            state =
                " The card is an NDEF card now; its NDEF file was created but NLEN was not yet set to 0."
        default:
            state =
                completed.contains { $0.purpose == .createApplication }
                ? " The card holds the NDEF application without its NDEF file: no reader takes it for an NDEF card yet."
                : " The card is as it was, or holds the NDEF application without its files: no reader takes it for an NDEF card yet."
        }
        return head + state + " Run the same command again to finish it."
    }

    /// The step in words.
    public static func name(_ purpose: DESFireFormatStep.Purpose) -> String {
        switch purpose {
        case .selectPICC: "SelectApplication 000000 (the PICC level)"
        case .createApplication: "CreateApplication 000001 (the NDEF application)"
        case .selectApplication: "SelectApplication 000001"
        case .createCCFile: "CreateStdDataFile 01 (the CC file, E103)"
        case .writeCC: "WriteData of the CC into file 01"
        case .restrictCCFile: "ChangeFileSettings of file 01 (read free, write key 0)"
        case .createNDEFFile: "CreateStdDataFile 02 (the NDEF file, E104)"
        case .clearNDEFLength: "WriteData of NLEN 00 00 into file 02"
        }
    }
}
