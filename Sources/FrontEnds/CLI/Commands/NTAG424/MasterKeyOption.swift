import CommandLineKit
import SUN
import TapCardSupport

/// `--master-key HEX32 [--diversification S] [--system-identifier HEX]` on the commands that set
/// a tag up (`ntag424 keys`, `ntag424 sdm setup`): the tag's keys derive from the master key and
/// its UID the way `sun verify --master-key` derives them, so a backend verifies with the master
/// key alone.
struct MasterKeyOption {
    var master: [UInt8]
    var scheme: SUNDiversification
    var systemIdentifier: [UInt8]

    static let options: [OptionSpec] = [
        .secret(
            "--master-key", "HEX32", environment: "TAPCARD_MASTER_KEY",
            "Derive the tag's keys from this master key and its UID."),
        .value("--diversification", "SCHEME", "With --master-key: sdm-backend (default) or an10922."),
        .value("--system-identifier", "HEX", "With --master-key (an10922): the bytes after the UID in the input."),
    ]

    /// The option, or `nil` when `--master-key` is not given (its companions are then refused).
    static func parse(_ arguments: inout Arguments, command: String) throws -> MasterKeyOption? {
        let text = try arguments.option("--master-key")
        let schemeText = try arguments.option("--diversification")
        let identifierText = try arguments.option("--system-identifier")
        guard let text else {
            if schemeText != nil || identifierText != nil {
                throw UsageError(
                    "--diversification and --system-identifier only matter with --master-key.", command: command)
            }
            return nil
        }
        let master = try KeyInputError.key(text, option: "--master-key")
        var scheme = SUNDiversification.sdmBackend
        if let schemeText {
            guard let chosen = SUNDiversification(rawValue: schemeText) else {
                throw UsageError(
                    "--diversification takes sdm-backend or an10922, not \(TerminalText.escape(schemeText)).",
                    command: command)
            }
            scheme = chosen
        }
        var identifier: [UInt8] = []
        if let identifierText {
            guard scheme == .an10922 else {
                throw UsageError(
                    "--system-identifier is part of AN10922's input; add --diversification an10922.", command: command)
            }
            guard let bytes = try? Hex.decode(identifierText), bytes.count <= 24 else {
                throw UsageError(
                    "--system-identifier takes up to 24 bytes of hex (AN10922's input is at most 31 bytes, 7 of them the UID).",
                    command: command)
            }
            identifier = bytes
        }
        return MasterKeyOption(master: master, scheme: scheme, systemIdentifier: identifier)
    }

    /// The derivation for a tag whose meta and file keys are `metaKeyNumber` and `fileKeyNumber`
    /// (AN10922's meta key, which cannot be diversified, is `metaKey` when given).
    func derivation(metaKeyNumber: Int, fileKeyNumber: Int, metaKey: [UInt8]? = nil) throws(SUNError)
        -> SUNKeyDerivation
    {
        try SUNKeyDerivation(
            masterKey: master, scheme: scheme, fileKeyNumber: fileKeyNumber, metaKeyNumber: metaKeyNumber,
            metaKey: scheme == .an10922 ? metaKey : nil, systemIdentifier: systemIdentifier)
    }

    /// The tag's UID as the derivation needs it: 7 bytes, or a refusal naming what was read.
    static func uid(_ uid: [UInt8]?, command: String) throws -> [UInt8] {
        guard let uid, uid.count == 7 else {
            throw UsageError(
                "--master-key derives the keys from the tag's 7-byte UID; this tag answered \(uid.map { "a \($0.count)-byte UID" } ?? "no UID") (a random ID?).",
                command: command)
        }
        return uid
    }
}
