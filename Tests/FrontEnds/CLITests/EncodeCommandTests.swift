import CommandLineKit
import Foundation
import NDEF
import TapCardSupport
import Testing

@testable import TapCardCLI

@Suite("tapcard encode")
struct EncodeCommandTests {
    private func encode(_ arguments: [String]) async -> (Int32, String, String) {
        let io = CheckedIO()
        let status = await CLI.run(["encode"] + arguments, io: io)
        return (status, io.outputText, io.errorOutput)
    }

    @Test("uri: the ndeflib vector for https://example.com, as lowercase hex")
    func uri() async {
        let (status, out, _) = await encode(["uri", "https://example.com"])
        #expect(status == 0)
        #expect(out == "d1010c55046578616d706c652e636f6d\n")
    }

    @Test("text with --lang and --utf16 (the ndeflib UTF-16 vector)")
    func text() async {
        #expect(await encode(["text", "Hello"]).1 == "d101085402656e48656c6c6f\n")
        #expect(await encode(["text", "Hi", "--utf16"]).1 == "d101095482656efffe48006900\n")
        #expect(await encode(["text", "Salut", "--lang", "fr"]).1.hasPrefix("d1010854026672"))
    }

    @Test("smartposter refuses two titles in one language (RTD-SP 1.0), compared case-insensitively: exit 65")
    func smartPosterDuplicateTitleLanguage() async {
        for titles in [
            ["--title", "A", "--title", "B"], ["--title", "en=A", "--title", "EN=B"],
            ["--title", "fr=A", "--title", "B", "--lang", "fr"],
        ] {
            let (status, out, err) = await encode(["smartposter", "https://example.com"] + titles)
            #expect(status == 65, "\(titles)")
            #expect(out.isEmpty, "\(titles)")
            #expect(err.contains("at most one title per language"), "\(titles)")
        }
        #expect(await encode(["smartposter", "https://example.com", "--title", "A", "--title", "fr=B"]).0 == 0)
    }

    @Test("--title L=TEXT: only a language tag before '=' names the language; other text stays in the title")
    func smartPosterTitleLanguagePrefix() async throws {
        let cases: [(String, String, String)] = [
            ("fr=Bonjour", "fr", "Bonjour"), ("fr-CA=Allo", "fr-CA", "Allo"), ("zh-Hant-TW=你好", "zh-Hant-TW", "你好"),
            ("Sale=50% off", "en", "Sale=50% off"), ("Tickets=free", "en", "Tickets=free"), ("=x", "en", "=x"),
            ("en-=x", "en", "en-=x"), ("1a=x", "en", "1a=x"),
        ]
        for (title, language, text) in cases {
            let (status, out, _) = await encode(["smartposter", "https://example.com", "--title", title])
            #expect(status == 0, "\(title)")
            let hex = out.trimmingCharacters(in: .whitespacesAndNewlines)
            let message = try NDEFMessage.decode(try Hex.decode(hex))
            guard case .smartPoster(let poster) = message.records[0].view else {
                Issue.record("not a smart poster: \(title)")
                continue
            }
            #expect(poster.titles.map(\.language) == [language], "\(title)")
            #expect(poster.titles.map(\.text) == [text], "\(title)")
        }
    }

