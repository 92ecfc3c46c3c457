import Cards
import NDEF
import TagWorkflows

/// `tapcard write uri|text …`: writes an NDEF message to a tag, tearing-safe, and reads it back.
struct WriteCommand: Command {
    static let name = "write"
    static let summary = "Write a URI, text or contact card to a tag and verify it by reading it back."
    static let help =
        """
        Usage: tapcard write uri URI [options]
               tapcard write text TEXT [--lang L] [options]
               tapcard write card [profile options] [--as vcard|mecard|url] [--link URL] [options]

        Checks the tag first (formatted? writable? big enough?) and refuses before writing
        anything; then writes in a tearing-safe order (NDEF length 0, data, terminator, real
        length) only the pages whose content changes, and reads the message back. A completed
        write is recorded in the TapCard database's write log (see 'tapcard tags').

        Options:
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)
        \(TagWriteRunner.tearHelpLines)

        Examples:
          tapcard write uri https://example.com
          tapcard write text "Hello" --lang en --tag card.nfc --json
          tapcard write uri https://example.com --tag t.nfc --simulate-tear-after 5

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let options = try TagWriteRunner.options(&arguments)
        let recording = try TagRecording.take(&arguments, io: io)
        let kind = try arguments.requiredPositional("what to write: uri or text")
        let record: NDEFRecord
        switch kind {
        case "uri":
            record = .uri(try arguments.requiredPositional("URI"))
        case "text":
            let text = try arguments.requiredPositional("TEXT")
            record = .text(text, language: try LanguageOption.take(&arguments))
        case "card":
            let profile = try ProfileOptions.parse(&arguments, io: io)
            let formatName = try arguments.option("--as") ?? CardFormat.vcard.rawValue
            guard let format = CardFormat(rawValue: formatName.lowercased()) else {
                throw UsageError("--as takes vcard, mecard or url, not '\(formatName)'.", command: name)
            }
            record = try CardEncoding.record(for: profile, as: format, link: try arguments.option("--link"))
        default:
            throw UsageError("Unknown message kind '\(kind)'; use uri, text or card.", command: name)
        }
        let message = NDEFMessage(records: [record])
        if let session = try ReaderTagCommands.session(&arguments, io: io) {
            try arguments.finish()
            return try await ReaderTagCommands.write(
                message, session, options: options, recording: recording, io: io)
        }
        let target = try await TagTarget.open(&arguments, io: io)
        defer { target.close() }
        try arguments.finish()
        guard let report = try await TagWriteRunner.run(message, target: target, options: options, io: io) else {
            return .failure
        }
        TagWriteRunner.print(report, path: target.path, json: options.json, io: io)
        recording.write(report, message: message.encoded(), io: io)
        return .success
    }
}
