import CommandLineKit
import PCSCTransport

/// Which reader a tag command uses, and how it names it ("reader 'NAME'" where a virtual tag's
/// path would be): the verbs themselves are ``TagVerbs``, the same on a reader as on a file.
enum ReaderTagCommands {
    /// Applies the reader rule to a tag command's arguments (see ``TagSource``): returns the
    /// connected reader tag, or `nil` when the command should use its virtual tag (`--tag FILE`,
    /// or no reader holds a tag). With a reader, takes `--reader` and `--wait` out of `arguments`;
    /// for a virtual tag, leaves `--wait` to ``OpenedTag/open(_:io:access:)`` (how long to wait for
    /// another tapcard using the file).
    static func session(_ arguments: inout Arguments, io: some CommandIO) throws -> PCSCTagSession? {
        var readerArguments = arguments
        let options = try ReaderOptions.parse(&readerArguments)
        let hasTag = arguments.has("--tag")
        if hasTag, options.reader != nil {
            throw UsageError("Give --tag FILE or --reader NAME, not both.", command: arguments.command)
        }
        if hasTag { return nil }
        switch try TagSource.choose(tag: nil, options: options, io: io) {
        case .reader(let session):
            arguments = readerArguments
            return session
        case .virtual: return nil
        }
    }

    /// "reader 'NAME'", where a virtual tag's path would be printed.
    static func label(_ session: PCSCTagSession) -> String {
        "reader '\(session.readerName)'"
    }
}
