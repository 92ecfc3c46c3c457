extension TagWriteOutcome {
    /// The write in figures, one sentence a line, in the type's own terms (each type's from its
    /// own folder: ``Type4WriteReport/summaryLines(uid:)``, ``Type5WriteReport/summaryLines``,
    /// ``Type3WriteReport/summaryLines``); `nil` for a Type 2 write, whose lines the front end words
    /// from the envelope. `uid` is the UID the front end shows (the report's, else the one its
    /// carrier announced).
    public func summaryLines(uid: [UInt8]) -> [String]? {
        switch detail {
        case .type4(let report): report.summaryLines(uid: uid)
        case .type5(let report): report.summaryLines
        case .type3(let report): report.summaryLines
        case .classic(let report): report.summaryLines
        case .type2: nil
        }
    }
}
