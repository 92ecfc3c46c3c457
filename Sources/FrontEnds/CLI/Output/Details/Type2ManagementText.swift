import TagWorkflows

/// Prints the report of `format` and `lock`.
enum Type2ManagementText {
    static func lines(_ report: PageOperationReport, verb: String, path: String) -> [String] {
        [
            "\(verb) \(path): \(report.writes.count) page writes (pages \(TagText.pageRanges(report.writes.map(\.page))))",
            "Chip: \(TagText.chip(report.identification))",
            "NDEF status now: \(TagText.status(report.after.status)); capacity \(TagText.capacity(report.after.capacity))",
            TagText.statistics(report.statistics),
        ]
    }
}
