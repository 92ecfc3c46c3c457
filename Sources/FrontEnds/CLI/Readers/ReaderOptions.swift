/// The options every command that can talk to a PC/SC reader shares: `--reader NAME|INDEX` and
/// `--wait SECONDS` (how long to wait for a tag; default 15).
struct ReaderOptions {
    var reader: String?
    var waitSeconds: Int

    static let defaultWaitSeconds = 15

    /// Help text lines for these options.
    static let help = """
          --reader NAME|INDEX  Use this PC/SC reader: an index from 'tapcard readers', its name, or a
                               unique part of it; waits for a tag. Without --tag and --reader, a
                               connected reader holding a tag is used, else the virtual tag.
          --wait SECONDS       How long to wait for a tag on the reader (default 15).
        """

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> ReaderOptions {
        let reader = try arguments.option("--reader")
        let wait = try arguments.integer("--wait") ?? defaultWaitSeconds
        guard wait > 0 else {
            throw UsageError("--wait takes a number of seconds above 0.", command: arguments.command)
        }
        return ReaderOptions(reader: reader, waitSeconds: wait)
    }
}
