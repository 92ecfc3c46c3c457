import TapCardSupport

/// A MIFARE Classic lock that stopped at sector `failedSector` after `completed` of `total`
/// trailers were written. The sectors written are read-only for good; the card reads as
/// read-only as soon as one NDEF sector is. Run the lock again to finish.
public struct ClassicLockInterrupted: TapCardError, Equatable {
    public var completed: [Int]
    public var failedSector: Int
    public var total: Int
    public var cause: ClassicFailure

    public init(completed: [Int], failedSector: Int, total: Int, cause: ClassicFailure) {
        self.completed = completed
        self.failedSector = failedSector
        self.total = total
        self.cause = cause
    }

    public var origin: ErrorOrigin { cause.origin }

    public var sentence: String {
        let done =
            completed.isEmpty
            ? "No sector was locked by this run"
            : "Sector\(completed.count == 1 ? "" : "s") \(completed.map(String.init).joined(separator: ", ")) \(completed.count == 1 ? "is" : "are") read-only for good"
        let risk =
            cause.mayHaveLanded
            ? " If sector \(failedSector) then refuses every key, its trailer was left half-written and the chip has blocked that sector for good (a MIFARE Classic block write has no tearing protection)."
            : ""
        return
            "The lock stopped at sector \(failedSector) (trailer \(completed.count + 1) of \(total)): \(cause.sentence) \(done); every key it needs was proven before the first write, so run the lock again to finish.\(risk)"
    }
}
