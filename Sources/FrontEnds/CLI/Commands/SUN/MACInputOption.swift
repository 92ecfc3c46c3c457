import CommandLineKit
import SUN

/// `--mac-input-from WHERE`, shared by `sun verify` and `ntag424 sdm setup` so both read the same
/// spellings: `auto`, `picc`, `url` or a position of the URL.
enum MACInputOption {
    static func parse(_ arguments: inout Arguments, command: String) throws -> SUNMACInputStart {
        guard let text = try arguments.option("--mac-input-from") else { return .automatic }
        guard let start = SUNMACInputStart(argument: text) else {
            throw UsageError(
                "--mac-input-from takes auto, picc, url or a position of the URL (0 or more), not \(TerminalText.escape(text)).",
                command: command)
        }
        return start
    }
}
