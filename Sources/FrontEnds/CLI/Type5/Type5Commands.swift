import NDEF
import TagEmulator
import TagWorkflows
import TapCardSupport

/// The tag commands on a Type 5 tag (a virtual ICODE SLIX2 / ST25DV04K file or an ISO 15693 card
/// on a reader), over the Type 5 driver: the same verbs, exit statuses and JSON envelope as on a
/// Type 2 or Type 4 tag.
enum Type5Commands {
    /// `--password`/`--pack` are NTAG21x page passwords; TapCard sends no Type 5 password.
    static func refusePassword(_ password: PasswordOptions, command: String) throws {
        guard password.password == nil, password.acknowledge == nil else {
            throw UsageError(
                "--password and --pack are the NTAG21x / Ultralight EV1 page password; TapCard sends no password to a Type 5 (ISO 15693) tag.",
                command: command)
        }
    }

    static func read(_ target: Type5Target, json: Bool, recording: TagRecording, io: some CommandIO) async throws
        -> ExitStatus
    {
        defer { target.close() }
        let report = try await target.driver().read()
        if json {
            io.printJSON(Type5JSON.read(report, path: target.label))
        } else {
            for line in Type5Text.read(report, path: target.label) { io.print(line) }
        }
        recording.type5(read: report, io: io)
        if case .interrupted(let error) = report.content {
            io.printError("error: \(error.sentence)")
            return .failure
        }
        return .success
    }

    static func info(_ target: Type5Target, json: Bool, recording: TagRecording, io: some CommandIO) async throws
        -> ExitStatus
    {
        defer { target.close() }
        let inspection = try await target.driver().inspect()
        if json {
            io.printJSON(Type5JSON.inspection(inspection, path: target.label))
        } else {
            for line in Type5Text.inspection(inspection, path: target.label) { io.print(line) }
        }
        recording.type5(inspection: inspection, io: io)
        return .success
    }

    /// `message` nil: erase.
    static func write(
        _ message: NDEFMessage?, _ target: Type5Target, options: TagWriteRunner.Options, recording: TagRecording,
        io: some CommandIO
    ) async throws -> ExitStatus {
        defer { target.close() }
        try refusePassword(options.password, command: message == nil ? "erase" : "write")
        if options.tearAfter != nil, target.emulated == nil {
            throw UsageError(
                "--simulate-tear-after works on virtual tags; on a reader, take the tag away yourself.",
                command: message == nil ? "erase" : "write")
        }
        if let count = options.tearAfter { target.emulated?.tearAfter(commands: count, mode: options.tearMode) }
        let driver = target.driver()
        let report: Type5WriteReport
        do {
            report =
                if let message {
                    try await driver.write(message, verify: options.verify)
                } else {
                    try await driver.erase(verify: options.verify)
                }
        } catch {
            target.emulated?.cancelTear()
            guard let emulated = target.emulated, error is TagWriteError || error is Type5Failure else { throw error }
            // A virtual tag that was torn: save what landed, then read it again to say what it holds.
            try target.save()
            emulated.present()
            let after = try? await Type5Tag(channel: emulated, declaredModel: emulated.model).read()
            let sentence = (error as? any TapCardError)?.sentence ?? String(describing: error)
            io.printError("error: \(sentence)")
            let holds =
                after.map { TagText.content($0.content).joined(separator: " ") } ?? "content that could not be read"
            io.printError("Read again, the tag holds: \(holds)")
            if options.json, case .object(let members) = ErrorJSON.object(error, status: .failure) {
                io.printJSON(
                    .object(
                        members + [
                            ("tag", .string(target.label)),
                            ("ndef_after", after.map { TagJSON.content($0.content) } ?? .null),
                        ]))
            }
            return .failure
        }
        target.emulated?.cancelTear()
        try target.save()
        if options.json {
            io.printJSON(Type5JSON.write(report, path: target.label))
        } else if !io.style.quiet {
            for line in Type5Text.write(report, path: target.label) { io.print(line) }
        }
        recording.type5(write: report, operation: message == nil ? .erase : .write, io: io)
        return .success
    }

    /// `format` (a CC and an empty NDEF TLV; `--multiple-block-read` sets MBREAD, with the warning
    /// that iOS will then not read the tag) or `format --fix-for-ios` (the CC alone, MBREAD clear).
    static func format(
        _ target: Type5Target, fixForIOS: Bool, multipleBlockRead: Bool, json: Bool, recording: TagRecording,
        io: some CommandIO
    ) async throws -> ExitStatus {
        defer { target.close() }
        if fixForIOS, multipleBlockRead {
            throw UsageError(
                "--fix-for-ios clears MBREAD and --multiple-block-read sets it: give one of them.", command: "format")
        }
        let report: Type5FormatReport
        do {
            let driver = target.driver()
            report = try await fixForIOS ? driver.fixForIOS() : driver.format(multipleBlockRead: multipleBlockRead)
        } catch {
            // Whatever landed of a format that stopped is kept: the file saves what the chip holds.
            if error is Type5FormatInterrupted { try target.save() }
            throw error
        }
        try target.save()
        if multipleBlockRead {
            io.printError(
                "warning: the CC's MBREAD bit is set: iOS will not read the NDEF message on this tag (run 'tapcard format --fix-for-ios' to clear it)."
            )
        }
        if json {
            io.printJSON(Type5JSON.format(report, path: target.label))
        } else {
            for line in Type5Text.format(report, path: target.label) { io.print(line) }
        }
        recording.type5(format: report, io: io)
        return report.verified ? .success : .failure
    }

    static func lock(
        _ target: Type5Target, confirmed: Bool, json: Bool, recording: TagRecording, io: some CommandIO
    ) async throws -> ExitStatus {
        defer { target.close() }
        let report: Type5LockReport
        do {
            report = try await target.driver().lock(confirmation: confirmed ? .permanent : nil)
        } catch {
            if error is LockRefusal { throw LockCommandRefusal.confirmationRequired }
            // Whatever landed of a lock that stopped is kept: the file saves what the chip holds.
            if error is Type5LockInterrupted { try target.save() }
            throw error
        }
        try target.save()
        if json {
            io.printJSON(Type5JSON.lock(report, path: target.label))
        } else {
            for line in Type5Text.lock(report, path: target.label) { io.print(line) }
        }
        recording.type5(lock: report, io: io)
        return report.verified ? .success : .failure
    }
}
