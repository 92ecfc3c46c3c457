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

    private func run(_ arguments: [String], home: String) async -> CheckedIO {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home, "NO_COLOR": "1"], terminal: true)
        _ = await CLI.run(arguments, io: io)
        return io
    }

    @Test func noRawControlOrBidiReachesTheTerminal() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let home = url.path
        let tag = home + "/t.nfc"
        let hex = Hex.encode(Self.hostile.encoded())
        _ = await run(["sim", "new", "ntag216", tag], home: home)
        let written = await run(["write", "ndef", hex, "--tag", tag], home: home)
        #expect(!written.errorOutput.contains("error:"), "\(written.errorOutput)")
        let lines: [[String]] = [
            ["write", "ndef", hex, "--tag", tag], ["read", "--tag", tag], ["info", "--tag", tag],
            ["decode", hex], ["decode", hex, "--json"], ["read", "--tag", tag, "--json"], ["tags"],
            ["sim", "show", tag], ["erase", "--tag", tag],
        ]
        for line in lines {
            let io = await run(line, home: home)
            for (stream, text) in [("stdout", io.outputText), ("stderr", io.errorOutput)] {
                let raw = text.unicodeScalars.filter { $0 != "\n" && TerminalText.isUnsafe($0) }
                #expect(raw.isEmpty, "\(line) \(stream): \(raw.map { String($0.value, radix: 16) })")
            }
        }
    }
}
