import CommandLineKit
import NDEF
import TagEmulator
import TagWorkflows
import TapCardSupport

/// The options of `write` and `erase` (verification, the simulated tear, the page password, an
/// NTAG 424 DNA's application keys), and the text of a Type 2 write.
enum TagWriteRunner {
    struct Options {
        var json = false
        var verify = true
        var tearAfter: Int?
        var tearMode: TearMode = .notDelivered
        var password = PasswordOptions()
        /// `--auth-key N=HEX32`: keys offered for an NTAG 424 DNA NDEF file whose write access is a key.
        var applicationKeys: [UInt8: [UInt8]] = [:]
    }

    static let options: [OptionSpec] =
        [
            .json, .flag("--no-verify", "Do not read the tag back after writing."),
            .secret(
                "--auth-key", "HEX32|N=HEX32", environment: "TAPCARD_AUTH_KEY", repeatable: true,
                "The tag's 16-byte key (Type 2), or NTAG 424 DNA application key N (repeatable)."),
        ] + TearOptions.options + PasswordOptions.passwordOptions

    static let tearHelpLines = """
          --no-verify              Do not read the tag back after writing.
          --simulate-tear-after N  (virtual tags) Let exactly N commands complete, then take the
                                   tag out of the field; the command fails and says whether the
                                   tag holds the old message, an empty one or the new one.
          --tear-mode MODE         How the torn command fails: not-delivered (default), reply-lost
                                   (it ran, its answer was lost) or corrupted-write (a page write
                                   left half-programmed).
          --auth-key N=HEX32       (NTAG 424 DNA) Key N, for an NDEF file whose write access is a
                                   key (after 'ntag424 sdm setup': key 0). TapCard authenticates
                                   with it (AuthenticateEV2First) and writes with WriteData; the
                                   read-back is in the same session. Never printed. (Not --key:
                                   in 'write wifi', --key is the network key.)
        """

    /// Takes the write options from `arguments`.
    static func options(_ arguments: inout Arguments) throws -> Options {
        var options = Options()
        options.json = arguments.flag("--json")
        options.verify = !arguments.flag("--no-verify")
        options.password = try PasswordOptions.parse(&arguments, takesNumberedKeys: true)
        let numbered = try NTAG424Targets.numberedKeys(
            options.password.numberedKeyTexts, "--auth-key", command: arguments.command)
        for (number, key) in numbered {
            options.applicationKeys[UInt8(number)] = key
        }
        let tear = try TearOptions.parse(&arguments)
        options.tearAfter = tear.after
        options.tearMode = tear.mode
        return options
    }

    /// The text of a completed Type 2 write.
    static func lines(_ report: WriteReport, path: String) -> [String] {
        var lines = [
            "Tag: \(path)",
            "Chip: \(TagText.chip(report.identification))",
            "\(TagText.wrote(report.messageBytes, nothingWritten: report.writes.isEmpty)); the tag holds at most \(TagText.capacity(report.capacity)).",
        ]
        if report.writes.isEmpty {
            lines.append("The tag already held this message: nothing was written.")
        } else {
            let order =
                report.writes.contains { $0.role == .clearLength }
                ? "the length page twice: cleared first, committed last"
                : "the length page last, which commits the message"
            let pages = report.pagesWritten
            lines.append(
                "\(report.writes.count) page \(report.writes.count == 1 ? "write" : "writes") to \(pages.count == 1 ? "page" : "pages") \(TagText.pageRanges(pages)) (only pages whose content changed; \(order))."
            )
        }
        lines += TagText.writeCheck(
            report, readBack: { "back \(TagText.pagePhrase(TagText.readBackPages($0))) after the last write" },
            subject: "the \(report.messageBytes)-byte message on the tag", alreadySuffix: "; no read-back was needed")
        return lines
    }
}
