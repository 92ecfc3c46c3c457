import TagWorkflows
import TapCardSupport
import Type2

/// What the Protect screen shows after a protection change: what the tag holds now, how it was
/// checked, and how to undo it.
public struct ProtectionOutcome: Sendable, Equatable {
    public let report: ProtectionReport
    /// True for "Remove protection".
    public let removed: Bool

    public init(_ report: ProtectionReport, removed: Bool) {
        self.report = report
        self.removed = removed
    }

    /// The headline.
    public var title: String {
        removed
            ? "Protection removed: no page needs a password."
            : report.after.isProtected ? "Protected." : "The tag holds this configuration; no page needs a password."
    }

    /// What was set, in words, then the writes and the check.
    public var lines: [String] {
        var lines = report.after.sentences
        if let password = report.password, let acknowledge = report.acknowledge {
            lines.append(
                "Password: \(password) (hex \(Hex.encode(password.bytes))); the tag answers PACK \(acknowledge).")
        }
        if report.writes.isEmpty {
            lines.append("The tag already held this configuration: nothing was written.")
        } else {
            let steps = report.writes.map { "page \($0.page) (\(PhoneWords.name(of: $0.role)))" }
            lines.append(
                "\(report.writes.count) page \(report.writes.count == 1 ? "write" : "writes"), in this order: \(steps.joined(separator: ", ")). AUTH0 is the switch: it is turned off before the password changes and set last, so an interruption leaves the tag unprotected or protected with a password you know."
            )
        }
        lines.append(
            report.passwordVerified
                ? "Checked: CFG0/CFG1 read back as set, and the tag accepted the password and answered PACK \(report.acknowledge?.description ?? "")."
                : "Checked: CFG0/CFG1 read back as set (AUTH0 \(report.after.auth0): no page needs a password).")
        if report.password != nil { lines.append(PasswordEntry.clearTextNote) }
        return lines
    }

    /// How to undo the change, or `nil` when there is nothing to undo.
    public var undo: String? {
        guard let password = report.password, report.after.isProtected else { return nil }
        let readNote = report.after.protectsReads ? " Until then, phones cannot read the message without it." : ""
        return
            "To undo: \"Remove protection\" with the current password \(Hex.encode(password.bytes)). Keep it somewhere safe: TapCard does not store it."
            + readNote
    }
}
