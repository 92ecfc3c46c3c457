import MIFAREClassic
import TapCardSupport

/// A MIFARE Classic format that stopped at write `completed + 1` of `total` (`failed`). The plan
/// writes sector 0's trailer last, so until that write landed the card carries no MAD a reader
/// can open and reads as not formatted; sectors whose trailer was written are under the NDEF key
/// A, and a re-run tries both keys.
public struct ClassicFormatInterrupted: TapCardError, Equatable {
    public var completed: Int
    public var total: Int
    public var failed: ClassicBlockWrite
    public var cause: ClassicFailure

    public init(completed: Int, total: Int, failed: ClassicBlockWrite, cause: ClassicFailure) {
        self.completed = completed
        self.total = total
        self.failed = failed
        self.cause = cause
    }

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        let state =
            failed.purpose == .mad1Trailer
            ? "the last write (sector 0's trailer, which makes it an NDEF card) may or may not have landed"
            : "the card carries no readable MAD yet and reads as not formatted"
        let trailer = [.ndefTrailer, .mad2Trailer, .mad1Trailer].contains(failed.purpose) && cause.mayHaveLanded
        let risk =
            trailer
            ? " If the card then says that sector \(failed.block / 4 < 32 ? failed.block / 4 : 32 + (failed.block - 128) / 16) refuses every key, its trailer was left half-written and the chip has blocked that sector for good (a MIFARE Classic block write has no tearing protection)."
            : ""
        return
            "Formatting stopped at write \(completed + 1) of \(total) (block \(failed.block), \(failed.purpose.rawValue)): \(cause.sentence) So far \(state); run 'format' again.\(risk)"
    }
}
