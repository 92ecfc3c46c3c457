import CommandLineKit
import TagEmulator

/// `--simulate-tear-after N` and `--tear-mode MODE`, for the commands that can tear a virtual
/// tag mid-operation (write, erase, protect, unprotect).
struct TearOptions {
    var after: Int?
    var mode = TearMode.notDelivered

    static let options: [OptionSpec] = [
        .value("--simulate-tear-after", "N", "(virtual tags) Take the tag away after N commands."),
        .value(
            "--tear-mode", "MODE", completion: .values(TearMode.allCases.map(\.rawValue)),
            "How the torn command fails: not-delivered, reply-lost or corrupted-write."),
    ]

    static func parse(_ arguments: inout Arguments) throws(UsageError) -> TearOptions {
        var options = TearOptions()
        options.after = try arguments.integer("--simulate-tear-after")
        if let count = options.after, count < 0 {
            throw UsageError("--simulate-tear-after takes a count of commands, 0 or more.", command: arguments.command)
        }
        if let mode = try arguments.option("--tear-mode") {
            guard let parsed = TearMode(rawValue: mode) else {
                throw UsageError(
                    "--tear-mode is not-delivered, reply-lost or corrupted-write, not '\(mode)'.",
                    command: arguments.command)
            }
            options.mode = parsed
        }
        return options
    }

    /// Refuses `--simulate-tear-after` on a tag that is not virtual (a reader's tag is taken away
    /// by hand): a wrong command line, before anything is sent.
    func requireField(_ tag: OpenedTag, command: String) throws(UsageError) {
        if after != nil, tag.fieldControl == nil {
            throw UsageError(
                "--simulate-tear-after works on virtual tags; on a reader, take the tag away yourself.",
                command: command)
        }
    }

    /// Runs `body` with the tear armed on `tag`'s field (when one was asked for), called off after.
    func arming<Result>(_ tag: OpenedTag, _ body: () async throws -> Result) async throws -> Result {
        if let after { tag.fieldControl?.tearAfter(commands: after, mode: mode) }
        defer { tag.fieldControl?.cancelTear() }
        return try await body()
    }
}
