import TagWorkflows

/// Prints the report of `read` (a virtual tag or a reader's), and the status it earns.
enum ReadOutput {
    /// Prints `report` (JSON or text); 1 with an error line when the tag holds an interrupted
    /// write, else 0.
    static func print(_ report: ReadReport, path: String, json: Bool, io: some CommandIO) -> ExitStatus {
        if json {
            io.printJSON(TagJSON.read(report, path: path))
        } else {
            io.print("Tag: \(path)")
            io.print("Chip: \(TagText.chip(report.identification))")
            io.print(TagText.uid(report.uid))
            io.print(
                "NDEF status: \(TagText.status(report.status)); capacity \(TagText.capacity(report.capacity, content: report.content))"
            )
            for line in TagText.content(report.content) { io.print(line) }
            io.print(TagText.statistics(report.statistics))
        }
        if case .interrupted(let error) = report.content {
            io.printError("error: \(error.sentence)")
            return .failure
        }
        if case .passwordProtected(let page) = report.content {
            io.printError(
                "error: The tag refused to read page \(page) and on without its password; the message lies there. Give --password HEX8."
            )
            return .failure
        }
        return .success
    }
}
