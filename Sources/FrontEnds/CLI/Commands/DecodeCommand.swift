import CommandLineKit
import MessageRendering
import NDEF
import TapCardSupport

/// `tapcard decode`: NDEF bytes in, records out (human text, one JSON object, or JSON lines).
struct DecodeCommand: Command {
    static let name = "decode"
    static let summary = "Decode an NDEF message (hex, a file, or many messages as JSON lines)."
    static let options: [OptionSpec] = [
        .json, .flag("--jsonl", "Bulk mode: one hex message per input line, one JSON object per output line."),
        .value("--file", "PATH", completion: .file, "Read the message as raw bytes from PATH."),
        .flag("--strict", "Also refuse a record that breaks a type rule (TNF 1-4 with an empty TYPE)."),
    ]
    static let help = """
        Usage: tapcard decode HEX... [--json] [--strict]
               tapcard decode --file PATH [--json] [--strict]
               tapcard decode - [--json] [--strict]
               tapcard decode --jsonl [FILE|-] [--strict]

        Decodes an NDEF message (NFC Forum NDEF 1.0) strictly: every header flag, length and chunk
        rule is checked, chunked records are reassembled, and each record is shown as what it
        means (URI — with tel:, sms:, mailto: and geo: read as a number, a message, an email or
        a place —, text, smart poster, MIME, Wi-Fi, Bluetooth pairing, external, Android
        application, absolute URI, empty, unknown).

        A record whose structure is sound but that breaks a type rule (TNF 1-4 with an empty
        TYPE, which NDEF 1.0 §3.2.6 does not allow) is kept and shown with a 'problem:' line
        ("problems" in JSON); --strict refuses such a message instead, naming the record's
        offset (exit 65), as ndeflib does.

        Input:
          HEX...        The message as hex; spaces, ':' and '0x' prefixes are allowed
                        (several arguments are joined).
          --file PATH   Read the message as raw bytes from PATH.
          -             Read the message as hex text from standard input.

        Output:
          (default)     A human-readable description.
          --json        Exactly one JSON object:
                        {"records":[{"tnf":1,"type":"U","id":"","payload_hex":"04…",
                                     "view":{"kind":"uri","uri":"https://example.com"}}]}
                        'type' and 'id' are the field bytes as UTF-8 text ("hex:…" when they are
                        not UTF-8). View kinds: uri {uri}, text {text, lang, encoding},
                        smartposter {uri, titles, action?}, mime {mime, text?}, external {type},
                        aar {package}, absolute-uri {uri}, empty {}, unknown {},
                        wifi {mime, ssid, auth, encryption, key} (Wi-Fi tokens),
                        tel {uri, number, parameters?}, sms {uri, number, body?},
                        mailto {uri, address, subject?, body?}, geo {uri, latitude,
                        longitude, altitude?} (URI records with those schemes),
                        bluetooth {mime, address, name?, device_class_hex?, eir:[{type,
                        data_hex}]} (application/vnd.bluetooth.ep.oob).
                        A record that breaks a type rule also has "problems":["…"].
          --jsonl [FILE|-]
                        Bulk mode: one hex message per input line (from FILE, or standard input
                        when FILE is '-' or absent), one JSON object per output line. An invalid
                        line gives {"error":"…","offset":N}; the exit status is then 65.
          --strict      Refuse a record that breaks a type rule, as a malformed message.

        Exit status: 0 decoded; 65 the input is not a valid NDEF message, or with --strict breaks
        a type rule (nothing on standard output, one line 'error: <rule> (byte N)' on standard
        error); 66 FILE cannot be read.

        Examples:
          tapcard decode D1010C55046578616D706C652E636F6D
          tapcard decode --json "D1 01 08 54 02 65 6E 48 65 6C 6C 6F"
          tapcard encode uri https://example.com | tapcard decode -

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let json = arguments.flag("--json")
        let problems: RecordProblemPolicy = arguments.flag("--strict") ? .refuse : .flag
        // `--jsonl [FILE|-]`: the file is the positional that follows, if any.
        let jsonl = arguments.flag("--jsonl")
        var jsonlSource: String? = nil
        let file = try arguments.option("--file")
        var positionals = arguments.remainingPositionals()
        try arguments.finish()

        if jsonl {
            if json || file != nil {
                throw UsageError("--jsonl cannot be combined with --json or --file.", command: name)
            }
            if jsonlSource == nil, !positionals.isEmpty { jsonlSource = positionals.removeFirst() }
            guard positionals.isEmpty else {
                throw UsageError("--jsonl takes at most one FILE.", command: name)
            }
            return decodeLines(from: jsonlSource, problems: problems, io: io)
        }

        let bytes: [UInt8]
        if let file {
            guard positionals.isEmpty else { throw UsageError("Give either HEX or --file, not both.", command: name) }
            switch try InputFile.readWithinLimit(file) {
            case .success(let contents): bytes = contents
            case .failure(let error):
                io.printError("error: \(error.sentence)")
                return .noInput
            }
        } else if positionals == ["-"] {
            bytes = try hexBytes(io.readStandardInput()[...])
        } else if !positionals.isEmpty {
            bytes = try hexBytes(Array(positionals.joined(separator: " ").utf8)[...])
        } else {
            throw UsageError("Missing the message: give HEX, --file PATH, or - for standard input.", command: name)
        }

        let decoded = try DecodedMessage.decode(bytes, problems: problems)
        if json {
            var out: [UInt8] = []
            MessageJSONWriter.write(decoded.message.records, views: decoded.views, into: &out)
            out.append(0x0A)
            io.write(out)
        } else {
            let (_, locations) = try NDEFMessage.decodeWithLocations(bytes)
            let lines = MessageDescription.lines(
                decoded.message, views: decoded.views, locations: locations, inputLength: bytes.count)
            for line in lines { io.print(line) }
        }
        return .success
    }

    /// Hex text to bytes; a bad character is an input error naming its position in the text.
    private static func hexBytes(_ text: ArraySlice<UInt8>) throws(HexInputError) -> [UInt8] {
        do {
            return try Hex.decode(utf8: text)
        } catch {
            throw HexInputError(error)
        }
    }

    /// `--jsonl`: decodes every line, writing one JSON object per line; returns 65 when any line
    /// was invalid.
    private static func decodeLines(
        from source: String?, problems: RecordProblemPolicy, io: some CommandIO
    ) -> ExitStatus {
        let input: [UInt8]
        if let source, source != "-" {
            switch InputFile.read(source) {
            case .success(let contents): input = contents
            case .failure(let error):
                io.printError("error: \(error.sentence)")
                return .noInput
            }
        } else {
            input = io.readStandardInput()
        }
        var decoder = BulkDecoder()
        decoder.problems = problems
        decoder.decode(input) { io.write(buffer: $0) }
        guard decoder.invalid == 0 else {
            let lines = decoder.lines
            io.printError(
                "error: \(decoder.invalid) of \(lines) line\(lines == 1 ? "" : "s") did not hold a valid NDEF message.")
            return .dataError
        }
        return .success
    }
}
