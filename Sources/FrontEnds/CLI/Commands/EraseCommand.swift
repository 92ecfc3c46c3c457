import CommandLineKit
import TagWorkflows

/// `tapcard erase`: leaves the tag formatted with an empty NDEF message.
struct EraseCommand: Command {
    static let name = "erase"
    static let summary = "Empty the NDEF message on a tag (it stays formatted and writable)."
    static let options: [OptionSpec] = TagWriteRunner.options + TagTarget.options + DatabaseOption.options
    static let help = """
        Usage: tapcard erase [options]

        Sets the NDEF message to empty (NDEF TLV length 0; on a Type 4 tag NLEN 00 00), with the
        same checks and tearing-safe order as 'write'. A completed erase is recorded in the TapCard database's
        write log (see 'tapcard tags').

        Options:
        \(TagTarget.helpLines)
        \(PasswordOptions.help)
        \(TagRecording.help)
        \(TagWriteRunner.tearHelpLines)

        """

    static func run(_ arguments: inout Arguments, io: some CommandIO) async throws -> ExitStatus {
        let options = try TagWriteRunner.options(&arguments)
        let recording = try TagRecording.take(&arguments, io: io)
        let tag = try await OpenedTag.open(&arguments, io: io)
        try tag.finish(&arguments)
        return try await TagVerbs.write(nil, tag, options: options, recording: recording, io: io)
    }
}
