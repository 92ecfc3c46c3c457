import CommandLineKit
import TagWorkflows
import TapCardSupport

/// A `format` or `lock` (or another multi-step operation) that stopped on a virtual tag, most
/// often under `--simulate-tear-after`: the tag is put back in the field, read again, saved as it
/// landed, and the error is followed by what the tag now reads as, so a report never leaves the
/// state to guesswork. JSON: the Error object with `tag`, `ndef_status_after` and `ndef_after`.
enum StoppedOperation {
    /// Handles `error` when it came from a stopped operation on a virtual tag (not a refusal, not
    /// bad input) and a tear was asked for or the error says the tag may have changed; returns
    /// `nil` when the error is not one, for the caller to rethrow.
    static func report(
        _ error: any Error, tag: OpenedTag, tearAsked: Bool, password: PasswordOptions, command: String, json: Bool,
        io: some CommandIO
    ) async throws -> ExitStatus? {
        let origin = (error as? any TapCardError)?.origin
        guard let field = tag.fieldControl, tearAsked, origin != .refusal, origin != .input else { return nil }
        field.cancelTear()
        field.present()
        let after = try await tag.driver(password: password, command: command).readTag()
        try tag.saveIfChanged()
        io.printError("error: \((error as? any TapCardError)?.sentence ?? String(describing: error))")
        io.printError("The tag now reads as \(phrase(after.status)) and holds \(phrase(after.content)).")
        if json, case .object(let members) = ErrorJSON.object(error, status: .failure) {
            io.printJSON(
                .object(
                    members + [
                        ("tag", .string(tag.label)), ("ndef_status_after", .string(after.status.rawValue)),
                        ("ndef_after", TagJSON.content(after.content)),
                    ]))
        }
        return .failure
    }

    static func phrase(_ status: TagNDEFStatus) -> String {
        switch status {
        case .notFormatted: "not NDEF-formatted"
        case .readWrite: "an NDEF tag that can be written"
        case .readOnly: "a read-only NDEF tag"
        }
    }

    static func phrase(_ content: NDEFContent) -> String {
        switch content {
        case .notFormatted: "no NDEF message"
        case .empty: "an empty message"
        case .message(_, let bytes): "a \(bytes.count)-byte message"
        case .interrupted: "an interrupted write (rewrite this tag)"
        case .noNDEFMessageTLV: "no NDEF Message TLV (no message)"
        case .malformed: "a malformed TLV area (no message)"
        case .passwordProtected(let page): "a message behind its password from page \(page)"
        }
    }
}
