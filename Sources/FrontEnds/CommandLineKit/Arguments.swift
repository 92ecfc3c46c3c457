/// A command line read against the command's declared options (``OptionSpec``), once, in one
/// place: options may come in any order, before or after positionals, as `--name value` or
/// `--name=value`; a value is never mistaken for a positional, however it is spelled; `--` ends
/// options; an option the command does not declare is a usage error at once. The command then
/// takes what it needs; ``finish()`` rejects a positional nobody took and an option that does not
/// apply to what the command was asked to do (`write uri X --lang fr`).
public struct Arguments: Sendable {
    /// An option as parsed, in command-line order.
    struct Occurrence: Sendable {
        var spec: OptionSpec
        var spelling: String
        var value: String?
        var taken = false
        /// Supplied by the environment, not typed: ``finish()`` does not call it unused.
        var implicit = false
    }

    private var occurrences: [Occurrence] = []
    private var positionals: [String] = []
    /// The tokens as given, for a command whose positionals have a grammar of their own
    /// (`encode uri X + text Y`).
    public let tokens: [String]
    private let declared: [OptionSpec]
    private var nextPositional = 0
    /// The command path so far (e.g. "sim new"), used in usage messages.
    public let command: String
    /// True when `--help` or `-h` came before any `--`.
    public let wantsHelp: Bool

