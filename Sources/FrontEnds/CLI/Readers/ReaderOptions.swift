import CommandLineKit

/// The options every command that can talk to a PC/SC reader shares: `--reader NAME|INDEX` and
/// `--wait SECONDS` (how long to wait for a tag; default 15). A virtual tag takes the same
/// `--wait`: how long to wait while another tapcard uses its file.
struct ReaderOptions {
    var reader: String?
    var waitSeconds: Int

    static let defaultWaitSeconds = 15

    static let options: [OptionSpec] = [
        .value(
            "--reader", "NAME|INDEX", "The PC/SC reader: an index from 'tapcard readers', its name, or a unique part."),
        .value("--wait", "SECONDS", "How long to wait for a tag on the reader, or for another tapcard using the file."),
    ]

    /// Help text lines for these options.
    static let help = """
          --reader NAME|INDEX  Use this PC/SC reader: an index from 'tapcard readers', its name, or a
                               unique part of it; waits for a tag. Without --tag and --reader, a
                               connected reader holding a tag is used, else the virtual tag.
          --wait SECONDS       How long to wait for a tag on the reader, or for another tapcard
                               using the same virtual tag file to finish (default 15).
        """

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> ReaderOptions {
        let reader = try arguments.option("--reader")
        return ReaderOptions(reader: reader, waitSeconds: try waitSeconds(&arguments))
    }

    /// Takes `--wait SECONDS` (default 15, above 0).
    static func waitSeconds(_ arguments: inout Arguments) throws(UsageError) -> Int {
        let wait = try arguments.integer("--wait") ?? defaultWaitSeconds
        guard wait > 0 else {
            throw UsageError("--wait takes a number of seconds above 0.", command: arguments.command)
        }
        return wait
    }
}