    @Test("Several records separated by '+' give one message with MB on the first and ME on the last")
    func multiRecord() async throws {
        let (status, out, _) = await encode([
            "uri", "tel:1", "+", "text", "a", "--lang", "de", "+", "aar", "com.example", "--id", "k",
        ])
        #expect(status == 0)
        let message = try NDEFMessage.decode(Hex.decode(out))
        #expect(
            message.records == [
                .uri("tel:1"), .text("a", language: "de"),
                NDEFRecord(tnf: .external, type: "android.com:pkg", id: [0x6B], payload: Array("com.example".utf8)),
            ])
    }

    @Test("smartposter with titles by language and an action")
    func smartPoster() async throws {
        let (_, out, _) = await encode([
            "smartposter", "https://example.com", "--title", "Example", "--title", "fr=Exemple", "--action", "do",
        ])
        let record = try NDEFMessage.decode(Hex.decode(out)).records[0]
        #expect(
            record == .smartPoster(uri: "https://example.com", titles: ["en": "Example", "fr": "Exemple"], action: .do))
    }

    @Test("mime from a file, --text or --hex; external; absolute-uri; empty")
    func otherKinds() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-encode-\(getpid()).vcf")
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nEND:VCARD\r\n"
        try Data(card.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let (status, out, _) = await encode(["mime", "text/vcard", "--file", path.path])
        #expect(status == 0)
        // The ndeflib vCard vector: 78 bytes starting D2 0A 41 "text/vcard".
        #expect(out.hasPrefix("d20a41746578742f7663617264424547"))
        #expect(out.count == 78 * 2 + 1)
        #expect(
            try NDEFMessage.decode(Hex.decode(await encode(["mime", "text/plain", "--text", "hi"]).1)).records
                == [.mime(type: "text/plain", payload: Array("hi".utf8))])
        #expect(
            try NDEFMessage.decode(Hex.decode(await encode(["external", "example.com:t", "--hex", "01 02"]).1)).records
                == [.external(type: "example.com:t", payload: [1, 2])])
        #expect(
            try NDEFMessage.decode(Hex.decode(await encode(["absolute-uri", "https://e.com/t"]).1)).records
                == [.absoluteURI("https://e.com/t")])
        #expect(await encode(["empty"]).1 == "d00000\n")
        #expect(await encode(["mime", "text/plain", "--file", "/nonexistent/file"]).0 == ExitStatus.noInput.rawValue)
    }

    @Test("wifi: a WSC token; decode --json shows its network")
    func wifi() async throws {
        let (status, out, _) = await encode(["wifi", "HomeNet", "--key", "secret123"])
        #expect(status == 0)
        #expect(try NDEFMessage.decode(Hex.decode(out)).records == [.wifi(ssid: "HomeNet", networkKey: "secret123")])
        let io = CheckedIO()
        #expect(await CLI.run(["decode", "--json", out], io: io) == 0)
        #expect(
            io.outputText.contains(
                #""view":{"kind":"wifi","mime":"application/vnd.wfa.wsc","ssid":"HomeNet","auth":"WPA2-Personal","encryption":"AES","key":"secret123"}"#
            ))
        let open = await encode(["wifi", "Guest"]).1
        #expect(
            try NDEFMessage.decode(Hex.decode(open)).records == [
                .wifi(ssid: "Guest", authentication: .open, encryption: .none)
            ])
        #expect(await encode(["wifi", "X", "--auth", "wpa9"]).0 == 64)
    }

    @Test("--raw writes the bytes themselves")
    func raw() async {
        let io = CheckedIO()
        #expect(await CLI.run(["encode", "--raw", "uri", "https://example.com"], io: io) == 0)
        #expect(io.output == NDEFMessage(records: [.uri("https://example.com")]).encoded())
    }

    @Test("Usage errors exit 64: no record, unknown kind, missing data, bad action, empty group, missing or extra word")
    func usageErrors() async {
        for arguments in [
            [], ["bogus", "x"], ["mime", "text/plain"], ["smartposter", "u:", "--action", "run"], ["uri", "a:", "+"],
            ["uri"], ["uri", "a:", "extra"], ["tel"], ["geo", "1"], ["bluetooth"], ["sms", "+1", "--subject", "x"],
        ] {
            let (status, out, err) = await encode(arguments)
            #expect(status == 64, "\(arguments)")
            #expect(out.isEmpty)
            #expect(err.hasPrefix("error: "))
        }
    }

    @Test("--help documents the multi-record syntax")
    func help() async {
        let (status, out, _) = await encode(["--help"])
        #expect(status == 0)
        #expect(out.contains("RECORD [+ RECORD]"))
        #expect(out.contains("smartposter URI"))
    }
}
