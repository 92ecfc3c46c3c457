import CommandLineKit
import Foundation
import NDEF
import TapCardCLI
import TapCardSupport
import Testing

/// Issue 26, item 2: every line of text a command prints goes through the escaping printer. A tag
/// holding hostile records (a right-to-left override in a URI, an escape sequence, a bell and a
/// line separator in a text, a MIME type with a control character) is read by every command that
/// shows a tag's content, with standard output and standard error taken for a terminal: no
/// control or bidi character reaches it raw. Before, `decode HEX` wrote the override as itself.
@Suite struct HostileTextOnTerminalTests {
    static let hostile = NDEFMessage(records: [
        NDEFRecord(tnf: .wellKnown, type: "U", payload: [0x04] + Array("evil\u{202E}moc.elgoog/x".utf8)),
        NDEFRecord(
            tnf: .wellKnown, type: "T", payload: [0x02] + Array("en".utf8) + Array("\u{1B}[31mred\u{07}\u{2028}x".utf8)),
        NDEFRecord(tnf: .media, type: Array("text/x\u{1B}y".utf8), payload: Array("\u{1B}]0;title\u{07}".utf8)),
    ])

    @Test func noRawControlOrBidiReachesTheTerminal() async throws {
        let home = try CLIHome("hostile")
        defer { home.remove() }
        let tag = try await home.newTag("ntag216", "t.nfc")
        let hex = Hex.encode(Self.hostile.encoded())
        let written = await home.run(["write", "ndef", hex, "--tag", tag], terminal: true).io
        #expect(!written.errorOutput.contains("error:"), "\(written.errorOutput)")
        let lines: [[String]] = [
            ["write", "ndef", hex, "--tag", tag], ["read", "--tag", tag], ["info", "--tag", tag],
            ["decode", hex], ["decode", hex, "--json"], ["read", "--tag", tag, "--json"], ["tags"],
            ["sim", "show", tag], ["erase", "--tag", tag],
        ]
        for line in lines {
            let io = await home.run(line, terminal: true).io
            for (stream, text) in [("stdout", io.outputText), ("stderr", io.errorOutput)] {
                let raw = text.unicodeScalars.filter { $0 != "\n" && TerminalText.isUnsafe($0) }
                #expect(raw.isEmpty, "\(line) \(stream): \(raw.map { String($0.value, radix: 16) })")
            }
        }
    }
}
