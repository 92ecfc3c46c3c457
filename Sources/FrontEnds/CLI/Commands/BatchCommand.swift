import Cards
import CommandLineKit
import Foundation
import PCSCTransport
import TagWorkflows
import TapCardSupport

/// `tapcard batch write`: encode a stack of tags from a spreadsheet, one tag per row, on a PC/SC
/// reader — "place the next tag", write, verify, record, and carry on where it stopped.
struct BatchCommand: Command {
    static let name = "batch"
    static let summary = "Write one tag per CSV row on a PC/SC reader, verified, with a resumable manifest."
    static let options: [OptionSpec] =
        [
            .value("--reader", "NAME|INDEX", "The reader (default: any connected reader)."),
            .value(
                "--as", "FORMAT", completion: .values(CardFormat.names),
                "For profile rows: vcard, mecard, url or dual."),
            .value("--manifest", "FILE", completion: .file, "Where to record the results."),
            .value(
                "--on-error", "POLICY", completion: .values(["ask", "skip", "stop"]),
                "When a tag fails: ask, skip or stop."),
            .value("--retries", "N", "Retry a failed row automatically N times first."),
        ] + PasswordOptions.options + DatabaseOption.options
    static let help = """
        Usage: tapcard batch write FILE.csv [--reader NAME|INDEX] [--as vcard|mecard|url|dual]
                                   [--manifest FILE] [--on-error ask|skip|stop] [--retries N]
                                   [--password HEX8 [--pack HEX4]] [--db PATH]

        For each row of FILE.csv: asks for the next tag ("Place the next tag…"), writes the row's
        NDEF message, reads it back, appends a line to the manifest (row, uid, bytes, verified,
        status, detail), records the tag and the write in the TapCard database (as `tapcard write`
        does; see `tapcard tags`), then waits for the tag to be removed. Running the same command again
        skips the rows the manifest records as written and verified, so an interrupted batch
        (Ctrl-C, a failure, a full day) resumes where it stopped.

        The CSV (RFC 4180, with a header):
          url                           one URI record per row (a header-less list of URIs too);
          name,org,title,tel,email,url,adr,note,family,given
                                        one contact card per row; tel, email and url may repeat.

        Options:
          --reader NAME|INDEX  The reader (default: any connected reader).
          --as FORMAT          For profile rows: vcard (default), mecard, url or dual (the vCard
                               record first, then a URI record with the row's first url).
          --manifest FILE      Where to record the results (default: FILE.manifest.csv).
          --on-error POLICY    When a tag fails: ask (default: retry, skip or quit, read from
                               standard input; end of input quits), skip (record and go on) or
                               stop (record and exit).
          --retries N          Retry a failed row automatically N times first (default 0). A tag
                               that did not accept the password is never retried automatically
                               (each wrong password counts against its AUTHLIM).
        \(PasswordOptions.help)
        \(TagRecording.help)

        Exit status: 0 every row written and verified; 1 a row failed or was skipped, or the
        batch was interrupted (run it again to resume).

        Example:
          tapcard batch write stickers.csv --reader 0

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let subcommand = try arguments.requiredPositional("subcommand (write)")
        guard subcommand == "write" else {
            throw UsageError("Unknown batch subcommand '\(subcommand)'; the one subcommand is write.", command: name)
        }
        let path = try arguments.requiredPositional("CSV file")
        let reader = try arguments.option("--reader")
        let formatName = try arguments.option("--as") ?? CardFormat.vcard.rawValue
        let manifestPath = try arguments.option("--manifest") ?? Self.defaultManifest(for: path)
        let policy = try arguments.option("--on-error") ?? "ask"
        let retries = try arguments.integer("--retries") ?? 0
        let password = try PasswordOptions.parse(&arguments)
        let recording = try TagRecording.take(&arguments, io: io)
        try arguments.finish()
        guard let format = CardFormat(rawValue: formatName) else {
            throw UsageError("--as is vcard, mecard, url or dual, not '\(formatName)'.", command: name)
        }
        guard ["ask", "skip", "stop"].contains(policy) else {
            throw UsageError("--on-error is ask, skip or stop, not '\(policy)'.", command: name)
        }
        guard retries >= 0 else { throw UsageError("--retries takes 0 or more.", command: name) }
        let data = try InputFile.read(path).get()
        let sheet = try BatchSheet.parse(String(decoding: data, as: UTF8.self), format: format)
        let manifest = BatchManifest(path: manifestPath)
        let done = try manifest.completedRows()

        let context = try PCSCContext()
        let all = try context.readers()
        guard !all.isEmpty else { throw PCSCError.noReaders }
        let readers = try reader.map { [try ReaderSelector($0).resolve(in: all)] } ?? all
        StopSignal.install()
        defer { StopSignal.uninstall() }

        var counts = (written: 0, failed: 0, skipped: 0)
        let pending = sheet.items.filter { !done.contains($0.row) }
        if !done.isEmpty {
            io.printError(
                "Resuming: \(done.count) of \(sheet.items.count) rows are already written and verified (\(manifestPath))."
            )
        }
        rows: for item in pending {
            var attempt = 0
            while true {
                let bytes = item.message.encoded().count
                io.printError(
                    "Row \(item.row) of \(sheet.items.count): \(item.label) (\(bytes) bytes). Place the next tag on the reader…"
                )
                guard let session = try Self.waitForTag(context: context, readers: readers) else { break rows }
                let outcome: Result<BatchWriter.Result, any Error>
                do {
                    outcome = .success(
                        try await BatchWriter.write(
                            item.message, to: session, password: password, recording: recording, io: io))
                } catch {
                    outcome = .failure(error)
                }
                session.close()
                switch outcome {
                case .success(let result) where result.verified:
                    let uid = result.uid.map { Hex.encode($0, uppercase: true, separator: ":") } ?? ""
                    try manifest.append(
                        .init(
                            row: item.row, uid: uid, bytes: result.bytes, verified: true, status: "written", detail: "")
                    )
                    io.print("row \(item.row): written to UID \(uid), \(result.bytes) bytes, verified")
                    counts.written += 1
                    io.printError("Remove the tag.")
                    try Self.waitForRemoval(context: context, reader: session.readerName)
                    continue rows
                case .success(let result):
                    let uid = result.uid.map { Hex.encode($0, uppercase: true, separator: ":") } ?? ""
                    let detail = "the read-back differs from what was written"
                    try manifest.append(
                        .init(
                            row: item.row, uid: uid, bytes: result.bytes, verified: false, status: "failed",
                            detail: detail))
                    io.printError("Row \(item.row) failed: \(detail).")
                case .failure(let error):
                    let sentence = (error as? any TapCardError)?.sentence ?? String(describing: error)
                    try manifest.append(
                        .init(row: item.row, uid: "", bytes: nil, verified: false, status: "failed", detail: sentence))
                    io.printError("Row \(item.row) failed: \(sentence)")
                }
                attempt += 1
                var retriable = true
                if case .failure(let error) = outcome, error is PasswordError { retriable = false }
                if attempt <= retries && retriable { continue }
                let choice = policy == "ask" ? Self.ask(io: io) : policy
                switch choice {
                case "retry":
                    continue
                case "skip":
                    try manifest.append(
                        .init(row: item.row, uid: "", bytes: nil, verified: false, status: "skipped", detail: ""))
                    counts.skipped += 1
                    io.printError("Remove the tag.")
                    try Self.waitForRemoval(context: context, reader: session.readerName)
                    continue rows
                default:
                    counts.failed += 1
                    break rows
                }
            }
        }
        let remaining = pending.count - counts.written - counts.skipped
        io.printError(
            "Batch: \(counts.written) written and verified, \(counts.skipped) skipped, \(remaining) not done, \(done.count) already done before; manifest \(manifestPath)."
        )
        return remaining == 0 && counts.skipped == 0 ? .success : .failure
    }

    static func defaultManifest(for path: String) -> String {
        (path.lowercased().hasSuffix(".csv") ? String(path.dropLast(4)) : path) + ".manifest.csv"
    }

    /// Waits for a tag (in short slices, so Ctrl-C is noticed) and connects; `nil` when stopped.
    static func waitForTag(context: PCSCContext, readers: [String]) throws -> PCSCTagSession? {
        while !StopSignal.requested {
            let result = Result { () throws(PCSCError) -> ReaderState in
                try context.waitForCard(readers: readers, timeoutMilliseconds: 300) {}
            }
            switch result {
            case .success(let state):
                let card = try context.connect(reader: state.name)
                return PCSCTagSession(context: context, card: card)
            case .failure(.noCard):
                continue
            case .failure(let error):
                throw error
            }
        }
        return nil
    }

    static func waitForRemoval(context: PCSCContext, reader: String) throws {
        while !StopSignal.requested, try !context.waitForRemoval(reader: reader, timeoutMilliseconds: 300) {}
    }

    /// "retry", "skip" or "stop", from standard input; the end of input stops.
    static func ask(io: some CommandIO) -> String {
        while true {
            io.printError("[r]etry, [s]kip this row, or [q]uit?")
            guard let answer = io.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return "stop" }
            switch answer {
            case "r", "retry": return "retry"
            case "s", "skip": return "skip"
            case "q", "quit", "stop": return "stop"
            default: continue
            }
        }
    }
}
