import TagWorkflows

/// Prints the report of `format` and `lock`.
enum PageOperationOutput {
    static func print(_ report: PageOperationReport, verb: String, path: String, json: Bool, io: some CommandIO) {
        if json {
            io.printJSON(TagJSON.pageOperation(report, path: path))
            return
        }
        if io.style.quiet { return }
        io.print(
            "\(verb) \(path): \(report.writes.count) page writes (pages \(TagText.pageRanges(report.writes.map(\.page))))"
        )
        io.print("Chip: \(TagText.chip(report.identification))")
        io.print(
            "NDEF status now: \(TagText.status(report.after.status)); capacity \(TagText.capacity(report.after.capacity))"
        )
        io.print(TagText.statistics(report.statistics))
    }
}
