/// A hand-written command-line reader: options may come in any order, as `--name value` or
/// `--name=value`; `--` ends options. A command takes what it knows and then calls
/// ``finish()``, which rejects anything left over, so a typo is a usage error rather than silence.
public struct Arguments: Sendable {
    private var tokens: [String]
    /// The command path so far (e.g. "sim new"), used in usage messages.
    public let command: String

    public init(_ tokens: [String], command: String) {
        self.tokens = tokens
        self.command = command
    }

    /// True when `--help` or `-h` is present (before any `--`).
    public var wantsHelp: Bool {
        for token in tokens {
            if token == "--" { return false }
            if token == "--help" || token == "-h" { return true }
        }
        return false
    }

    /// Removes and reports a boolean flag (any of `names`).
    public mutating func flag(_ names: String...) -> Bool {
        var found = false
        var index = 0
        while index < tokens.count {
            if tokens[index] == "--" { break }
            if names.contains(tokens[index]) {
                tokens.remove(at: index)
                found = true
            } else {
                index += 1
            }
        }
        return found
    }

    /// Removes and returns the last value of an option, or `nil` when absent.
    public mutating func option(_ names: String...) throws(UsageError) -> String? {
        try takeValues(names).last
    }

    /// Removes and returns every value of a repeatable option, in order.
    public mutating func options(_ names: String...) throws(UsageError) -> [String] {
        try takeValues(names)
    }

    /// Like ``option(_:)`` but parses an integer.
    public mutating func integer(_ names: String...) throws(UsageError) -> Int? {
        guard let text = try takeValues(names).last else { return nil }
        guard let value = Int(text) else {
            throw UsageError("\(names[0]) takes a whole number, not '\(text)'.", command: command)
        }
        return value
    }

    /// Removes and returns the next positional argument (not starting with `--`), or `nil`.
    /// A lone `-` is positional (it means standard input).
    public mutating func positional() -> String? {
        var index = 0
        var afterDashDash = false
        while index < tokens.count {
            let token = tokens[index]
            if !afterDashDash && token == "--" {
                afterDashDash = true
                tokens.remove(at: index)
                continue
            }
            if afterDashDash || token == "-" || !token.hasPrefix("-") || Self.looksNumeric(token) {
                tokens.remove(at: index)
                return token
            }
            index += 1
        }
        return nil
    }

    /// Like ``positional()`` but a missing argument is a usage error naming `what`.
    public mutating func requiredPositional(_ what: String) throws(UsageError) -> String {
        guard let value = positional() else {
            throw UsageError("Missing \(what).", command: command)
        }
        return value
    }

    /// Every remaining positional argument, in order.
    public mutating func remainingPositionals() -> [String] {
        var result: [String] = []
        while let next = positional() { result.append(next) }
        return result
    }

    /// The raw tokens not yet consumed (for commands that parse their own sub-syntax).
    public var remaining: [String] { tokens }

    /// Removes every remaining token and returns them.
    public mutating func takeAll() -> [String] {
        defer { tokens = [] }
        return tokens
    }

    /// Rejects any token nobody consumed.
    public func finish() throws(UsageError) {
        guard let first = tokens.first(where: { $0 != "--" }) else { return }
        if first.hasPrefix("-") {
            throw UsageError("Unknown option '\(first)'.", command: command)
        }
        throw UsageError("Unexpected argument '\(first)'.", command: command)
    }

    private mutating func takeValues(_ names: [String]) throws(UsageError) -> [String] {
        var values: [String] = []
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token == "--" { break }
            if names.contains(token) {
                guard index + 1 < tokens.count, tokens[index + 1] != "--" else {
                    throw UsageError("\(token) needs a value.", command: command)
                }
                values.append(tokens[index + 1])
                tokens.removeSubrange(index...(index + 1))
                continue
            }
            if let eq = token.firstIndex(of: "="), names.contains(String(token[..<eq])) {
                values.append(String(token[token.index(after: eq)...]))
                tokens.remove(at: index)
                continue
            }
            index += 1
        }
        return values
    }

    private static func looksNumeric(_ token: String) -> Bool {
        token.count > 1 && token.hasPrefix("-") && Int(token) != nil
    }
}
