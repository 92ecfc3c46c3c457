import CommandLineKit
import TapCardSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where every key and password option (``OptionSpec/secretEnvironment``) takes its secret from
/// when it is not typed on the command line, where `ps`, `/proc/PID/cmdline` and shell history
/// show it: a file (`@PATH`, `--NAME-file PATH`), a line of standard input (`-`) or the option's
/// environment variable. The dispatcher resolves them all before a command runs
/// (``Arguments/resolveSecrets(environment:read:)``), so every option gets every form and the
/// commands parse the key as they always did. The secret itself never appears in a message.
///
/// A key file is followed through symbolic links (secret stores such as Kubernetes' mount keys
/// as links), and the file it reaches is the one judged: a regular file that neither group nor
/// others may read (mode 0600 or 0400), holding one line.
enum SecretInput {
    /// The longest key file read: a key or password is a line of hex, far shorter.
    static let largestFile = 4096

    /// The secret `source` holds for `option`.
    static func read(option: String, source: Arguments.SecretSource, io: some CommandIO) throws -> String {
        switch source {
        case .standardInput:
            guard let line = io.readLine() else { throw SecretInputError.standardInputEnded(option: option) }
            let text = trimmed(line)
            guard !text.isEmpty else { throw SecretInputError.standardInputEnded(option: option) }
            return text
        case .environment(let name):
            let text = trimmed(io.environment[name] ?? "")
            guard !text.contains("\n") else { throw SecretInputError.environmentLines(option: option, variable: name) }
            return text
        case .file(let path):
            return try file(path, option: option)
        }
    }

    /// The one line of the key file at `path`, after its kind and mode were checked on the open
    /// descriptor itself (no window for a swap between the check and the read).
    static func file(_ path: String, option: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw SecretInputError.unreadable(option: option, path: path, reason: SystemErrorText.reason(errno))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw SecretInputError.unreadable(option: option, path: path, reason: SystemErrorText.reason(errno))
        }
        let type = UInt32(status.st_mode) & 0o170000
        guard type == 0o100000 else {
            throw SecretInputError.unreadable(
                option: option, path: path, reason: type == 0o040000 ? "it is a directory" : "it is not a regular file")
        }
        let permissions = UInt32(status.st_mode) & 0o7777
        if permissions & 0o044 != 0 {
            throw SecretInputError.openToOthers(option: option, path: path, mode: permissions)
        }
        guard Int(status.st_size) <= largestFile else {
            throw SecretInputError.notOneLine(option: option, path: path, reason: "it has \(status.st_size) bytes")
        }
        let bytes: [UInt8]
        switch DescriptorReader.readAll(descriptor) {
        case .success(let read): bytes = read
        case .failure(let failure):
            throw SecretInputError.unreadable(option: option, path: path, reason: SystemErrorText.reason(failure.code))
        }
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            trimmed(String($0))
        }
        .filter { !$0.isEmpty }
        guard lines.count == 1 else {
            throw SecretInputError.notOneLine(
                option: option, path: path, reason: lines.isEmpty ? "it is empty" : "it has \(lines.count) lines")
        }
        return lines[0]
    }

    /// `text` without the spaces, tabs and line ends around it (an editor's final newline).
    static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// The paragraph a command's `--help` ends with when it takes a key or a password: every form
    /// of each, and its environment variable.
    static func help(for options: [OptionSpec]) -> String {
        let secrets = options.filter(\.isSecret)
        guard !secrets.isEmpty else { return "" }
        var lines = [
            "",
            "Keys and passwords: a value typed on the command line is seen by ps and kept in shell",
            "history. Each of these options also takes it from a file, @FILE or --NAME-file FILE (one",
            "line; refused when group or others may read the file: chmod 600), from standard input, -",
            "(one line; one option per command), or from its environment variable when the option is",
            "not given (an option on the command line, in any form, wins over the environment):",
        ]
        for secret in secrets {
            let name = secret.name
            lines.append(
                "  \(name) @FILE | \(name)-file FILE | \(name) - | $\(secret.secretEnvironment ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// A key or password that could not be taken from where its option said. The secret is never
/// part of the sentence.
enum SecretInputError: TapCardError, Equatable {
    /// The key file does not exist or cannot be read (exit 66).
    case unreadable(option: String, path: String, reason: String)
    /// Group or others may read the key file: it is refused, as ssh refuses such a private key.
    case openToOthers(option: String, path: String, mode: UInt32)
    /// The key file is empty, too big, or holds more than one line.
    case notOneLine(option: String, path: String, reason: String)
    /// `-` was given but standard input held no line.
    case standardInputEnded(option: String)
    /// The environment variable holds more than one line.
    case environmentLines(option: String, variable: String)

    var origin: ErrorOrigin {
        switch self {
        case .unreadable: .platform
        case .openToOthers, .notOneLine, .standardInputEnded, .environmentLines: .input
        }
    }

    var sentence: String {
        switch self {
        case .unreadable(let option, let path, let reason):
            return "\(option): cannot read the key file \(path): \(reason). Nothing was sent."
        case .openToOthers(let option, let path, let mode):
            let octal = String(mode, radix: 8)
            let shown = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
            let who =
                mode & 0o040 != 0 && mode & 0o004 != 0
                ? "group and others can read it" : mode & 0o004 != 0 ? "others can read it" : "its group can read it"
            return
                "\(option): the key file \(path) has mode \(shown): \(who); chmod 600 \(path) and give it again. The key was not used and nothing was sent."
        case .notOneLine(let option, let path, let reason):
            return "\(option): the key file \(path) must hold the key on one line; \(reason). Nothing was sent."
        case .standardInputEnded(let option):
            return "\(option) -: standard input ended before a line with the key. Nothing was sent."
        case .environmentLines(let option, let variable):
            return "\(option): $\(variable) holds more than one line; it must hold the key alone. Nothing was sent."
        }
    }
}
