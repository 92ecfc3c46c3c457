import CommandLineKit
import NDEF
import TagCatalog
import TagEmulator
import TagWorkflows
import TapCardSupport

/// `read`, `info`, `write`, `erase`, `format` and `lock`, written once over `any TagDriver`: the
/// same steps, refusals, saving, exit statuses and JSON envelope on every tag type. Only the
/// printers of the per-type detail (``TagOutput``) know the types.
enum TagVerbs {
    /// `read` (`inspect` false) or `info`: exit 1 with an error line when the tag holds an
    /// interrupted write or hides its message behind a password.
    static func read(
        _ tag: OpenedTag, inspect: Bool, password: PasswordOptions, json: Bool, recording: TagRecording,
        io: some CommandIO
    ) async throws -> ExitStatus {
        defer { tag.close() }
        let driver = try tag.driver(password: password, command: inspect ? "info" : "read")
        let report = try await tag.operating { try await inspect ? driver.inspectTag() : driver.readTag() }
        TagOutput.report(report, label: tag.label, json: json, io: io)
        recording.record(report, io: io)
        if inspect { return .success }
        switch report.content {
        case .interrupted(let error), .malformed(let error):
            io.printError("error: \(error.sentence)")
            return .failure
        case .passwordProtected(let page):
            io.printError(
                report.facts.model?.type2KeyCipher != nil
                    ? "error: The tag refused to read page \(page) and on without its key; the message lies there. Give --auth-key HEX32 (its 16-byte key)."
                    : "error: The tag refused to read page \(page) and on without its password; the message lies there. Give --password HEX8."
            )
            return .failure
        default:
            return .success
        }
    }

    /// `write` (`message`) or `erase` (`nil`). On a virtual tag a write that stops is saved as it
    /// landed and the tag is read again: the error, then what the tag now holds (text), or the
    /// error object with `tag`, `tag_state` and `ndef_after` (JSON); exit 1.
    static func write(
        _ message: NDEFMessage?, _ tag: OpenedTag, options: TagWriteRunner.Options, recording: TagRecording,
        io: some CommandIO
    ) async throws -> ExitStatus {
        defer { tag.close() }
        let verb = message == nil ? "erase" : "write"
        let driver = try tag.driver(password: options.password, command: verb)
        if !options.applicationKeys.isEmpty {
            guard let type4 = driver as? Type4Tag else {
                throw UsageError(
                    "--auth-key N=HEX32 is an NTAG 424 DNA application key; this is \(TagFacts.kindPhrase(forumType: tag.forumType)), which has none.",
                    command: verb)
            }
            type4.offeredKeys = options.applicationKeys
        }
        if options.tearAfter != nil, tag.fieldControl == nil {
            throw UsageError(
                "--simulate-tear-after works on virtual tags; on a reader, take the tag away yourself.", command: verb)
        }
        let before = tag.copy()
        if let count = options.tearAfter { tag.fieldControl?.tearAfter(commands: count, mode: options.tearMode) }
        let outcome: TagWriteOutcome
        do {
            outcome = try await tag.operating {
                defer { tag.fieldControl?.cancelTear() }
                if let message { return try await driver.writeMessage(message, verify: options.verify) }
                return try await driver.eraseMessage(verify: options.verify)
            }
        } catch {
            let origin = (error as? any TapCardError)?.origin
            guard let field = tag.fieldControl, let before, origin != .refusal, origin != .input,
                error is TagWriteError || options.tearAfter != nil
            else { throw error }
            // A virtual tag whose write stopped: say what it holds now, read again.
            field.present()
            let old = try? await OpenedTag.driver(for: before, password: options.password)?.readTag().content
            let now = try? await tag.driver(password: options.password, command: verb).readTag().content
            try? tag.saveIfChanged()
            let state = TagOutcome.classify(
                before: old ?? .notFormatted, after: now ?? .notFormatted, newMessage: message?.encoded() ?? [])
            io.printError("error: \((error as? any TapCardError)?.sentence ?? String(describing: error))")
            io.printError("The tag now holds \(state.phrase).")
            if options.json, case .object(let members) = ErrorJSON.object(error, status: .failure) {
                io.printJSON(
                    .object(
                        members + [
                            ("tag", .string(tag.label)), ("tag_state", .string(state.rawValue)),
                            ("ndef_after", now.map(TagJSON.content) ?? .null),
                        ]))
            }
            return .failure
        }
        TagOutput.write(outcome, label: tag.label, json: options.json, io: io)
        recording.record(outcome, operation: message == nil ? .erase : .write, io: io)
        return .success
    }

