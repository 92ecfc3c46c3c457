import CommandLineKit
import Foundation
import NDEF
import TapCardSupport
import Testing

@testable import TapCardCLI

@Suite("tapcard decode")
struct DecodeCommandTests {
    private func run(_ arguments: [String], input: [UInt8] = []) async -> (Int32, String, String) {
        let io = CheckedIO(input: input)
        let status = await CLI.run(arguments, io: io)
        return (status, io.outputText, io.errorOutput)
    }

    @Test("--json prints exactly the documented object for https://example.com")
    func jsonShape() async {
        let (status, out, err) = await run(["decode", "--json", "D1010C55046578616D706C652E636F6D"])
        #expect(status == 0)
        #expect(err.isEmpty)
        #expect(
            out
                == #"{"schema_version":1,"records":[{"tnf":1,"type":"U","id":"","payload_hex":"046578616d706c652e636f6d","view":{"kind":"uri","uri":"https://example.com"}}]}"#
                + "\n")
    }

    @Test("--json for every view kind")
    func everyKind() async {
        let message = NDEFMessage(records: [
            .text("Hi", language: "fr", encoding: .utf16),
            .smartPoster(uri: "https://a.example", titles: ["en": "A", "de": "B"], action: .save),
            .mime(type: "text/vcard", payload: Array("BEGIN:VCARD".utf8)),
            .mime(type: "image/png", payload: [0x89]),
            .external(type: "example.com:x", payload: [1]),
            .androidApplication(package: "com.example"),
            .absoluteURI("https://example.com/t"),
            .empty,
            NDEFRecord(tnf: .unknown, type: [UInt8](), id: [0xFF], payload: [2]),
        ])
        let (status, out, _) = await run(["decode", "--json", Hex.encode(message.encoded())])
        #expect(status == 0)
        let views = [
            #""view":{"kind":"text","text":"Hi","lang":"fr","encoding":"UTF-16"}"#,
            #""view":{"kind":"smartposter","uri":"https://a.example","titles":{"en":"A","de":"B"},"action":"save"}"#,
            #""view":{"kind":"mime","mime":"text/vcard","text":"BEGIN:VCARD"}"#,
            #""view":{"kind":"mime","mime":"image/png"}"#,
            #""view":{"kind":"external","type":"example.com:x"}"#,
            #""view":{"kind":"aar","package":"com.example"}"#,
            #""view":{"kind":"absolute-uri","uri":"https://example.com/t"}"#,
            #"{"tnf":0,"type":"","id":"","payload_hex":"","view":{"kind":"empty"}}"#,
            // An ID that is not UTF-8 is shown as hex.
            #"{"tnf":5,"type":"","id":"hex:ff","payload_hex":"02","view":{"kind":"unknown"}}"#,
        ]
        for view in views { #expect(out.contains(view), "missing \(view)") }
        // It is one JSON object that Foundation can parse.
        let parsed = try? JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any]
        #expect((parsed?["records"] as? [Any])?.count == 9)
    }

    @Test("A type that is not UTF-8 is shown as hex, the record kept as unknown (not a rejected message)")
    func typeNotUTF8() async {
        // D4 = MB|ME|SR|TNF 4, TYPE_LENGTH 2, PAYLOAD_LENGTH 1, type FF 3A, payload 07.
        let (status, out, err) = await run(["decode", "--json", "D4 02 01 FF 3A 07"])
        #expect(status == 0)
        #expect(err.isEmpty)
        #expect(
            out
                == #"{"schema_version":1,"records":[{"tnf":4,"type":"hex:ff3a","id":"","payload_hex":"07","view":{"kind":"unknown"}}]}"#
                + "\n")
    }

    @Test("Chunked records are shown reassembled")
    func chunked() async {
        // The 22-byte payload (04 + "example.com/long/path") in chunks of 5: 5 chunks.
        let wire = NDEFMessage(records: [.uri("https://example.com/long/path")]).encoded(chunkSize: 5)
        let (status, out, _) = await run(["decode", "--json", Hex.encode(wire)])
        #expect(status == 0)
        #expect(out.contains(#""uri":"https://example.com/long/path""#))
        let (_, human, _) = await run(["decode", Hex.encode(wire)])
        #expect(human.contains("reassembled from 5 chunks"))
    }

    @Test("Hex with spaces, 0x prefixes and several arguments; from standard input with -; raw --file")
    func inputForms() async throws {
        let expected = "URI: https://example.com"
        #expect(await run(["decode", "0xD1 0x01 0x0C 55 04 65 78 61 6D 70 6C 65 2E 63 6F 6D"]).1.contains(expected))
        #expect(await run(["decode", "D1", "01", "0C", "5504", "6578616D706C652E636F6D"]).1.contains(expected))
        let stdin = Array("D1 01 0C 55 04 65 78 61 6D 70 6C 65\n2E 63 6F 6D\n".utf8)
        #expect(await run(["decode", "-"], input: stdin).1.contains(expected))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-decode-\(getpid()).bin")
        try Data(NDEFMessage(records: [.uri("https://example.com")]).encoded()).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        #expect(await run(["decode", "--file", path.path]).1.contains(expected))
        #expect(await run(["decode", "--file", "/nonexistent/x.bin"]).0 == ExitStatus.noInput.rawValue)
    }

    @Test(
        "Every malformed message: exit 65, nothing on stdout, one stderr line ending (byte N)",
        arguments: [
            ("", 0),  // empty input
            ("D1", 1),  // TYPE_LENGTH missing
            ("C1 01 00 00", 2),  // long PAYLOAD_LENGTH cut
            ("D1 03 00 55", 3),  // TYPE past end
            ("D9 01 00 04 55 61", 5),  // ID past end
            ("D1 01 0C 55 04 65 78", 4),  // PAYLOAD past end
            ("C1 01 FF FF FF FF 55 04", 7),  // 0xFFFFFFFF payload
            ("51 01 01 55 00", 0),  // MB missing
            ("91 01 01 55 00 D1 01 01 55 00", 5),  // MB on a later record
            ("91 01 01 55 00", 0),  // ME missing
            ("D1 01 01 55 00 FE", 5),  // bytes after ME
            ("D0 01 00 55", 0),  // TNF 0 with a type
            ("D6 00 00", 0),  // TNF 6 outside a chunk
            ("D5 01 00 55", 0),  // TNF 5 with a type
            ("B1 00 01 AA 56 00 01 BB", 0),  // first chunk without type
            ("B1 01 01 55 04 36 01 01 55 61 56 00 00", 5),  // middle chunk with type
            ("B1 01 01 55 04 3E 00 01 01 69 61 56 00 00", 5),  // middle chunk with IL
            ("B1 01 01 55 04 51 01 01 55 61", 5),  // continuation not TNF 6
            ("B1 01 01 55 04 36 00 01 61", 5),  // unterminated chunk sequence
            ("D7 00 00", 0),  // reserved TNF 7
            ("D1 01 03 54 05 65 6E", 4),  // text language past end (payload byte 0)
            ("D1 01 05 55 04 61 62 FF 63", 7),  // URI not UTF-8
        ])
    func malformed(hex: String, offset: Int) async {
        for arguments in [["decode", hex], ["decode", "--json", hex]] {
            let (status, out, err) = await run(hex.isEmpty ? [arguments[0], "-"] + arguments.dropFirst(2) : arguments)
            #expect(status == 65)
            if arguments.contains("--json") && !hex.isEmpty {
                // JSON v1: one error object on stdout, with the offset among its figures.
                #expect(out.hasPrefix("{\"schema_version\":1,\"error\":{"), "stdout was \(out)")
                #expect(out.contains("\"exit_status\":65"))
                #expect(out.contains("\"offset\":\(offset)"))
                #expect(out.filter { $0 == "\n" }.count == 1)
            } else {
                #expect(out.isEmpty)
            }
            #expect(err.hasPrefix("error: "))
            #expect(err.hasSuffix(" (byte \(offset))\n"), "stderr was \(err)")
            #expect(err.filter { $0 == "\n" }.count == 1)
        }
    }

    @Test("Text that is not hex is bad input (65) naming the character; a missing message is a usage error (64)")
    func badHex() async {
        let (status, out, err) = await run(["decode", "D1 0G"])
        #expect(status == 65)
        #expect(out.isEmpty)
        #expect(err.hasSuffix("(byte 4)\n"))
        #expect(await run(["decode"]).0 == 64)
        #expect(await run(["decode", "--bogus", "D0"]).0 == 64)
    }

    @Test("Human output names each record and its fields")
    func human() async {
        let hex = Hex.encode(NDEFMessage(records: [.text("Bonjour", language: "fr"), .uri("tel:+1555")]).encoded())
        let (status, out, _) = await run(["decode", hex])
        #expect(status == 0)
        #expect(out.contains("NDEF message: 2 records"))
        #expect(out.contains("[1] Text (fr, UTF-8): Bonjour"))
        // A tel: URI is read as the number it dials; the URI itself is still shown.
        #expect(out.contains("[2] Telephone: +1555\n    uri: tel:+1555"))
        #expect(out.contains("TNF 1 (well-known), type \"U\""))
    }

    @Test("Human output never passes a tag's control characters to the terminal (ESC, BEL, NUL, C1, line breaks)")
    func humanOutputEscapesControls() async {
        let message = NDEFMessage(records: [
            .text("evil\u{1B}[31mRED\u{07}\r\n[2] URI: forged\u{0}"), .uri("https://a.example/\u{1B}]0;title\u{07}"),
            .mime(type: "text/plain", payload: Array("\u{1B}[2Jx\u{85}y\ttab".utf8)),
        ])
        let (status, out, _) = await run(["decode", Hex.encode(message.encoded())])
        #expect(status == 0)
        #expect(!out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!out.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(out.contains(#"[1] Text (en, UTF-8): evil\u{1B}[31mRED\u{7}\r\n[2] URI: forged\u{0}"#))
        #expect(out.contains(#"[2] URI: https://a.example/\u{1B}]0;title\u{7}"#))
        #expect(out.contains(#"| \u{1B}[2Jx\u{85}y\ttab"#))
        #expect(out.split(separator: "\n").filter { $0.hasPrefix("[") }.count == 3)
    }

    @Test("--help documents the JSON shape and the input forms")
    func help() async {
        let (status, out, _) = await run(["decode", "--help"])
        #expect(status == 0)
        #expect(out.contains("--jsonl"))
        #expect(out.contains("payload_hex"))
    }

    @Test("A vCard prints one margin line per vCard line (CRLF or LF), and a control character in one stays escaped")
    func vCardLinesAreSplitNotEscaped() async {
        let vcard = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada\u{1B}[2J\nEND:VCARD\r\n".utf8)
        let message = NDEFMessage(records: [.mime(type: "text/vcard", payload: vcard)])
        let (status, out, _) = await run(["decode", Hex.encode(message.encoded())])
        #expect(status == 0)
        let margin = out.split(separator: "\n").filter { $0.hasPrefix("    | ") }
        #expect(margin == ["    | BEGIN:VCARD", "    | VERSION:3.0", "    | FN:Ada\\u{1B}[2J", "    | END:VCARD"])
    }

    /// The rule for output that is not a terminal (docs/development/architecture.md): data,
    /// byte-exact, except the control characters that would forge a line of TapCard's own; JSON
    /// escapes every character unsafe to show. (On a terminal, scripts/check-terminal-escaping.py
    /// checks that every such character is escaped.)
    @Test func notOnATerminalTextIsByteExactButItsLinesAreTapCards() async {
        let message = NDEFMessage(records: [.text("ab\u{202E}cd\nef\u{200B}", language: "en")])
        let (status, out, _) = await run(["decode", Hex.encode(message.encoded())])
        #expect(status == 0)
        #expect(out.contains("Text (en, UTF-8): ab\u{202E}cd\\nef\u{200B}\n"))
        let (_, json, _) = await run(["decode", Hex.encode(message.encoded()), "--json"])
        #expect(json.contains(#""text":"ab\u202ecd\nef\u200b""#))
    }
}
