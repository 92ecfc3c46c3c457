import NDEF
import PCSCTransport
import TagTransport
import TagWorkflows
import TapCardSupport

/// The tag commands (`read`, `info`, `write`, `erase`, `format`, `lock`) on a tag in a PC/SC
/// reader: the same workflows as on a virtual tag, over ``StorageCardTransport``, printed the
/// same way with "reader 'NAME'" where a virtual tag's path would be.
enum ReaderTagCommands {
    /// Applies the reader rule to a tag command's arguments (see ``TagSource``): returns the
    /// connected reader tag, or `nil` when the command should use its virtual tag (`--tag FILE`,
    /// or no reader holds a tag). With a reader, takes `--reader` and `--wait` out of `arguments`;
    /// for a virtual tag, leaves `--wait` to ``TagTarget/open(_:io:access:)`` (how long to wait for
    /// another tapcard using the file).
    static func session(_ arguments: inout Arguments, io: some CommandIO) throws -> PCSCTagSession? {
        var readerArguments = arguments
        let options = try ReaderOptions.parse(&readerArguments)
        let hasTag = arguments.has("--tag")
        if hasTag, options.reader != nil {
            throw UsageError("Give --tag FILE or --reader NAME, not both.", command: arguments.command)
        }
        if hasTag { return nil }
        switch try TagSource.choose(tag: nil, options: options, io: io) {
        case .reader(let session):
            arguments = readerArguments
            return session
        case .virtual: return nil
        }
    }

    /// "reader 'NAME'", where a virtual tag's path would be printed.
    static func label(_ session: PCSCTagSession) -> String {
        "reader '\(session.readerName)'"
    }

    static func read(
        _ session: PCSCTagSession, password: PasswordOptions, json: Bool, recording: TagRecording, io: some CommandIO
    ) async throws -> ExitStatus {
        defer { session.close() }
        let report = try await password.session(session.transport).read()
        let status = ReadOutput.print(report, path: label(session), json: json, io: io)
        recording.read(report, io: io)
        return status
    }

    static func info(
        _ session: PCSCTagSession, password: PasswordOptions, json: Bool, recording: TagRecording, io: some CommandIO
    ) async throws -> ExitStatus {
        defer { session.close() }
        try requireType2(session)
        let inspection = try await password.session(session.transport).inspect()
        if json {
            io.printJSON(TagJSON.inspection(inspection, path: label(session)))
        } else {
            for line in TagText.inspection(inspection, path: label(session)) { io.print(line) }
        }
        recording.inspection(inspection, io: io)
        return .success
    }

    /// `message` nil: erase.
    static func write(
        _ message: NDEFMessage?, _ session: PCSCTagSession, options: TagWriteRunner.Options, recording: TagRecording,
        io: some CommandIO
    ) async throws -> ExitStatus {
        defer { session.close() }
        if options.tearAfter != nil {
            throw UsageError(
                "--simulate-tear-after works on virtual tags; on a reader, take the tag away yourself.",
                command: message == nil ? "erase" : "write")
        }
        try requireType2(session)
        let tag = options.password.session(session.transport)
        let report =
            if let message {
                try await tag.write(message, verify: options.verify)
            } else {
                try await tag.erase(verify: options.verify)
            }
        TagWriteRunner.print(report, path: label(session), json: options.json, io: io)
        recording.write(report, message: message?.encoded() ?? [], operation: message == nil ? .erase : .write, io: io)
        return .success
    }

    static func format(
        _ session: PCSCTagSession, password: PasswordOptions, json: Bool, recording: TagRecording, io: some CommandIO
    ) async throws -> ExitStatus {
        defer { session.close() }
        try requireType2(session)
        let report = try await password.session(session.transport).format()
        PageOperationOutput.print(report, verb: "Formatted", path: label(session), json: json, io: io)
        recording.pageOperation(report, operation: .format, io: io)
        return .success
    }

    static func lock(
        _ session: PCSCTagSession, password: PasswordOptions, confirmed: Bool, json: Bool, recording: TagRecording,
        io: some CommandIO
    ) async throws -> ExitStatus {
        defer { session.close() }
        try requireType2(session)
        let report: PageOperationReport
        do {
            report = try await password.session(session.transport).lock(confirmation: confirmed ? .permanent : nil)
        } catch is LockRefusal {
            throw LockCommandRefusal.confirmationRequired
        }
        PageOperationOutput.print(report, verb: "Locked", path: label(session), json: json, io: io)
        recording.pageOperation(report, operation: .lock, io: io)
        return .success
    }

    private static func requireType2(_ session: PCSCTagSession) throws(ReaderTagError) {
        guard session.kind.isType2 else {
            throw ReaderTagError.notSupported(reader: session.readerName, kind: session.kind.summary)
        }
    }
}
