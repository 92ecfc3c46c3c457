import NDEF
import TagEmulator
import TagWorkflows
import TapCardSupport

/// Runs a write (or erase) on a virtual tag for `write`, `erase` and `demo`: the optional
/// simulated tear, saving the tag file whatever happened, and saying what the tag holds when the
/// write did not finish.
enum TagWriteRunner {
    struct Options {
        var json = false
        var verify = true
        var tearAfter: Int?
        var tearMode: TearMode = .notDelivered
        var password = PasswordOptions()
    }

    static let options: [OptionSpec] =
        [
            .json, .flag("--no-verify", "Do not read the tag back after writing."),
        ] + TearOptions.options + PasswordOptions.options

    static let tearHelpLines = """
          --no-verify              Do not read the tag back after writing.
          --simulate-tear-after N  (virtual tags) Let exactly N commands complete, then take the
                                   tag out of the field; the command fails and says whether the
                                   tag holds the old message, an empty one or the new one.
          --tear-mode MODE         How the torn command fails: not-delivered (default), reply-lost
                                   (it ran, its answer was lost) or corrupted-write (a page write
                                   left half-programmed).
        """

    /// Takes the write options from `arguments`.
    static func options(_ arguments: inout Arguments) throws -> Options {
        var options = Options()
        options.json = arguments.flag("--json")
        options.verify = !arguments.flag("--no-verify")
        options.password = try PasswordOptions.parse(&arguments)
        let tear = try TearOptions.parse(&arguments)
        options.tearAfter = tear.after
        options.tearMode = tear.mode
        return options
    }

    /// Writes `message` (`nil`: erase). Returns the report, or prints the failure and returns `nil`.
    static func run(
        _ message: NDEFMessage?, target: TagTarget, options: Options, io: some CommandIO
    ) async throws -> WriteReport? {
        let before = target.tag.memory
        let state = target.tag.persistentState
        if let count = options.tearAfter { target.tag.tearAfter(commands: count, mode: options.tearMode) }
        let session = options.password.session(target.tag, declaredModel: target.tag.model)
        do {
            let report =
                if let message {
                    try await session.write(message, verify: options.verify)
                } else {
                    try await session.erase(verify: options.verify)
                }
            target.tag.cancelTear()
            try target.save()
            return report
        } catch {
            target.tag.cancelTear()
            if target.tag.persistentState != state { try target.save() }
            guard options.tearAfter != nil || target.tag.memory != before, !(error is WritePreflightError) else {
                throw error
            }
            target.tag.present()
            let outcome = TagOutcome.classify(
                before: before, after: target.tag.memory, newMessage: message?.encoded() ?? [], model: target.tag.model)
            let sentence = (error as? any TapCardError)?.sentence ?? String(describing: error)
            io.printError("error: \(sentence)")
            io.printError("The tag now holds \(outcome.phrase).")
            if options.json {
                // The error object every command prints, with what the tag holds now.
                guard case .object(let members) = ErrorJSON.object(error, status: .failure) else { return nil }
                io.printJSON(
                    .object(members + [("tag", .string(target.path)), ("tag_state", .string(outcome.rawValue))]))
            }
            return nil
        }
    }

    /// Prints a completed write.
    static func print(_ report: WriteReport, path: String, json: Bool, io: some CommandIO) {
        if json {
            io.printJSON(TagJSON.write(report, path: path))
            return
        }
        // --quiet: the exit status says it all; the summary is left out.
        if io.style.quiet { return }
        io.print("Tag: \(path)")
        io.print("Chip: \(TagText.chip(report.identification))")
        io.print(
            "Wrote \(report.messageBytes) bytes; the tag holds at most \(TagText.capacity(report.capacity)).")
        let order =
            report.writes.contains { $0.role == .clearLength }
            ? "the length page twice: cleared first, committed last"
            : "the length page last, which commits the message"
        io.print(
            "\(report.writes.count) page writes to pages \(TagText.pageRanges(report.pagesWritten)) (only pages whose content changed; \(order))."
        )
        if report.writes.isEmpty { io.print("The tag already held this message: nothing was written.") }
        io.print("Write: \(TagText.statistics(report.writeStatistics))")
        switch report.verification {
        case .readBack(let scope, let match):
            io.print(
                "Verified: read back pages \(TagText.pageRanges(TagText.readBackPages(scope))) after the last write; the \(report.messageBytes)-byte message is on the tag: \(TagText.match(match)) (\(TagText.statistics(report.verifyStatistics)))."
            )
        case .alreadyOnTag:
            io.print(
                "Verified: the read before writing found these \(report.messageBytes) bytes on the tag, record by record; no read-back was needed."
            )
        case .none:
            io.print("Not verified (--no-verify).")
        }
    }
}
