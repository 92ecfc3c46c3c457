import Foundation
import Testing

/// One URI character rule (issue 39, item 4), for what is encoded and what is decoded: white
/// space of every kind (a no-break or typographic space looks like a space or like nothing) and
/// every character unsafe to show, format characters included. `encode uri` and
/// `encode absolute-uri` used to differ on U+00A0 and U+2000–U+200A (the first refused only
/// U+0020), the interlinear annotation marks U+FFF9–U+FFFB passed everywhere, and
/// `decode --strict` accepted a space or a zero-width space inside a smart poster's URI.
@Suite struct URICharacterRuleTests {
    /// Characters the one rule refuses, none of them a control or bidi character.
    static let refused: [String] = ["\u{00A0}", "\u{2000}", "\u{2009}", "\u{3000}", "\u{FFF9}", "\u{FFFB}", " "]

    @Test("Every encoder of a URI refuses the same characters, 65", arguments: refused)
    func everyEncoderRefuses(character: String) async {
        let uri = "https://exa\(character)mple.com/"
        for arguments in [
            ["encode", "uri", uri], ["encode", "absolute-uri", uri], ["encode", "smartposter", uri],
            ["card", "--name", "X", "--link", uri, "--as", "url"],
        ] {
            let result = await CLIHome.run(arguments, home: FileManager.default.temporaryDirectory.path)
            #expect(result.status == 65, "\(arguments): \(result.err)")
        }
    }

    /// A URI record's payload (prefix 04, `https://`) holding `rest`.
    static func uriRecord(_ rest: String, first: Bool = true, last: Bool = true) -> [UInt8] {
        let payload = [UInt8(0x04)] + Array(rest.utf8)
        return [(first ? 0x80 : 0) | (last ? 0x40 : 0) | 0x11, 0x01, UInt8(payload.count), 0x55] + payload
    }

    @Test(
        "decode --strict refuses a refused character in a URI record and in a smart poster's URI",
        arguments: ["exa mple.com/", "exa\u{200B}mple.com/", "exa\u{00A0}mple.com/", "example.com/\u{FFF9}x"])
    func strictDecodeRefusesNested(rest: String) async {
        let plain = Self.uriRecord(rest)
        let poster = Self.uriRecord(rest)
        let smartPoster = [UInt8(0xD1), 0x02, UInt8(poster.count), 0x53, 0x70] + poster
        for message in [plain, smartPoster] {
            let hex = message.map { String(format: "%02x", $0) }.joined()
            let home = FileManager.default.temporaryDirectory.path
            let lenient = await CLIHome.run(["decode", hex], home: home)
            #expect(lenient.status == 0, "\(hex): \(lenient.err)")
            let strict = await CLIHome.run(["decode", hex, "--strict"], home: home)
            #expect(strict.status == 65, "\(hex): \(strict.out) \(strict.err)")
            #expect(strict.err.contains("RFC 3986 §2"), "\(hex): \(strict.err)")
        }
    }

    @Test("A URI of letters from any script, and percent-escaped spaces, still pass")
    func goodURIsPass() async {
        for uri in ["https://例え.jp/パス", "https://x.example/a%20b", "https://bücher.example/ü"] {
            let result = await CLIHome.run(["encode", "uri", uri], home: FileManager.default.temporaryDirectory.path)
            #expect(result.status == 0, "\(uri): \(result.err)")
        }
    }
}
