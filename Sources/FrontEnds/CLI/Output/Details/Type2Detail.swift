import TagWorkflows

/// The text of a Type 2 tag's commands that is its own. Type 2 came first, so much of what it
/// shares with every type lives in ``TagText`` and ``TagJSON`` (the envelope, the page ranges,
/// the chip): what remains here is the read and the page-operation summary.
enum Type2Text {
    /// A `read`.
    static func read(_ report: ReadReport, path: String) -> [String] {
        [
            "Tag: \(path)",
            "Chip: \(TagText.chip(report.identification))",
            TagText.uid(report.uid),
            TagText.statusLine(TagReport(report), source: "reported by the tag's CC and TLVs"),
        ] + TagText.content(report.content, model: report.identification.model)
            + [TagText.statistics(report.statistics)]
    }

    /// A `format` or a `lock` (`verb`: "Formatted" or "Locked").
    static func management(_ report: PageOperationReport, verb: String, path: String) -> [String] {
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
