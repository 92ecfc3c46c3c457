import CommandLineKit
import SUN
import TapCardSupport

/// The keys `sun verify` checks URLs under, as given: a key pair (`--meta-key`, `--file-key`) or
/// a master key (`--master-key`, with `--diversification`, `--file-key-number` and
/// `--system-identifier`), and how the URLs are laid out (`--template`, `--mac-input-from`). A
/// batch line may bring its own keys; ``verifier(meta:file:master:)`` makes the verifier for
/// whichever keys apply.
struct SUNKeyOptions {
    var metaKey: String?
    var fileKey: String?
    var masterKey: String?
    var scheme: SUNDiversification = .sdmBackend
    var fileKeyNumber = 2
    var systemIdentifier: [UInt8] = []
    var pattern: SUNTemplatePattern?
    var macInputStart: SUNMACInputStart = .automatic

    static let options: [OptionSpec] = [
        .secret("--meta-key", "HEX32", environment: "TAPCARD_META_KEY", "The SDM meta-read key (decrypts PICCData)."),
        .secret(
            "--file-key", "HEX32", environment: "TAPCARD_FILE_KEY",
            "The SDM file-read key (the MAC and encrypted file data)."),
        .secret(
            "--master-key", "HEX32", environment: "TAPCARD_MASTER_KEY",
            "Derive each tag's keys from this master key (instead of the two keys)."),
        .value("--diversification", "SCHEME", "With --master-key: sdm-backend (default) or an10922."),
        .value("--file-key-number", "N", "With --master-key (sdm-backend): the file key's number, 0-4 (default 2)."),
        .value("--system-identifier", "HEX", "With --master-key (an10922): the bytes after the UID in the input."),
        .value("--template", "TEMPLATE", "The URL template the tag was set up with (other names, path style)."),
        .value("--mac-input-from", "WHERE", "Where the MAC input begins: auto, picc, url or a URL position."),
    ]

    /// Reads the options; refuses combinations that cannot mean one thing.
    static func parse(_ arguments: inout Arguments, command: String) throws -> SUNKeyOptions {
        var keys = SUNKeyOptions()
        keys.metaKey = try arguments.option("--meta-key")
        keys.fileKey = try arguments.option("--file-key")
        keys.masterKey = try arguments.option("--master-key")
        if let text = try arguments.option("--diversification") {
            guard let scheme = SUNDiversification(rawValue: text) else {
                throw UsageError(
                    "--diversification takes sdm-backend or an10922, not \(TerminalText.escape(text)).",
                    command: command)
            }
            keys.scheme = scheme
        }
        let number = try arguments.integer("--file-key-number")
        let identifier = try arguments.option("--system-identifier")
        if keys.masterKey == nil {
            for (given, name) in [
                (number != nil, "--file-key-number"), (identifier != nil, "--system-identifier"),
                (keys.scheme != .sdmBackend, "--diversification"),
            ] where given {
                throw UsageError("\(name) only matters with --master-key.", command: command)
            }
        } else if keys.fileKey != nil {
            throw UsageError(
                "--master-key derives the file key from each tag's UID; leave out --file-key.", command: command)
        } else if keys.metaKey != nil && keys.scheme == .sdmBackend {
            throw UsageError(
                "sdm-backend's scheme derives the meta key from the master key too; leave out --meta-key (or use --diversification an10922).",
                command: command)
        }
        if let number {
            guard (0...4).contains(number) else {
                throw UsageError("--file-key-number is \(number); NTAG 424 DNA keys are 0 to 4.", command: command)
            }
            guard keys.scheme == .sdmBackend else {
                throw UsageError(
                    "--file-key-number is part of sdm-backend's derivation; AN10922's input is the UID and --system-identifier.",
                    command: command)
            }
            keys.fileKeyNumber = number
        }
        if let identifier {
            guard keys.scheme == .an10922 else {
                throw UsageError(
                    "--system-identifier is part of AN10922's input; add --diversification an10922.", command: command)
            }
            guard let bytes = try? Hex.decode(identifier), bytes.count <= 24 else {
                throw UsageError(
                    "--system-identifier takes up to 24 bytes of hex (AN10922's input is at most 31 bytes, 7 of them the UID).",
                    command: command)
            }
            keys.systemIdentifier = bytes
        }
        keys.pattern = try arguments.option("--template").map { text throws(SUNTemplateError) in
            try SUNTemplatePattern(text)
        }
        keys.macInputStart = try MACInputOption.parse(&arguments, command: command)
        return keys
    }

    /// True when some key is given on the command line.
    var hasKeys: Bool { masterKey != nil || metaKey != nil || fileKey != nil }

    /// The verifier for a line's keys (`nil` where the line names none): a line's master key, or
    /// its key pair completed from the options, or the options' own keys.
    func verifier(meta: String?, file: String?, master: String?) throws(SUNError) -> SUNVerifier {
        if let master {
            return SUNVerifier(
                derivation: try derivation(master: master, meta: meta), pattern: pattern, macInputStart: macInputStart)
        }
        if meta == nil, file == nil, let masterKey {
            return SUNVerifier(
                derivation: try derivation(master: masterKey, meta: metaKey), pattern: pattern,
                macInputStart: macInputStart)
        }
        guard let meta = meta ?? metaKey else {
            throw .malformedURL(reason: "no meta key: give --meta-key (or --master-key), or \"meta_key\" on the line")
        }
        guard let file = file ?? fileKey else {
            throw .malformedURL(reason: "no file key: give --file-key (or --master-key), or \"file_key\" on the line")
        }
        return try SUNVerifier(
            metaKey: try Self.key(meta, name: "meta key"), fileKey: try Self.key(file, name: "file key"),
            pattern: pattern, macInputStart: macInputStart)
    }

    /// The prepared derivation of `master` (with AN10922's separate meta key, when given).
    func derivation(master: String, meta: String?) throws(SUNError) -> SUNKeyDerivation {
        try SUNKeyDerivation(
            masterKey: try Self.key(master, name: "master key"), scheme: scheme, fileKeyNumber: fileKeyNumber,
            metaKey: try meta.map { text throws(SUNError) in try Self.key(text, name: "meta key") },
            systemIdentifier: systemIdentifier)
    }

    /// A key given as text: 16 bytes of hex, or `key-length`.
    static func key(_ text: String, name: String) throws(SUNError) -> [UInt8] {
        guard let bytes = try? Hex.decode(text) else { throw .keyNotHex(name: name) }
        guard bytes.count == 16 else { throw .keyLength(name: name, bytes: bytes.count) }
        return bytes
    }
}
