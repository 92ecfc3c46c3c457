import NDEF
import TagEmulator
import TagWorkflows
import TapCardSupport

/// The tag commands on a Type 3 (FeliCa) card — a virtual FeliCa Lite-S file — over the Type 3
/// driver: the same verbs, exit statuses and JSON envelope as on a Type 2 or Type 4 tag.
enum Type3Commands {
    /// `--password`/`--pack` are NTAG21x page passwords; a FeliCa card has none (a Lite-S has a
    /// card key for MAC, which TapCard does not use).
    static func refusePassword(_ password: PasswordOptions, command: String) throws {
        guard password.password == nil, password.acknowledge == nil else {
            throw UsageError(
                "--password and --pack are the NTAG21x / Ultralight EV1 page password; a FeliCa card has no such password (a FeliCa Lite-S has a card key for MAC, which TapCard does not use).",
                command: command)
        }
    }

    static func read(_ target: Type3Target, json: Bool, recording: TagRecording, io: some CommandIO) async throws
        -> ExitStatus
    {
        defer { target.close() }
        let report = try await target.driver().read()
        if json {
            io.printJSON(Type3JSON.read(report, path: target.label))
        } else {
            for line in Type3Text.read(report, path: target.label) { io.print(line) }
        }
        recording.type3(read: report, io: io)
        if case .interrupted(let error) = report.content {
            io.printError("error: \(error.sentence)")
            return .failure
        }
        return .success
    }

    static func info(_ target: Type3Target, json: Bool, recording: TagRecording, io: some CommandIO) async throws
        -> ExitStatus
    {
        defer { target.close() }
        let inspection = try await target.driver().inspect()
        if json {
            io.printJSON(Type3JSON.inspection(inspection, path: target.label))
        } else {
            for line in Type3Text.inspection(inspection, path: target.label) { io.print(line) }
        }
        recording.type3(read: inspection.read, io: io)
        return .success
    }

    /// `message` nil: erase.
    static func write(
        _ message: NDEFMessage?, _ target: Type3Target, options: TagWriteRunner.Options, recording: TagRecording,
        io: some CommandIO
    ) async throws -> ExitStatus {
        defer { target.close() }
        try refusePassword(options.password, command: message == nil ? "erase" : "write")
        let emulated = target.emulated
        if let count = options.tearAfter { emulated.tearAfter(commands: count, mode: options.tearMode) }
        let driver = target.driver()
        let report: Type3WriteReport
        do {
            report =
                if let message {
                    try await driver.write(message, verify: options.verify)
                } else {
                    try await driver.erase(verify: options.verify)
                }
        } catch {
            emulated.cancelTear()
            guard error is TagWriteError else {
                // A tear during a read changed nothing that needs saving; a refusal changed nothing.
                throw error
            }
            // A card that was torn: save what landed, then read it again to say what it holds.
            try target.save()
            emulated.present()
            let after = try? await Type3Tag(channel: emulated, declaredModel: emulated.model).read()
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
        emulated.cancelTear()
        try target.save()
        if options.json {
            io.printJSON(Type3JSON.write(report, path: target.label))
        } else if !io.style.quiet {
            for line in Type3Text.write(report, path: target.label) { io.print(line) }
        }
        recording.type3(write: report, operation: message == nil ? .erase : .write, io: io)
        return .success
    }

    static func format(_ target: Type3Target, json: Bool, recording: TagRecording, io: some CommandIO) async throws
        -> ExitStatus
    {
        defer { target.close() }
        let report: Type3FormatReport
        do {
            report = try await target.driver().format()
        } catch {
            // Whatever landed of a format that stopped is kept: the file saves what the chip holds.
            try target.save()
            throw error
        }
        try target.save()
        if json {
            io.printJSON(Type3JSON.format(report, path: target.label))
        } else {
            for line in Type3Text.format(report, path: target.label) { io.print(line) }
        }
        recording.type3(
            configuration: report.writes.count, verified: report.verified, idm: report.idm,
            identification: report.identification, statistics: report.statistics, operation: .format, io: io)
        return report.verified ? .success : .failure
    }

    static func lock(_ target: Type3Target, confirmed: Bool, json: Bool, recording: TagRecording, io: some CommandIO)
        async throws -> ExitStatus
    {
        defer { target.close() }
        let report: Type3LockReport
        do {
            report = try await target.driver().lock(confirmation: confirmed ? .permanent : nil)
        } catch {
            // Whatever landed of a lock that stopped is kept: the file saves what the chip holds.
            try target.save()
            throw error
        }
        try target.save()
        if json {
            io.printJSON(Type3JSON.lock(report, path: target.label))
        } else {
            for line in Type3Text.lock(report, path: target.label) { io.print(line) }
        }
        recording.type3(
            configuration: report.writes.count, verified: report.verified, idm: report.idm,
            identification: report.identification, statistics: report.statistics, operation: .lock, io: io)
        return report.verified ? .success : .failure
    }
}
