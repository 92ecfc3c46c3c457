extension TagManagementOutcome {
    /// The lock in figures, one sentence a line, in the type's own terms (each type's from its own
    /// folder: ``Type4LockReport/summaryLines(uid:)``, ``Type5LockReport/summaryLines``,
    /// ``Type3LockReport/summaryLines``, ``DESFireFormatReport/summaryLines(uid:)``); `nil` where the type's report has no lines of its own (a
    /// Type 2 lock, whose front end words the access it read back; a format). `uid` is the UID the
    /// front end shows (the report's, else the one its carrier announced).
    public func summaryLines(uid: [UInt8]) -> [String]? {
        switch detail {
        case .type4Lock(let report): report.summaryLines(uid: uid)
        case .desfireFormat(let report): report.summaryLines(uid: uid)
        case .type5Lock(let report): report.summaryLines
        case .type3Lock(let report): report.summaryLines
        case .classicLock(let report): report.summaryLines
        case .type2, .type3Format, .type5Format, .classicFormat: nil
        }
    }
}
