import CommandLineKit
import TapCardSupport

/// What `tapcard sim new|show|import` says about a virtual tag: its hardware facts straight from
/// the file (no commands are sent), as text lines or one JSON object. One summary per tag type;
/// ``TagOutput/virtualTag(_:path:headerUID:)`` picks it.
protocol VirtualTagSummary {
    /// The text, headed by `action` ("Created", or "" for `sim show`).
    func lines(action: String) -> [String]
    /// The JSON object, whose `action` member is `action` ("created", "shown", "imported").
    func json(action: String) -> JSON
}

extension VirtualTagSummary {
    /// Prints the summary: JSON with `action`, or text headed by `title`.
    func print(action: String, title: String, json: Bool, io: some CommandIO) {
        if json {
            io.printJSON(self.json(action: action))
        } else {
            lines(action: title).forEach { io.print($0) }
        }
    }
}
