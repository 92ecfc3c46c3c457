import TagWorkflows

/// Prints the report of `format` and `lock`.
enum Type2ManagementText {
    static func lines(_ report: PageOperationReport, verb: String, path: String) -> [String] {
        [
            report.writes.isEmpty
                ? "\(verb) \(path): nothing needed writing"
                : "\(verb) \(path): \(report.writes.count) page write\(report.writes.count == 1 ? "" : "s") (\(report.writes.count == 1 ? "page" : "pages") \(TagText.pageRanges(report.writes.map(\.page))))",
            "Chip: \(TagText.chip(report.identification))",
            "NDEF status now: \(TagText.status(report.after.status)); capacity \(TagText.capacity(report.after.capacity))",
            TagText.statistics(report.statistics),
        ]
    }
}
