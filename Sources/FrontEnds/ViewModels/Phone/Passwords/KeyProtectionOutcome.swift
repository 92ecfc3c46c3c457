import TagWorkflows
import Type2

/// What the Protect screen shows after a protect, unprotect or key change on a key-guarded chip
/// (MIFARE Ultralight C, Ultralight AES): the report's sentences, the writes, and how it was
/// checked. Never the key.
public struct KeyProtectionOutcome: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case protect, unprotect, changeKey
    }

    public let report: KeyProtectionReport
    public let change: Change

    public init(_ report: KeyProtectionReport, change: Change) {
        self.report = report
        self.change = change
    }

    /// The headline.
    public var title: String {
        switch change {
        case .changeKey: "Key changed."
        case .unprotect: "Protection removed: no page needs the key."
        case .protect:
            report.after.isProtected ? "Protected." : "The tag holds this configuration; no page needs the key."
        }
    }

    /// What the tag holds now, the writes, and the check.
    public var lines: [String] {
        let after = report.after
        var lines = after.sentences
        if report.writes.isEmpty {
            lines.append("The tag already held this configuration: nothing was written.")
        } else {
            let steps = report.writes.map { "page \($0.page) (\(after.name(ofPage: $0.page)))" }
            let why =
                report.changedKey
                ? "the key pages are written only while AUTH0 guards none of them, so an interruption never leaves the tag guarded by a half-written key"
                : after.isProtected
                    ? "AUTH0 is the switch and is set last, so an interruption leaves the tag unprotected or guarded by the key it holds"
                    : "AUTH0 \(after.auth0) guards no page"
            lines.append(
                "\(report.writes.count) page \(report.writes.count == 1 ? "write" : "writes"), in this order: \(steps.joined(separator: ", ")) (\(why))."
            )
        }
        let names = after.configurationPages.map(\.name).joined(separator: "/")
        lines.append(
            "Checked: \(names) read back as set"
                + (report.keyAuthenticated
                    ? "; the tag proved it holds the \(report.cipher.name) key (mutual authentication) before the writes."
                    : "."))
        lines.append(
            report.changedKey
                ? "The new \(report.cipher.name) key counts from the tag's next time in the field; its pages cannot be read back, so it is not checked here: scan the tag with the new key to check. TapCard does not store it."
                : "The \(report.cipher.name) key was not changed.")
        return lines
    }

    /// How to undo the change, or `nil` when there is nothing to undo.
    public var undo: String? {
        guard report.after.isProtected, !report.changedKey else { return nil }
        return
            "To undo: \"Remove protection\" with the tag's key. Keep it somewhere safe: TapCard does not store it, and without it the guarded pages stay shut for good."
    }
}
