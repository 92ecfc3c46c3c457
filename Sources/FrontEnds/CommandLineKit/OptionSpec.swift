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
    /// For an option that takes a key or a password: the environment variable that stands in for
    /// it when it is not given (`TAPCARD_KEY`). Such an option also takes `@FILE`, `-` (a line
    /// of standard input) and `--NAME-file FILE` (``withSecretFileForms(_:)``), so the secret
    /// need not appear where `ps`, `/proc/PID/cmdline` and shell history show it.
    public var secretEnvironment: String?

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

    /// A key or password option (see ``secretEnvironment``).
    public static func secret(
        _ name: String, _ placeholder: String, environment: String, repeatable: Bool = false, _ summary: String
    ) -> OptionSpec {
        var spec = OptionSpec.value(name, placeholder, repeatable: repeatable, summary)
        spec.secretEnvironment = environment
        return spec
    }

    /// True for a key or password option.
    public var isSecret: Bool { secretEnvironment != nil }

    /// The `--NAME-file FILE` form of a secret option (`--key-file`).
    public var secretFileForm: OptionSpec? {
        guard isSecret else { return nil }
        return .value(
            name + "-file", "FILE", repeatable: repeatable, completion: .file,
            "Read \(name) from FILE (one line; a file only you may read).")
    }

    /// `options` with the `--NAME-file` form of every secret option added after it: what the
    /// parser accepts and completions offer.
    public static func withSecretFileForms(_ options: [OptionSpec]) -> [OptionSpec] {
        options.flatMap { option in [option] + (option.secretFileForm.map { [$0] } ?? []) }
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