    /// Parses `tokens` against `options`. `--help`/`-h` is always known.
    public init(_ tokens: [String], command: String, options: [OptionSpec]) throws(UsageError) {
        self.command = command
        self.tokens = tokens
        self.declared = options
        var help = false
        var index = 0
        var afterDashDash = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if afterDashDash || !Self.isOption(token) {
                positionals.append(token)
                continue
            }
            if token == "--" {
                afterDashDash = true
                continue
            }
            if token == "--help" || token == "-h" {
                help = true
                continue
            }
            var name = token
            var inlineValue: String?
            if let eq = token.firstIndex(of: "="), token.hasPrefix("--") {
                name = String(token[..<eq])
                inlineValue = String(token[token.index(after: eq)...])
            }
            guard let spec = options.first(where: { $0.spellings.contains(name) }) else {
                throw UsageError(Self.unknown(name, among: options), command: command)
            }
            if spec.takesValue {
                if let inlineValue {
                    occurrences.append(Occurrence(spec: spec, spelling: name, value: inlineValue))
                } else {
                    guard index < tokens.count, tokens[index] != "--" else {
                        throw UsageError(
                            "\(name) needs a value (\(spec.placeholder ?? "VALUE")).", command: command)
                    }
                    occurrences.append(Occurrence(spec: spec, spelling: name, value: tokens[index]))
                    index += 1
                }
            } else {
                guard inlineValue == nil else {
                    throw UsageError("\(name) is a flag; it takes no value.", command: command)
                }
                occurrences.append(Occurrence(spec: spec, spelling: name, value: nil))
            }
        }
        wantsHelp = help
        // A name declared twice (a card's --title and a smart poster's) is repeatable if either is.
        let repeatable = Set(options.filter(\.repeatable).map(\.name))
        for spec in options where !repeatable.contains(spec.name) {
            let given = occurrences.filter { $0.spec.name == spec.name }
            if spec.takesValue, given.count > 1, Set(given.compactMap(\.value)).count > 1 {
                throw UsageError(
                    "\(spec.name) was given \(given.count) times with different values; give it once.",
                    command: command)
            }
        }
    }

    /// True for a token that names an option: `-x` or `--x…`, but not `-` (standard input) and
    /// not a negative number (`geo -33.86 151.21`).
    public static func isOption(_ token: String) -> Bool {
        guard token.hasPrefix("-"), token != "-" else { return false }
        return Double(token) == nil
    }

    private static func unknown(_ name: String, among options: [OptionSpec]) -> String {
        let close = options.flatMap(\.spellings).filter { $0.hasPrefix("--") }
            .min { distance($0, name) < distance($1, name) }
        if let close, distance(close, name) <= max(2, name.count / 4) {
            return "Unknown option '\(name)'; did you mean '\(close)'?"
        }
        return "Unknown option '\(name)'."
    }

    /// Levenshtein distance, for "did you mean".
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let current = row[j]
                row[j] = a[i - 1] == b[j - 1] ? previous : 1 + min(previous, row[j], row[j - 1])
                previous = current
            }
        }
        return row[b.count]
    }

    /// Takes a flag: true when it was given.
    public mutating func flag(_ name: String) -> Bool {
        var found = false
        for index in occurrences.indices where occurrences[index].spec.spellings.contains(name) {
            occurrences[index].taken = true
            found = true
        }
        return found
    }

    /// Takes an option's value (the last one given, when it was given more than once with the
    /// same value), or `nil` when absent.
    public mutating func option(_ name: String) throws(UsageError) -> String? {
        take(name).last
    }

    /// Takes every value of a repeatable option, in order.
    public mutating func options(_ name: String) throws(UsageError) -> [String] {
        take(name)
    }

    /// Like ``option(_:)`` but parses a whole number.
    public mutating func integer(_ name: String) throws(UsageError) -> Int? {
        guard let text = take(name).last else { return nil }
        guard let value = Int(text) else {
            throw UsageError("\(name) takes a whole number, not '\(text)'.", command: command)
        }
        return value
    }

    /// True when `name` was given (without taking it).
    public func has(_ name: String) -> Bool {
        occurrences.contains { $0.spec.spellings.contains(name) }
    }

    private mutating func take(_ name: String) -> [String] {
        var values: [String] = []
        for index in occurrences.indices where occurrences[index].spec.spellings.contains(name) {
            occurrences[index].taken = true
            if let value = occurrences[index].value { values.append(value) }
        }
        return values
    }

    /// Takes the next positional argument, or `nil`.
    public mutating func positional() -> String? {
        guard nextPositional < positionals.count else { return nil }
        defer { nextPositional += 1 }
        return positionals[nextPositional]
    }

    /// Like ``positional()`` but a missing argument is a usage error naming `what`.
    public mutating func requiredPositional(_ what: String) throws(UsageError) -> String {
        guard let value = positional() else {
            throw UsageError("Missing \(what).", command: command)
        }
        return value
    }

    /// Takes every remaining positional argument, in order.
    public mutating func remainingPositionals() -> [String] {
        var result: [String] = []
        while let next = positional() { result.append(next) }
        return result
    }

    /// The positionals not yet taken (for a command that looks ahead, e.g. at a subcommand).
    public var remainingPositionalValues: [String] { Array(positionals[nextPositional...]) }

    /// `tokens` without the occurrences of `options` (and their values): what is left for a
    /// grammar of its own, such as encode's records.
    public func tokens(removing options: [OptionSpec]) -> [String] {
        let names = Set(options.flatMap(\.spellings))
        var result: [String] = []
        var index = 0
        var afterDashDash = false
        while index < tokens.count {
            let token = tokens[index]
            index += 1
            if afterDashDash || !Self.isOption(token) {
                result.append(token)
                continue
            }
            if token == "--" {
                afterDashDash = true
                result.append(token)
                continue
            }
            let name = token.hasPrefix("--") ? String(token.split(separator: "=", maxSplits: 1)[0]) : token
            guard names.contains(name) else {
                result.append(token)
                if let spec = declared.first(where: { $0.spellings.contains(name) }), spec.takesValue,
                    !token.contains("="), index < tokens.count
                {
                    result.append(tokens[index])
                    index += 1
                }
                continue
            }
            if let spec = options.first(where: { $0.spellings.contains(name) }), spec.takesValue, !token.contains("=") {
                index += 1
            }
        }
        return result
    }

    /// Marks `options` and every positional as taken: a command that parsed them itself (from
    /// ``tokens``) says so before ``finish()``.
    public mutating func markTaken(_ options: [OptionSpec]) {
        let names = Set(options.flatMap(\.spellings))
        for index in occurrences.indices where names.contains(occurrences[index].spelling) {
            occurrences[index].taken = true
        }
        nextPositional = positionals.count
    }

    /// Rejects a positional nobody took, and an option given but not used by what the command
    /// was asked to do.
    /// Throws, as ``finish()`` would, when a positional argument is left that nothing took: for a
    /// check before a side effect, while the options may still be taken.
    public func refuseStrayPositionals() throws(UsageError) {
        if nextPositional < positionals.count {
            throw UsageError("Unexpected argument '\(positionals[nextPositional])'.", command: command)
        }
    }

    public func finish() throws(UsageError) {
        if nextPositional < positionals.count {
            throw UsageError("Unexpected argument '\(positionals[nextPositional])'.", command: command)
        }
        if let unused = occurrences.first(where: { !$0.taken && !$0.implicit }) {
            throw UsageError("\(unused.spelling) does not apply here.", command: command)
        }
    }

    /// Where a secret option's value comes from.
    public enum SecretSource: Equatable, Sendable {
        /// `@PATH` or `--NAME-file PATH`.
        case file(String)
        /// `-`: one line of standard input.
        case standardInput
        /// The option's environment variable (``OptionSpec/secretEnvironment``), named.
        case environment(String)
    }

    /// Replaces the value of every secret option (``OptionSpec/secretEnvironment``) that names
    /// where the secret is with the secret itself, read by `read(option, source)`: `@PATH` and
    /// `--NAME-file PATH` (a file), `-` (a line of standard input), and for a numbered key
    /// `N=@PATH` and `N=-` (the key part only). A secret option not given at all takes its
    /// environment variable, when set and not empty: an option on the command line, in any form,
    /// wins over the environment. Refuses, as a usage error, an option given both as itself and
    /// as its file form, and standard input read twice (two options, or an option and an input
    /// that is `-`).
    public mutating func resolveSecrets(
        environment: [String: String], read: (_ option: String, _ source: SecretSource) throws -> String
    ) throws {
        let secrets = declared.filter(\.isSecret)
        guard !secrets.isEmpty else { return }
        var readers: [String] = []
        var sources: [(index: Int, option: OptionSpec, prefix: String, source: SecretSource)] = []
        for index in occurrences.indices {
            let occurrence = occurrences[index]
            guard let value = occurrence.value else { continue }
            if let base = secrets.first(where: { $0.secretFileForm?.name == occurrence.spec.name }) {
                sources.append((index, base, "", value == "-" ? .standardInput : .file(value)))
                if value == "-" { readers.append(base.name) }
                continue
            }
            guard occurrence.spec.isSecret else { continue }
            var prefix = ""
            var rest = Substring(value)
            if let equals = value.firstIndex(of: "="), !value[..<equals].isEmpty,
                value[..<equals].allSatisfy(\.isNumber)
            {
                prefix = String(value[...equals])
                rest = value[value.index(after: equals)...]
            }
            if rest == "-" {
                sources.append((index, occurrence.spec, prefix, .standardInput))
                readers.append(occurrence.spec.name)
            } else if rest.hasPrefix("@"), rest.count > 1 {
                sources.append((index, occurrence.spec, prefix, .file(String(rest.dropFirst()))))
            }
        }
        if readers.count > 1 {
            throw UsageError(
                "Only one option may read standard input; \(readers.joined(separator: " and ")) both ask for it (-). Give the others as @FILE or in the environment.",
                command: command)
        }
        if let reader = readers.first {
            let others =
                positionals.filter { $0 == "-" }.count
                + occurrences.filter { $0.value == "-" && !$0.spec.isSecret }.count
            if others > 0 {
                throw UsageError(
                    "\(reader) - reads its key from standard input, which this command also reads its input from; give the key as \(reader)-file FILE or in the environment.",
                    command: command)
            }
        }
        for secret in secrets where !secret.repeatable {
            let given = occurrences.filter {
                $0.spec.name == secret.name || $0.spec.name == secret.secretFileForm?.name
            }
            if Set(given.map(\.spec.name)).count > 1 {
                throw UsageError(
                    "Give \(secret.name) once: as \(secret.name) or as \(secret.name)-file.", command: command)
            }
        }
        for (index, option, prefix, source) in sources {
            let secret = try read(option.name, source)
            occurrences[index] = Occurrence(
                spec: option, spelling: option.name, value: prefix + secret, taken: occurrences[index].taken)
        }
        for secret in secrets where !occurrences.contains(where: { $0.spec.name == secret.name }) {
            guard let name = secret.secretEnvironment, let value = environment[name], !value.isEmpty else { continue }
            let text = try read(secret.name, .environment(name))
            occurrences.append(Occurrence(spec: secret, spelling: secret.name, value: text, implicit: true))
        }
    }
}
