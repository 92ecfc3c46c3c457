import TapCardSupport

/// The command line itself is wrong. Exit status 64.
public struct UsageError: TapCardError, Equatable {
    public var message: String
    /// The command whose `--help` explains the right form.
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        if let command {
            return "\(message) See 'tapcard \(command) --help'."
        }
        return "\(message) See 'tapcard --help'."
    }
}
