import Store
import TapCardSupport
import Type4

/// `tapcard sun verify URL --meta-key HEX32 --file-key HEX32 [--track [--db PATH]]`: a SUN URL
/// checked as a backend does, with its verdict in words and in JSON v1. `--track` also refuses a
/// counter that is not above the last one accepted for the UID, and records the new one.
struct SUNVerifyCommand: Command {
    static let name = "sun verify"
    static let summary = "Verify an NTAG 424 DNA SUN URL: decrypt PICCData, recompute the MAC, decrypt file data."
    static let options: [OptionSpec] =
        [
            .json,
            .value("--meta-key", "HEX32", "The SDM meta-read key (decrypts PICCData)."),
            .value("--file-key", "HEX32", "The SDM file-read key (the MAC and encrypted file data)."),
            .flag("--track", "Refuse a counter not above the last one accepted for the UID; record it."),
        ] + DatabaseOption.options
    static let help =
        """
        Usage: tapcard sun verify URL --meta-key HEX32 --file-key HEX32 [--track [--db PATH]] [--json]

        Checks a SUN URL an NTAG 424 DNA produced with Secure Dynamic Messaging (AES mode):
        decrypts PICCData (e=, picc_data= or boltcard's p=) with the meta key, or reads the plain
        uid= and ctr=; recomputes the MAC (c= or cmac=) with the file key over exactly the mirrored
        span (from the enc= value to the MAC, or nothing when there is no enc=), compares it in
        constant time; and decrypts the enc= file data. URL styles: ?e=…&c=…,
        ?picc_data=…&enc=…&cmac=…, ?p=…&c=…, ?uid=…&ctr=…&cmac=…, and the bulk
        ?e=<PICCData 32 hex><enc hex><MAC 16 hex> (the MAC over the enc hex alone). A factory
        tag's keys are all zeros. Keys and the right MAC are never printed.

        Stateless by default: a replayed URL verifies again. With --track, the last counter
        accepted per UID is kept in the TapCard database; a valid URL whose counter is not above
        it is refused (counter-not-increasing), and an accepted one records its counter in the
        same transaction, so two verifiers cannot both accept one counter.

        Exit status: 0 valid; 1 refused, with the reason: mac-mismatch (wrong file key or an
        altered URL), wrong-key (PICCData does not decrypt to tag C7: wrong meta key),
        malformed-picc-data (PICCData is not 32 hex digits), counter-not-increasing (--track);
        65 a malformed URL (no SUN fields, a MAC or uid/ctr field of the wrong size) or key.

        Options:
          --meta-key HEX32    The SDM meta-read key, 16 bytes.
          --file-key HEX32    The SDM file-read key, 16 bytes.
          --track             Refuse a replayed counter and record the accepted one.
          --json              {valid, uid, counter, file_data, file_text, reason, message,
                              tracked, last_counter}.

        """ + DatabaseOption.help
            + """

            Example:
              tapcard sun verify 'https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086' \\
                --meta-key 00000000000000000000000000000000 --file-key 00000000000000000000000000000000 --track

            """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let track = arguments.flag("--track")
        let databasePath: String? = track ? try DatabaseOption.path(&arguments, io: io) : nil
        if !track, try arguments.option("--db") != nil {
            throw UsageError("--db only matters with --track.", command: name)
        }
        let metaKey = try key(&arguments, "--meta-key")
        let fileKey = try key(&arguments, "--file-key")
        let url = try arguments.requiredPositional("URL (the SUN message)")
        try arguments.finish()
        var lastCounter: Int?
        do {
            let result = try SUNVerifier.verify(url: url, metaKey: metaKey, fileKey: fileKey)
            if let databasePath {
                let store = try DatabaseOption.open(databasePath)
                switch try store.acceptSUNCounter(result.counter, uid: result.uid, at: CLIClock.now(io)) {
                case .accepted(let previous):
                    lastCounter = previous
                case .refused(let last):
                    throw SUNError.counterNotIncreasing(uid: result.uid, counter: result.counter, lastAccepted: last)
                }
            }
            report(result, tracked: track, previous: lastCounter, json: json, io: io)
            return .success
        } catch let error as SUNError {
            if json {
                // Only a replay has a verified UID and counter to show; before the MAC verifies,
                // whatever PICCData decrypted to is unauthenticated.
                var uid: JSON = .null
                var counter: JSON = .null
                if case .counterNotIncreasing(let replayUID, let replayCounter, let last) = error {
                    uid = .string(Hex.encode(replayUID))
                    counter = .int(replayCounter)
                    lastCounter = last
                }
                io.printJSON(
                    JSON.object([
                        ("valid", .bool(false)), ("uid", uid), ("counter", counter), ("file_data", .null),
                        ("file_text", .null), ("reason", .string(error.reason.rawValue)),
                        ("message", .string(error.sentence)), ("tracked", .bool(track)),
                        ("last_counter", lastCounter.map(JSON.int) ?? .null),
                    ]))
            }
            io.printError("error: \(error.sentence)")
            return error.origin == .input ? .dataError : .failure
        }
    }

    static func report(_ result: SUNVerification, tracked: Bool, previous: Int?, json: Bool, io: some CommandIO) {
        let text = result.fileData.map { String(decoding: $0, as: UTF8.self) }
        if json {
            io.printJSON(
                JSON.object([
                    ("valid", .bool(true)), ("uid", .string(Hex.encode(result.uid))),
                    ("counter", .int(result.counter)),
                    ("file_data", result.fileData.map { .string(Hex.encode($0)) } ?? .null),
                    ("file_text", text.map(JSON.string) ?? .null), ("reason", .null), ("message", .null),
                    ("tracked", .bool(tracked)), ("last_counter", previous.map(JSON.int) ?? .null),
                ]))
            return
        }
        io.print(
            "Valid: the MAC verifies for UID \(Hex.encode(result.uid, uppercase: true, separator: ":")), read counter \(result.counter)."
        )
        if let text { io.print("File data: \(text)") }
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

    static func key(_ arguments: inout Arguments, _ option: String) throws -> [UInt8] {
        guard let text = try arguments.option(option) else {
            throw UsageError("sun verify needs \(option) HEX32.", command: name)
        }
        return try KeyInputError.key(text, option: option)
    }
}
