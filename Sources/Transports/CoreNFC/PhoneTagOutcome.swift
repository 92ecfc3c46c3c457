/// What one session that offered TapCard's own driver first did: the driver ran on the tag's
/// ISO-DEP channel and returned its report, or iOS's own NDEF calls (`NFCNDEFTag`) did the work
/// because the tag offers no ISO-DEP or the driver did not recognise it.
public enum PhoneTagOutcome<Driven: Sendable, Receipt: Sendable>: Sendable {
    /// TapCard's driver did the work and returned this report.
    case driver(Driven)
    /// iOS's NDEF calls did the work and returned this receipt.
    case iOS(Receipt)

    /// The driver's report, when the driver did the work.
    public var driven: Driven? {
        if case .driver(let report) = self { return report }
        return nil
    }

    /// iOS's receipt, when iOS did the work.
    public var receipt: Receipt? {
        if case .iOS(let receipt) = self { return receipt }
        return nil
    }
}

extension PhoneTagOutcome: Equatable where Driven: Equatable, Receipt: Equatable {}