    /// `format`: refused with ``VerbRefusal`` on a tag type TapCard cannot format (Type 4 tags
    /// ship formatted by their maker).
    static func format(
        _ tag: OpenedTag, options: FormatOptions, password: PasswordOptions, json: Bool, recording: TagRecording,
        tear: TearOptions = TearOptions(), io: some CommandIO
    ) async throws -> ExitStatus {
        defer { tag.close() }
        try tear.requireField(tag, command: "format")
        let driver = try tag.driver(password: password, command: "format")
        guard let formattable = driver as? any FormattableTag else {
            throw VerbRefusal(
                verb: "format", facts: try await driver.identifyTag(),
                reason:
                    "ships formatted by its maker: its NDEF application, CC file and NDEF file exist or they do not, and no NFC Forum command creates them (to empty it, run 'tapcard erase')"
            )
        }
        let outcome: TagManagementOutcome
        switch try await managed(
            tag, tear: tear, password: password, command: "format", json: json, io: io,
            {
                try await formattable.formatTag(options)
            })
        {
        case .done(let done): outcome = done
        case .stopped(let status): return status
        }
        if options.multipleBlockRead {
            io.printError(
                "warning: the CC's MBREAD bit is set: iOS will not read the NDEF message on this tag (run 'tapcard format --fix-for-ios' to clear it)."
            )
        }
        TagOutput.management(outcome, verb: "Formatted", label: tag.label, json: json, io: io)
        recording.record(outcome, operation: .format, io: io)
        return outcome.verified ? .success : .failure
    }

    /// `lock`: irreversible, so without `confirmed` nothing is sent (every type says so in the
    /// same words, ``ConfirmationRequired``).
    static func lock(
        _ tag: OpenedTag, confirmed: Bool, key: [UInt8]?, password: PasswordOptions, json: Bool,
        recording: TagRecording, tear: TearOptions = TearOptions(), io: some CommandIO
    ) async throws -> ExitStatus {
        defer { tag.close() }
        try tear.requireField(tag, command: "lock")
        let driver = try tag.driver(password: password, command: "lock")
        guard confirmed else { throw ConfirmationRequired.lockPermanently }
        guard let lockable = driver as? any LockableTag else {
            throw VerbRefusal(
                verb: "lock", facts: try await driver.identifyTag(), reason: "has no lock TapCard knows")
        }
        let outcome: TagManagementOutcome
        switch try await managed(
            tag, tear: tear, password: password, command: "lock", json: json, io: io,
            {
                try await lockable.lockTag(confirmation: .permanent, key: key)
            })
        {
        case .done(let done): outcome = done
        case .stopped(let status): return status
        }
        TagOutput.management(outcome, verb: "Locked", label: tag.label, json: json, io: io)
        recording.record(outcome, operation: .lock, io: io)
        return outcome.verified ? .success : .failure
    }

    /// What a format or lock came to: its outcome, or the exit status of a stop already reported.
    enum Managed {
        case done(TagManagementOutcome)
        case stopped(ExitStatus)
    }

    /// Runs a format or lock with the tear armed, saving the tag either way; a stop on a virtual
    /// tag is reported with what the tag now reads as (``StoppedOperation``).
    static func managed(
        _ tag: OpenedTag, tear: TearOptions, password: PasswordOptions, command: String, json: Bool,
        io: some CommandIO, _ operation: () async throws -> TagManagementOutcome
    ) async throws -> Managed {
        do {
            return .done(try await tear.arming(tag) { try await tag.operating(operation) })
        } catch {
            if let status = try await StoppedOperation.report(
                error, tag: tag, tearAsked: tear.after != nil, password: password, command: command, json: json, io: io)
            {
                return .stopped(status)
            }
            throw error
        }
    }
}
