import Cards
import CommandLineKit
import NDEF
import TagWorkflows
import TapCardSupport

/// `tapcard write uri|text …`: writes an NDEF message to a tag, tearing-safe, and reads it back.
struct WriteCommand: Command {
    static let name = "write"
    static let summary = "Write records, a contact card or raw NDEF to a tag and verify it by reading it back."
    static let options: [OptionSpec] =
        [
            .value(
                "--as", "FORMAT", completion: .values(CardFormat.names), "A card as vcard, mecard, url or dual."),
            .value("--link", "URL", "The link a url or dual card points to."),
        ]
        + TagWriteRunner.options + TagTarget.options + DatabaseOption.options + ProfileOptions.options
        + RecordBuilder.options
    static let positionals = [
        PositionalSpec("RECORD", completion: .values(RecordBuilder.kinds + ["card", "ndef"])),
        PositionalSpec("VALUE", optional: true, repeats: true),
    ]
    static let help =
        """
        Usage: tapcard write RECORD [+ RECORD]... [options]
               tapcard write card [profile options] [--as vcard|mecard|url|dual] [--link URL] [options]
               tapcard write ndef HEX|--file PATH [options]

        RECORD is any record 'tapcard encode' builds, with the same words and checks: uri URI,
        text TEXT [--lang L] [--utf16], mime TYPE --file|--text|--hex DATA, smartposter URI
        [--title [L=]TEXT]... [--action A], external DOMAIN:TYPE [DATA], aar PACKAGE,
        absolute-uri URI [DATA], wifi SSID [--key K] [--auth A] [--encryption E], tel NUMBER,
        sms NUMBER [--body TEXT], mailto ADDRESS [--subject S] [--body B], geo LAT LON,
        bluetooth ADDRESS [--name NAME] [--class HEX6], empty; several records make one
        message ('uri https://x + text Hi'); every record also takes --id ID (its ID field, as
        text). A value a record's rule refuses (a URI with a line break, a media type without
        '/', an SSID over 32 bytes, a phone number with letters…) exits 65 before the tag is
        touched, with the same words as 'tapcard encode'. 'ndef' writes a message
        given as hex or as raw bytes in a file (checked to decode first), e.g. the
        previous_ndef_hex of an earlier 'write --json', to undo it.

        Checks the tag first (formatted? writable? big enough?) and refuses before writing
        anything; then writes in a tearing-safe order (NDEF length 0, data, terminator, real
        length) only the pages whose content changes, and reads the message back. A completed
        write is recorded in the TapCard database's write log (see 'tapcard tags').

        Options:
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)
        \(TagWriteRunner.tearHelpLines)

        \(ProfileOptions.help)
        Examples:
          tapcard write uri https://example.com
          tapcard write text "Bonjour" --lang fr + uri https://example.fr --tag card.nfc
          tapcard write tel +15551234567 --tag card.nfc
          tapcard write card --name "Ada Lovelace" --url https://ada.example --as dual --tag card.nfc
          tapcard write bluetooth 00:1A:7D:DA:71:13 --name Speaker --tag card.nfc
          tapcard write ndef d1010b5504...
          tapcard write text "Hello" --lang en --tag card.nfc --json
          tapcard write uri https://example.com --tag t.nfc --simulate-tear-after 5

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let options = try TagWriteRunner.options(&arguments)
        let recording = try TagRecording.take(&arguments, io: io)
        let message = try Self.message(&arguments, io: io)
        let tag = try await OpenedTag.open(&arguments, io: io)
        try tag.finish(&arguments)
        return try await TagVerbs.write(message, tag, options: options, recording: recording, io: io)
    }

    /// The options of the write itself (not of a record): they may stand anywhere on the line,
    /// between records too.
    static let commandOptions: [OptionSpec] = TagWriteRunner.options + TagTarget.options + DatabaseOption.options

    /// The message the positionals describe: records (`uri X + text Y --lang fr`, as `encode`
    /// builds them), a contact `card`, or raw `ndef` bytes.
    static func message(_ arguments: inout Arguments, io: some CommandIO) throws -> NDEFMessage {
        guard let kind = arguments.remainingPositionalValues.first else {
            throw UsageError(
                "Missing what to write: \(RecordBuilder.kinds.joined(separator: ", ")), card or ndef.", command: name)
        }
        switch kind {
        case "card":
            _ = arguments.positional()
            let profile = try ProfileOptions.parse(&arguments, io: io)
            let formatName = try arguments.option("--as") ?? CardFormat.vcard.rawValue
            guard let format = CardFormat(rawValue: formatName.lowercased()) else {
                throw UsageError("--as takes vcard, mecard, url or dual, not '\(formatName)'.", command: name)
            }
            return try CardEncoding.message(for: profile, as: format, link: try arguments.option("--link"))
        case "ndef":
            _ = arguments.positional()
            let bytes: [UInt8]
            if let file = try arguments.option("--file") {
                guard arguments.remainingPositionalValues.isEmpty else {
                    throw UsageError("Give the message as HEX or with --file, not both.", command: name)
                }
                switch InputFile.read(file) {
                case .success(let contents): bytes = contents
                case .failure(let error): throw error
                }
            } else {
                let hex = arguments.remainingPositionals().joined()
                guard !hex.isEmpty else {
                    throw UsageError("'write ndef' needs the message: HEX, or --file PATH (raw bytes).", command: name)
                }
                do {
                    bytes = try Hex.decode(hex)
                } catch {
                    throw HexInputError(error)
                }
            }
            // Strictly decoded: what is written is a message `read` will decode.
            let message = try NDEFMessage.decode(bytes)
            try message.validateForEncoding()
            guard message.encoded() == bytes else {
                throw UsageError(
                    "The \(bytes.count) bytes decode, but not in the canonical encoding TapCard writes (chunked or long-form records); give them as records instead.",
                    command: name)
            }
            return message
        default:
            guard RecordBuilder.kinds.contains(kind) else {
                throw UsageError(
                    "Unknown message kind '\(kind)'; use \(RecordBuilder.kinds.joined(separator: ", ")), card or ndef.",
                    command: name)
            }
            let message = try RecordBuilder.message(
                from: arguments.tokens(removing: commandOptions + GlobalOptions.all), command: name)
            arguments.markTaken(RecordBuilder.options)
            return message
        }
    }
}
