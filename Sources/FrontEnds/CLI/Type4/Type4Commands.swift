import NDEF
import TagEmulator
import TagWorkflows
import TapCardSupport

/// The tag commands on a Type 4 tag (a virtual Type 4 file or an ISO-DEP card on a reader), over
/// the Type 4 driver: the same verbs, exit statuses and JSON envelope as on a Type 2 tag.
enum Type4Commands {
    /// `--password`/`--pack` are NTAG21x page passwords; a Type 4 tag has none.
    static func refusePassword(_ password: PasswordOptions, command: String) throws {
        guard password.password == nil, password.acknowledge == nil else {
            throw UsageError(
                "--password and --pack are the NTAG21x / Ultralight EV1 page password; a Type 4 tag has no such password (NTAG 424 DNA uses AES keys).",
                command: command)
        }
    }

    static func read(_ target: Type4Target, json: Bool, recording: TagRecording, io: some CommandIO) async throws
        -> ExitStatus
    {
        defer { target.close() }
        let report = try await target.reading { try await target.driver().read() }
        if json {
            io.printJSON(Type4JSON.read(report, path: target.label))
        } else {
            for line in Type4Text.read(report, path: target.label) { io.print(line) }
        }
        recording.type4(read: report, io: io)
        if case .interrupted(let error) = report.content {
            io.printError("error: \(error.sentence)")
            return .failure
        }
        return .success
    }

    static func info(_ target: Type4Target, json: Bool, recording: TagRecording, io: some CommandIO) async throws
        -> ExitStatus
    {
        defer { target.close() }
        let inspection = try await target.reading { try await target.driver().inspect() }
        if json {
            io.printJSON(Type4JSON.inspection(inspection, path: target.label))
        } else {
            for line in Type4Text.inspection(inspection, path: target.label) { io.print(line) }
        }
        recording.type4(inspection: inspection, io: io)
        return .success
    }

    /// `message` nil: erase.
    static func write(
        _ message: NDEFMessage?, _ target: Type4Target, options: TagWriteRunner.Options, recording: TagRecording,
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
        let report: Type4WriteReport
        do {
            report =
                if let message {
                    try await driver.write(message, verify: options.verify)
                } else {
                    try await driver.erase(verify: options.verify)
                }
        } catch {
            target.emulated?.cancelTear()
            guard let emulated = target.emulated, error is TagWriteError else { throw error }
            // A virtual tag that was torn: save what landed, then read it again to say what it holds.
            try target.save()
            emulated.present()
            let after = try? await Type4Tag(channel: emulated, declaredModel: emulated.model, uid: emulated.uid).read()
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
            io.printJSON(Type4JSON.write(report, path: target.label))
        } else if !io.style.quiet {
            for line in Type4Text.write(report, path: target.label) { io.print(line) }
        }
        recording.type4(write: report, operation: message == nil ? .erase : .write, io: io)
        return .success
    }

    /// Type 4 tags are formatted by their maker (the CC and NDEF files exist or they do not):
    /// TapCard refuses, naming the chip.
    static func format(_ target: Type4Target, io: some CommandIO) async throws -> ExitStatus {
        defer { target.close() }
        let driver = target.driver()
        let identification = try await driver.identify()
        throw Type4FormatRefusal.shipsFormatted(model: identification.model)
    }

    static func lock(
        _ target: Type4Target, confirmed: Bool, key: [UInt8]?, json: Bool, recording: TagRecording,
        io: some CommandIO
    ) async throws -> ExitStatus {
        defer { target.close() }
        let report: Type4LockReport
        do {
            report = try await target.driver().lock(
                confirmation: confirmed ? .permanent : nil, key: key ?? Type4Tag.factoryKey)
        } catch {
            // Whatever landed of a lock that stopped is kept: the file saves what the chip holds.
            try target.save()
            throw error
        }
        try target.save()
        if json {
            io.printJSON(Type4JSON.lock(report, path: target.label))
        } else {
            for line in Type4Text.lock(report, path: target.label) { io.print(line) }
        }
        recording.type4(lock: report, io: io)
        return report.verified ? .success : .failure
    }

    /// `--key HEX32`: an NTAG 424 DNA AES key (16 bytes). Never printed.
    static func key(_ arguments: inout Arguments) throws -> [UInt8]? {
        guard let text = try arguments.option("--key") else { return nil }
        return try KeyInputError.key(text, option: "--key")
    }
}
