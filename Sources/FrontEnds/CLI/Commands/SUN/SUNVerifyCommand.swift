import CommandLineKit
import Foundation
import SUN
import Store
import TapCardSupport

/// `tapcard sun verify URL --meta-key HEX32 --file-key HEX32 [--template T] [--track [--db PATH]]`:
/// a SUN URL checked as a backend does, with its verdict in words and in JSON v1; `--jsonl FILE|-`
/// checks one URL (or `{"url","meta_key","file_key"}` object) per line, one JSON result per line.
/// `--track` also refuses a counter that is not above the last one accepted for the UID, and
/// records the new one.
struct SUNVerifyCommand: Command {
    static let name = "sun verify"
    static let summary = "Verify an NTAG 424 DNA SUN URL: decrypt PICCData, recompute the MAC, decrypt file data."
    static let options: [OptionSpec] =
        [
            .json,
            .flag(
                "--jsonl", "Batch: one URL or JSON object per input line (FILE or - for stdin), one result per line."),
            .value("--meta-key", "HEX32", "The SDM meta-read key (decrypts PICCData)."),
            .value("--file-key", "HEX32", "The SDM file-read key (the MAC and encrypted file data)."),
            .value("--template", "TEMPLATE", "The URL template the tag was set up with (other names, path style)."),
            .flag("--track", "Refuse a counter not above the last one accepted for the UID; record it."),
        ] + DatabaseOption.counterOptions
    static let help =
        """
        Usage: tapcard sun verify URL --meta-key HEX32 --file-key HEX32 [--template TEMPLATE]
                                  [--track [--db PATH]] [--json]
               tapcard sun verify --jsonl [FILE|-] [--meta-key HEX32 --file-key HEX32]
                                  [--template TEMPLATE] [--track [--db PATH]]

        Checks a SUN URL an NTAG 424 DNA produced with Secure Dynamic Messaging, AES or LRP mode:
        decrypts PICCData (e=, picc_data= or boltcard's p=) with the meta key, or reads the plain
        uid= and ctr=; recomputes the MAC (c= or cmac=) with the file key over exactly the mirrored
        span (from the enc= value to the MAC, or nothing when there is no enc=), compares it in
        constant time; and decrypts the enc= file data. URL styles: ?e=…&c=…,
        ?picc_data=…&enc=…&cmac=…, ?p=…&c=…, ?uid=…&ctr=…&cmac=…, and the bulk
        ?e=<PICCData 32 hex><enc hex><MAC 16 hex> (the MAC over the enc hex alone). A factory
        tag's keys are all zeros. Keys and the right MAC are never printed.

        A URL that could be read two ways is malformed: a SUN parameter given twice (a second
        cmac=, say), PICCData in two parameters (e= beside picc_data=), PICCData beside uid=/ctr=.
        A web framework that takes the last value would act on data that was never checked.

        With --template, the URL must have exactly the shape of the template the tag was set up
        with (ntag424 sdm setup --url-template): its literal text, and the hex the tag mirrors
        where the template has {picc}, {mac}, {enc}, {uid}, {ctr}. Any parameter names and
        path-style templates (https://h/t/{picc}/{mac}) verify this way.

        Batch (--jsonl): each input line is a URL (the keys come from --meta-key and --file-key)
        or a JSON object {"url": "…", "meta_key": "HEX32", "file_key": "HEX32"} whose keys replace
        the options'. Each line gets one JSON v1 result line, in input order, with "line" (its
        number in the input) and the fields of --json; empty lines are skipped. The keys are
        prepared once per key pair, on the platform's AES. With --track, each accepted counter is
        recorded in its own transaction before the next line is checked.

        Exit status: 0 valid (every line, in a batch); 1 refused, with the reason: mac-mismatch
        (wrong file key or an altered URL), wrong-key (PICCData does not decrypt to tag C7: wrong
        meta key), malformed-picc-data (PICCData is not 32 hex digits, or 48 in LRP mode),
        counter-not-increasing
        (--track); 65 malformed input: malformed-url (no SUN fields, a MAC or uid/ctr field of the
        wrong size, a repeated or ambiguous field, not the template's shape, a batch line that is
        not a URL or a valid object) or key-length (a key that is not 16 bytes of hex). A batch
        exits 65 when any line was malformed, else 1 when any was refused; 66 FILE cannot be read.

        Options:
          --meta-key HEX32    The SDM meta-read key, 16 bytes.
          --file-key HEX32    The SDM file-read key, 16 bytes.
          --template TEMPLATE The URL template the tag was set up with.
          --track             Refuse a replayed counter and record the accepted one.
          --jsonl [FILE|-]    Batch mode, see above.
          --json              {valid, uid, counter, file_data, file_text, reason, message,
                              tracked, last_counter}.

        """ + DatabaseOption.counterHelp
            + """

            Example:
              tapcard sun verify 'https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086' \\
                --meta-key 00000000000000000000000000000000 --file-key 00000000000000000000000000000000 --track

            """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let jsonl = arguments.flag("--jsonl")
        let track = arguments.flag("--track")
        let databasePath: String? = track ? try DatabaseOption.counterStoreLocation(&arguments, io: io) : nil
        if !track, try arguments.option("--db") != nil {
            throw UsageError("--db only matters with --track.", command: name)
        }
        let metaText = try arguments.option("--meta-key")
        let fileText = try arguments.option("--file-key")
        let pattern = try arguments.option("--template").map { text throws(SUNTemplateError) in
            try SUNTemplatePattern(text)
        }
        var positionals = arguments.remainingPositionals()
        try arguments.finish()
        if jsonl {
            if json { throw UsageError("--jsonl already writes JSON; leave out --json.", command: name) }
            guard positionals.count <= 1 else { throw UsageError("--jsonl takes at most one FILE.", command: name) }
            let input: [UInt8]
            switch positionals.first.map({ $0 == "-" ? nil : $0 }) ?? nil {
            case .some(let path):
                switch InputFile.read(path) {
                case .success(let contents): input = contents
                case .failure(let error):
                    io.printError("error: \(error.sentence)")
                    return .noInput
                }
            case .none:
                input = io.readStandardInput()
            }
            let store = try databasePath.map { path throws(StoreError) in try DatabaseOption.openCounterStore(path) }
            var batch = SUNVerifyBatch(
                metaKey: metaText, fileKey: fileText, pattern: pattern, store: store, now: CLIClock.now(io))
            return batch.run(input, io: io)
        }
        guard let metaText else { throw UsageError("sun verify needs --meta-key HEX32.", command: name) }
        guard let fileText else { throw UsageError("sun verify needs --file-key HEX32.", command: name) }
        guard !positionals.isEmpty else {
            throw UsageError("sun verify needs the URL (the SUN message), or --jsonl FILE.", command: name)
        }
        let url = positionals.removeFirst()
        guard positionals.isEmpty else { throw UsageError("sun verify takes one URL.", command: name) }
        let outcome = verify(
            url: url, metaKey: metaText, fileKey: fileText, pattern: pattern,
            store: try databasePath.map { path throws(StoreError) in try DatabaseOption.openCounterStore(path) },
            at: CLIClock.now(io))
        switch outcome {
        case .accepted(let result, let previous):
            if json {
                io.printJSON(resultJSON(outcome, tracked: track))
            } else {
                report(result, tracked: track, previous: previous, io: io)
            }
            return .success
        case .refused(let error, _):
            if json { io.printJSON(resultJSON(outcome, tracked: track)) }
            io.printError("error: \(error.sentence)")
            return error.origin == .input ? .dataError : .failure
        }
    }

    /// What became of one URL.
    enum Outcome {
        /// Verified (and recorded with --track); `previous` is the counter it replaced.
        case accepted(SUNVerification, previous: Int?)
        /// Refused or malformed; `lastCounter` is the counter already accepted, for a replay.
        case refused(SUNError, lastCounter: Int?)
    }

    /// One URL under keys given as text: a key that is not 16 bytes of hex is `key-length`.
    static func verify(
        url: String, metaKey: String, fileKey: String, pattern: SUNTemplatePattern?, store: (any SUNCounterStore)?,
        at: Date
    ) -> Outcome {
        do throws(SUNError) {
            let verifier = try SUNVerifier(
                metaKey: try key(metaKey, name: "meta key"), fileKey: try key(fileKey, name: "file key"),
                pattern: pattern)
            return record(try verifier.verify(url: url), store: store, at: at)
        } catch {
            return .refused(error, lastCounter: nil)
        }
    }

    /// With a store, records the verified counter unless it is not above the last one accepted.
    static func record(_ result: SUNVerification, store: (any SUNCounterStore)?, at: Date) -> Outcome {
        guard let store else { return .accepted(result, previous: nil) }
        do {
            switch try store.acceptSUNCounter(result.counter, uid: result.uid, at: at) {
            case .accepted(let previous):
                return .accepted(result, previous: previous)
            case .refused(let last):
                return .refused(
                    .counterNotIncreasing(uid: result.uid, counter: result.counter, lastAccepted: last),
                    lastCounter: last)
            }
        } catch {
            // The database failed: nothing was recorded, so the tap cannot count as accepted.
            return .refused(
                .malformedURL(reason: "the counter could not be recorded (\(error.sentence))"), lastCounter: nil)
        }
    }

    /// A key given as text: 16 bytes of hex, or `key-length`.
    static func key(_ text: String, name: String) throws(SUNError) -> [UInt8] {
        guard let bytes = try? Hex.decode(text) else { throw .keyNotHex(name: name) }
        guard bytes.count == 16 else { throw .keyLength(name: name, bytes: bytes.count) }
        return bytes
    }

    /// The JSON v1 result object (docs/reference/json.md, `sun verify --json`).
    static func resultJSON(_ outcome: Outcome, tracked: Bool, line: Int? = nil) -> JSON {
        var members: [(String, JSON)] = []
        if let line { members.append(("line", .int(line))) }
        switch outcome {
        case .accepted(let result, let previous):
            let text = result.fileData.map { String(decoding: $0, as: UTF8.self) }
            members += [
                ("valid", .bool(true)), ("uid", .string(Hex.encode(result.uid))), ("counter", .int(result.counter)),
                ("file_data", result.fileData.map { .string(Hex.encode($0)) } ?? .null),
                ("file_text", text.map(JSON.string) ?? .null), ("reason", .null), ("message", .null),
                ("tracked", .bool(tracked)), ("last_counter", previous.map(JSON.int) ?? .null),
            ]
        case .refused(let error, let lastCounter):
            // Only a replay has a verified UID and counter to show; before the MAC verifies,
            // whatever PICCData decrypted to is unauthenticated.
            var uid: JSON = .null
            var counter: JSON = .null
            if case .counterNotIncreasing(let replayUID, let replayCounter, _) = error {
                uid = .string(Hex.encode(replayUID))
                counter = .int(replayCounter)
            }
            members += [
                ("valid", .bool(false)), ("uid", uid), ("counter", counter), ("file_data", .null),
                ("file_text", .null), ("reason", .string(error.reason.rawValue)),
                ("message", .string(error.sentence)), ("tracked", .bool(tracked)),
                ("last_counter", lastCounter.map(JSON.int) ?? .null),
            ]
        }
        return .object(members)
    }

    static func report(_ result: SUNVerification, tracked: Bool, previous: Int?, io: some CommandIO) {
        io.print(
            "Valid: the MAC verifies for UID \(Hex.encode(result.uid, uppercase: true, separator: ":")), read counter \(result.counter)."
        )
        if let text = result.fileData.map({ String(decoding: $0, as: UTF8.self) }) { io.print("File data: \(text)") }
        if !tracked {
            io.print(
                "Check that the counter is higher than the last one you accepted for this UID (or use --track): a replayed URL verifies too."
            )
        } else if let previous {
            io.print(
                "The counter is above the last one accepted for this UID, \(previous); \(result.counter) is recorded.")
        } else {
            io.print("First accepted tap of this UID; counter \(result.counter) is recorded.")
        }
    }
}
