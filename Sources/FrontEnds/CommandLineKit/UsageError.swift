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

    /// The message and where help is, without the program's name ("… See 'write --help'."):
    /// the kit does not know what the program is called. A program prints
    /// ``sentence(program:)``.
    public var sentence: String { sentence(program: nil) }

    /// The message and the help to read, "… See 'tapcard write --help'." for `program`
    /// `tapcard` (``CommandTree/program``).
    public func sentence(program: String?) -> String {
        let words = [program, command].compactMap { $0 } + ["--help"]
        return "\(message) See '\(words.joined(separator: " "))'."
    }
}
