import TagWorkflows

/// The text of a Type 2 `read`.
enum Type2ReadText {
    static func lines(_ report: ReadReport, path: String) -> [String] {
        [
            "Tag: \(path)",
            "Chip: \(TagText.chip(report.identification))",
            TagText.uid(report.uid),
            TagText.statusLine(TagReport(report), source: "reported by the tag's CC and TLVs"),
        ] + TagText.content(report.content) + [TagText.statistics(report.statistics)]
    }
}
