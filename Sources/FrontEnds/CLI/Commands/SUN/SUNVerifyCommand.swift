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
            .flag("--track", "Refuse a counter not above the last one accepted for the UID; record it."),
        ] + SUNKeyOptions.options + DatabaseOption.counterOptions
    static let help =
        """
        Usage: tapcard sun verify URL (--meta-key HEX32 --file-key HEX32 | --master-key HEX32)
                                  [--template TEMPLATE] [--mac-input-from WHERE]
                                  [--track [--db PATH]] [--json]
               tapcard sun verify --jsonl [FILE|-] [--meta-key HEX32 --file-key HEX32 | --master-key HEX32]
                                  [--template TEMPLATE] [--mac-input-from WHERE] [--track [--db PATH]]

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

        Per-tag keys (--master-key): each tag's keys derive from one master key. The meta key
        cannot depend on the UID (PICCData must be decrypted first); the file key is derived from
        the UID PICCData holds. --diversification sdm-backend (default) is nfc-developer's
        sdm-backend (libsdm/derive.py): meta key HMAC-SHA256(master, "PICCDataKey"), file key
        number 2 (--file-key-number) diversified by the UID; an all-zero master gives all-zero
        keys. --diversification an10922 is NXP AN10922's AES-128 CMAC diversification of the UID
        (and --system-identifier HEX after it); its meta key is --meta-key, else the master key.
        ntag424 keys --master-key sets a tag's keys the same way.

        The MAC input: by default from the enc= value to the MAC (nothing without enc), as AN12196
        and ntag424 sdm setup lay it out. A tag whose SDMMACInputOffset points elsewhere needs
        --mac-input-from: picc (from the PICCData, or uid= in the plain mirror), url (from the
        first character after the https:// or https://www. the URI record abbreviates) or a
        position of the URL (0 is its first character); or a template with {mac_input} where the
        input begins.

        Batch (--jsonl): each input line is a URL (the keys come from the options) or a JSON object
        {"url": "…", "meta_key": "HEX32", "file_key": "HEX32"} or {"url": "…", "master_key":
        "HEX32"} whose keys replace the options'. Each line gets one JSON v1 result line, in input
        order, with "line" (its number in the input) and the fields of --json; empty lines are
        skipped. Lines are answered as they arrive, flushed: a server can keep one process as a
        co-process, write a line and read its answer. Every line is verified on AES contexts
        made once and re-keyed, so a key per line costs its key schedules only. With --track,
        each accepted counter is recorded in its own transaction before the next line is checked.

        Exit status: 0 valid (every line, in a batch); 1 refused, with the reason: mac-mismatch
        (wrong file key or an altered URL), wrong-key (PICCData does not decrypt to tag C7: wrong
        meta key), malformed-picc-data (PICCData is not 32 hex digits, or 48 in LRP mode),
        counter-not-increasing
        (--track); 65 malformed input: malformed-url (no SUN fields, a MAC or uid/ctr field of the
        wrong size, a repeated or ambiguous field, not the template's shape, a batch line that is
        not a URL or a valid object) or key-length (a key that is not 16 bytes of hex). 69 counter-store-failed
        (--track: the MAC verified but the database failed, so nothing was recorded). A batch exits
        69 when the store failed on any line, else 65 when any line was malformed, else 1 when any
        was refused; 66 FILE cannot be read. With --track, a batch line that brings its own keys is
        recorded under the UID and a fingerprint of those keys, so one tenant's URL cannot move
        another tenant's counter for the same UID.

        Options:
          --meta-key HEX32    The SDM meta-read key, 16 bytes.
          --file-key HEX32    The SDM file-read key, 16 bytes.
          --master-key HEX32  Derive every tag's keys from this master key.
          --diversification S sdm-backend (default) or an10922.
          --file-key-number N sdm-backend: the file key's number (default 2).
          --system-identifier HEX  an10922: the bytes after the UID (default none).
          --template TEMPLATE The URL template the tag was set up with.
          --mac-input-from W  auto (default), picc, url or a position of the URL.
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
        let keys = try SUNKeyOptions.parse(&arguments, command: name)
        var positionals = arguments.remainingPositionals()
        try arguments.finish()
        if jsonl {
            if json { throw UsageError("--jsonl already writes JSON; leave out --json.", command: name) }
            guard positionals.count <= 1 else { throw UsageError("--jsonl takes at most one FILE.", command: name) }
            let store = try databasePath.map { path throws(StoreError) in try DatabaseOption.openCounterStore(path) }
            var batch = SUNVerifyBatch(keys: keys, store: store, now: { CLIClock.now(io) })
            switch positionals.first.map({ $0 == "-" ? nil : $0 }) ?? nil {
            case .some(let path):
                switch InputFile.read(path) {
                case .success(let contents): return batch.run(contents, io: io)
                case .failure(let error):
                    io.printError("error: \(error.sentence)")
                    return .noInput
                }
            case .none:
                return batch.run(reading: { io.readStandardInputChunk() }, io: io)
            }
        }
        guard keys.hasKeys else {
            throw UsageError(
                "sun verify needs --meta-key HEX32 and --file-key HEX32, or --master-key HEX32.", command: name)
        }
        if keys.masterKey == nil {
            guard keys.metaKey != nil else { throw UsageError("sun verify needs --meta-key HEX32.", command: name) }
            guard keys.fileKey != nil else { throw UsageError("sun verify needs --file-key HEX32.", command: name) }
        }
        guard !positionals.isEmpty else {
            throw UsageError("sun verify needs the URL (the SUN message), or --jsonl FILE.", command: name)
        }
        let url = positionals.removeFirst()
        guard positionals.isEmpty else { throw UsageError("sun verify takes one URL.", command: name) }
        let outcome = verify(
            url: url, keys: keys,
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
            return error.origin == .input ? .dataError : error.origin == .platform ? .unavailable : .failure
        }
    }

    /// What became of one URL.
    enum Outcome {
        /// Verified (and recorded with --track); `previous` is the counter it replaced.
        case accepted(SUNVerification, previous: Int?)
        /// Refused or malformed; `lastCounter` is the counter already accepted, for a replay.
        case refused(SUNError, lastCounter: Int?)
    }

    /// One URL under the keys given as text: a key that is not 16 bytes of hex is `key-length`.
    static func verify(url: String, keys: SUNKeyOptions, store: (any SUNCounterStore)?, at: Date) -> Outcome {
        do throws(SUNError) {
            let verifier = try keys.verifier(meta: nil, file: nil, master: nil)
            return record(try verifier.verify(url: url), store: store, at: at)
        } catch {
            return .refused(error, lastCounter: nil)
        }
    }

    /// With a store, records the verified counter unless it is not above the last one accepted.
    /// `scope` (a verifier's ``SUNVerifier/counterScope``), when given, goes before the UID in the
    /// ledger's key: a batch line that brings its own keys keeps its counters apart from every other
    /// key's.
    static func record(_ result: SUNVerification, store: (any SUNCounterStore)?, at: Date, scope: [UInt8] = [])
        -> Outcome
    {
        guard let store else { return .accepted(result, previous: nil) }
        do {
            switch try store.acceptSUNCounter(result.counter, uid: scope + result.uid, at: at) {
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
                .counterStoreFailed(uid: result.uid, counter: result.counter, detail: error.sentence), lastCounter: nil)
        }
    }

    /// The file data as text when it is UTF-8, else `nil` (never repaired with U+FFFD).
    static func fileText(_ data: [UInt8]) -> String? {
        let text = String(decoding: data, as: UTF8.self)
        return text.utf8.elementsEqual(data) ? text : nil
    }

    /// The JSON v1 result object (docs/reference/json.md, `sun verify --json`).
    static func resultJSON(_ outcome: Outcome, tracked: Bool, line: Int? = nil) -> JSON {
        var members: [(String, JSON)] = []
        if let line { members.append(("line", .int(line))) }
        switch outcome {
        case .accepted(let result, let previous):
            let text = result.fileData.flatMap(fileText)
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
        if let data = result.fileData {
            io.print("File data: " + (fileText(data) ?? "\(Hex.encode(data)) (hex: not UTF-8 text)"))
        }
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
