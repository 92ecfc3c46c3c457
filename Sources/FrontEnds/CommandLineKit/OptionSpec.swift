import TapCardSupport

/// One option a command accepts, declared once: how the parser reads it, what the shell
/// completions offer, and what the man page lists.
public struct OptionSpec: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Present or not (`--json`).
        case flag
        /// Takes a value, written `--name VALUE` or `--name=VALUE`; `placeholder` names it in
        /// help and completions (`FILE`, `HEX8`, `SECONDS`).
        case value(placeholder: String)
    }

    /// The long name, with its dashes: `--tag`.
    public var name: String
    /// Other spellings (`-q` for `--quiet`).
    public var aliases: [String]
    public var kind: Kind
    /// True when the option may be given more than once and every value counts (`--tel`).
    public var repeatable: Bool
    /// What a shell should offer for the value.
    public var completion: Completion
    /// One line for completions and the man page.
    public var summary: String

    public init(
        _ name: String, aliases: [String] = [], _ kind: Kind, repeatable: Bool = false,
        completion: Completion = .none, _ summary: String
    ) {
        self.name = name
        self.aliases = aliases
        self.kind = kind
        self.repeatable = repeatable
        self.completion = completion
        self.summary = summary
    }

    /// A flag.
    public static func flag(_ name: String, aliases: [String] = [], _ summary: String) -> OptionSpec {
        OptionSpec(name, aliases: aliases, .flag, summary)
    }

    /// An option with a value.
    public static func value(
        _ name: String, _ placeholder: String, repeatable: Bool = false, completion: Completion = .none,
        _ summary: String
    ) -> OptionSpec {
        OptionSpec(name, .value(placeholder: placeholder), repeatable: repeatable, completion: completion, summary)
    }

    public var takesValue: Bool { kind != .flag }

    /// Every spelling.
    public var spellings: [String] { [name] + aliases }

    public var placeholder: String? {
        if case .value(let placeholder) = kind { return placeholder }
        return nil
    }

    /// `--json`, which many commands take.
    public static let json = OptionSpec.flag("--json", "Print one JSON object (JSON v1) instead of text.")
}

/// What a shell completes for an option's value or a positional.
public enum Completion: Sendable, Equatable {
    case none
    /// A file name.
    case file
    /// A directory name.
    case directory
    /// One of these words.
    case values([String])
}

/// One positional argument of a command, for completions and the man page (the parser takes
/// positionals in order; the command says what each one means).
public struct PositionalSpec: Sendable, Equatable {
    public var name: String
    public var completion: Completion
    public var optional: Bool
    /// True when the rest of the positionals are all of this kind (`decode [HEX…]`).
    public var repeats: Bool

    public init(_ name: String, completion: Completion = .none, optional: Bool = false, repeats: Bool = false) {
        self.name = name
        self.completion = completion
        self.optional = optional
        self.repeats = repeats
    }
}
