import CommandLineKit
import Foundation
import NDEF
import TapCardSupport
import Testing

@testable import MessageRendering
@testable import TapCardCLI

/// `tel`, `sms`, `mailto`, `geo` and `bluetooth` through `encode`, `write` and `decode`; the value
/// checks `encode` and `write` share (exit 65, same words, the tag untouched); records that break a
/// type rule shown with `problems`, and refused by `decode --strict`.
@Suite("Record kinds: tel, sms, mailto, geo, bluetooth; value checks; problems")
struct RecordKindsCLITests {
    private func run(_ arguments: [String], input: [UInt8] = []) async -> (status: Int32, out: String, err: String) {
        let io = CapturedIO(input: input)
        let status = await CLI.run(arguments, io: io)
        return (status, io.outputText, io.errorOutput)
    }

    private func hex(_ records: NDEFRecord...) -> String {
        Hex.encode(NDEFMessage(records: records).encoded()) + "\n"
    }

    // MARK: encode

    @Test("encode writes each kind as the codec's builder does; tel, geo and bluetooth as literal vectors")
    func encodeVectors() async throws {
        // D1 01 0C 55 | 05 ("tel:") "+1-555-0100".
        #expect(await run(["encode", "tel", "+1-555-0100"]).out == "d1010c55052b312d3535352d30313030\n")
        // D1 01 16 55 | 00 "geo:-33.8568,151.2153": a negative latitude is a positional, not an option.
        #expect(
            await run(["encode", "geo", "-33.8568", "151.2153"]).out
                == "d10116550067656f3a2d33332e383536382c3135312e32313533\n")
        // D2 20 16 "application/vnd.bluetooth.ep.oob" | 16 00 | 13 71 DA 7D 1A 00 | 08 09 "Speaker" | 04 0D 04 04 24
        #expect(
            await run(["encode", "bluetooth", "00:1A:7D:DA:71:13", "--name", "Speaker", "--class", "240404"]).out
                == "d220166170706c69636174696f6e2f766e642e626c7565746f6f74682e65702e6f6f62"
                + "16001371da7d1a000809537065616b6572040d040424\n")
        #expect(
            await run(["encode", "sms", "+15550100", "--body", "Table 4 & café"]).out
                == hex(try .sms(number: "+15550100", body: "Table 4 & café")))
        #expect(
            await run(["encode", "mailto", "ada@example.com", "--subject", "Hi", "--body", "a\nb"]).out
                == hex(try .mailto(address: "ada@example.com", subject: "Hi", body: "a\nb")))
        // Options before the positional, and several records in one message.
        var tel = try NDEFRecord.telephone("+1555")
        tel.id = Array("t".utf8)
        #expect(
            await run(["encode", "sms", "--body=Hi", "+1555", "+", "tel", "+1555", "--id", "t"]).out
                == hex(try .sms(number: "+1555", body: "Hi"), tel))
    }

    // MARK: decode

    @Test("decode --json: each typed view keeps the 'uri' (or 'mime') key and adds what it means")
    func decodeJSON() async throws {
        let cases: [(NDEFRecord, String)] = [
            (try .telephone("+1-555-0100"), #"{"kind":"tel","uri":"tel:+1-555-0100","number":"+1-555-0100"}"#),
            (
                try .telephone("7042;phone-context=example.com"),
                #"{"kind":"tel","uri":"tel:7042;phone-context=example.com","number":"7042","parameters":";phone-context=example.com"}"#
            ),
            (
                try .sms(number: "+15550100", body: "Table 4 & café"),
                #"{"kind":"sms","uri":"sms:+15550100?body=Table%204%20%26%20caf%C3%A9","number":"+15550100","body":"Table 4 & café"}"#
            ),
            (try .sms(number: "+15550100"), #"{"kind":"sms","uri":"sms:+15550100","number":"+15550100"}"#),
            (
                try .mailto(address: "ada@example.com", subject: "Hi", body: "a\nb"),
                #"{"kind":"mailto","uri":"mailto:ada@example.com?subject=Hi&body=a%0D%0Ab","address":"ada@example.com","subject":"Hi","body":"a\r\nb"}"#
            ),
            (
                try .geo(latitude: "-33.8568", longitude: "151.2153"),
                #"{"kind":"geo","uri":"geo:-33.8568,151.2153","latitude":-33.8568,"longitude":151.2153}"#
            ),
            // Digits as written, leading zeros dropped (JSON allows none); altitude when given.
            (
                .uri("geo:001,-00.5,12.25;u=3"),
                #"{"kind":"geo","uri":"geo:001,-00.5,12.25;u=3","latitude":1,"longitude":-0.5,"altitude":12.25}"#
            ),
            (
                try .bluetooth(address: BluetoothAddress("00:1A:7D:DA:71:13"), name: "Speaker", deviceClass: 0x24_0404),
                #"{"kind":"bluetooth","mime":"application/vnd.bluetooth.ep.oob","address":"00:1A:7D:DA:71:13","name":"Speaker","device_class_hex":"240404","eir":[]}"#
            ),
            (
                .mime(
                    type: BluetoothOOBRecord.mediaType,
                    payload: try Hex.decode("0D 00 13 71 DA 7D 1A 00 03 0E AB CD 00")),
                #"{"kind":"bluetooth","mime":"application/vnd.bluetooth.ep.oob","address":"00:1A:7D:DA:71:13","eir":[{"type":14,"data_hex":"abcd"}]}"#
            ),
            // Malformed: a plain URI, a plain MIME record; never an error.
            (.uri("tel:call-me"), #"{"kind":"uri","uri":"tel:call-me"}"#),
            (.uri("mailto:nobody"), #"{"kind":"uri","uri":"mailto:nobody"}"#),
            (.uri("geo:91,0"), #"{"kind":"uri","uri":"geo:91,0"}"#),
            (
                .mime(type: BluetoothOOBRecord.mediaType, payload: [0x09, 0x00]),
                #"{"kind":"mime","mime":"application/vnd.bluetooth.ep.oob"}"#
            ),
        ]
        for (record, view) in cases {
            let (status, out, err) = await run([
                "decode", "--json", Hex.encode(NDEFMessage(records: [record]).encoded()),
            ])
            #expect(status == 0, "\(err)")
            #expect(out.contains(#""view":"# + view + "}]}"), "\(out)")
            // JSON Foundation can parse.
            #expect((try? JSONSerialization.jsonObject(with: Data(out.utf8))) != nil, "\(out)")
        }
    }

    @Test("decode text: a line per meaning, then the URI; untrusted text escaped")
    func decodeText() async throws {
        let message = NDEFMessage(records: [
            try .telephone("+1-555-0100"), try .sms(number: "+1555", body: "Hi\u{1B}[2J"),
            try .mailto(address: "ada@example.com", subject: "Hello", body: "Line"),
            try .geo(latitude: "48.2082", longitude: "16.3738"),
            try .bluetooth(address: BluetoothAddress("00:1A:7D:DA:71:13"), name: "Speaker", deviceClass: 0x5A_020C),
            .mime(
                type: BluetoothOOBRecord.mediaType, payload: try Hex.decode("0D 00 13 71 DA 7D 1A 00 03 0E AB CD 00")),
        ])
        let (status, out, _) = await run(["decode", Hex.encode(message.encoded())])
        #expect(status == 0)
        for line in [
            "[1] Telephone: +1-555-0100\n    uri: tel:+1-555-0100\n",
            "[2] SMS to +1555\n    body: Hi\\u{1B}[2J\n    uri: sms:+1555?body=Hi%1B%5B2J\n",
            "[3] Email to ada@example.com\n    subject: Hello\n    body: Line\n    uri: mailto:ada@example.com?subject=Hello&body=Line\n",
            "[4] Location: 48.2082, 16.3738\n    uri: geo:48.2082,16.3738\n",
            "[5] Bluetooth device: 00:1A:7D:DA:71:13\n    name: Speaker\n    class of device: 0x5A020C\n",
            "[6] Bluetooth device: 00:1A:7D:DA:71:13\n    EIR 0x0E (Simple Pairing Hash C-192): ab cd\n",
        ] {
            #expect(out.contains(line), "missing \(line) in\n\(out)")
        }
    }

    // MARK: write

    @Test("write takes every new kind, and read shows it back")
    func writeAndRead() async throws {
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = try await TagFileLockCLITests.newTag(home)
        let words: [([String], String)] = [
            (["tel", "+1-555-0100"], "Telephone: +1-555-0100"),
            (["sms", "+1555", "--body", "Hi"], "SMS to +1555"),
            (["mailto", "ada@example.com", "--subject", "Hi"], "Email to ada@example.com"),
            (["geo", "-33.8568", "151.2153"], "Location: -33.8568, 151.2153"),
            (["bluetooth", "00:1A:7D:DA:71:13", "--name", "Speaker"], "Bluetooth device: 00:1A:7D:DA:71:13"),
        ]
        for (record, shown) in words {
            let encoded = await TagFileLockCLITests.run(["encode"] + record, home: home)
            let write = await TagFileLockCLITests.run(["write"] + record + ["--tag", path], home: home)
            #expect(write.status == 0, "\(record): \(write.err)")
            let read = await TagFileLockCLITests.run(["read", "--tag", path], home: home)
            #expect(read.out.contains(shown), "\(record): \(read.out)")
            // What was written is what encode prints.
            let decoded = await TagFileLockCLITests.run(
                ["decode", encoded.out.trimmingCharacters(in: .whitespacesAndNewlines)], home: home)
            #expect(decoded.out.contains(shown))
        }
    }

    /// Values a record's rule refuses: each one exits 65 from both commands with the same words,
    /// and `write` leaves the tag byte-identical.
    static let refusedValues: [([String], String)] = [
        (["uri", "https://a.example/\nx"], "The URI has a line feed (U+000A) at character 19"),
        (["uri", "https://evil\u{202E}moc.elgoog"], "a bidirectional formatting character (U+202E) at character 13"),
        (["uri", "example.com"], "The URI 'example.com' has no scheme"),
        (["uri", ""], "The URI is empty"),
        (["smartposter", "https://a\tb"], "The smart poster URI has a tab (U+0009) at character 10"),
        (["absolute-uri", "urn:x y"], "The absolute-URI type has a space at character 6"),
        (["mime", "", "--text", "x"], "The media type is empty"),
        (["mime", "vcard", "--text", "x"], "The media type 'vcard' has no '/'"),
        (["mime", "text/v card", "--text", "x"], "The media type 'text/v card' has a space at character 7"),
        (["mime", "text/plain", "--hex", "0g"], "--hex: The input is not hex text"),
        (["wifi", String(repeating: "s", count: 33), "--key", "12345678"], "The SSID has 33 bytes of UTF-8"),
        (["wifi", "Home", "--key", "short"], "The WPA2-Personal network key has 5 characters"),
        (["wifi", "Home", "--auth", "wpa2-personal"], "The WPA2-Personal network key has 0 characters"),
        (["wifi", "Guest", "--auth", "open", "--key", "12345678"], "An Open network takes no network key"),
        (["text", "hi", "--lang", "日本"], "--lang: The language code '日本' has '日' at character 1"),
        (["smartposter", "https://a.example", "--title", "A", "--title", "en=B"], "at most one title per language"),
        (["external", "nocolon"], "The external type 'nocolon' has no ':'"),
        (["empty", "--id", "x"], "An empty record (TNF 0) cannot have an ID"),
        (["uri", "https://a.example", "--id", "a\nb"], "The record ID has a line feed (U+000A) at character 2"),
        (["tel", ""], "The telephone number is empty"),
        (["tel", "call-me"], "The telephone number 'call-me' has 'c' (U+0063) at character 1"),
        (["tel", "+1 555 0100"], "write separators as '-' or '.', not spaces"),
        (["sms", "+1555x", "--body", "Hi"], "The telephone number '+1555x' has 'x'"),
        (["mailto", "a@b@c"], "The email address 'a@b@c' has 2 '@' signs"),
        (["mailto", "@example.com"], "has an empty local part"),
        (["mailto", "ada@"], "has an empty domain"),
        (["mailto", "ada lovelace@example.com"], "has a space at character 4"),
        (["geo", "91", "0"], "The latitude 91 is out of range; it lies between -90 and 90 degrees"),
        (["geo", "0", "-180.5"], "The longitude -180.5 is out of range"),
        (["geo", "1e3", "0"], "The latitude '1e3' is not a decimal number"),
        (["bluetooth", "00:11:22"], "'00:11:22' is not a Bluetooth device address"),
        (["bluetooth", "00:11:22:33:44:55", "--class", "12"], "'12' is not a Bluetooth class of device"),
        (
            ["bluetooth", "00:11:22:33:44:55", "--name", String(repeating: "n", count: 255)],
            "--name: The Bluetooth EIR data of type 0x09 has 255 bytes"
        ),
    ]

    @Test("A value a rule refuses: exit 65 from encode and from write, the same words, the tag untouched")
    func refusedIdentically() async throws {
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = try await TagFileLockCLITests.newTag(home)
        _ = await TagFileLockCLITests.run(["write", "text", "before", "--tag", path], home: home)
        let before = try TagFileLockCLITests.bytes(path)
        for (words, rule) in Self.refusedValues {
            let encode = await TagFileLockCLITests.run(["encode"] + words, home: home)
            let write = await TagFileLockCLITests.run(["write"] + words + ["--tag", path], home: home)
            #expect(encode.status == 65, "\(words): \(encode.err)")
            #expect(write.status == 65, "\(words): \(write.err)")
            #expect(encode.out.isEmpty && write.out.isEmpty)
            #expect(encode.err.hasPrefix("error: ") && encode.err.contains(rule), "\(words): \(encode.err)")
            #expect(write.err == encode.err, "\(words)")
            // No terminal control reaches standard error, whatever the value held.
            #expect(!encode.err.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
            let json = await TagFileLockCLITests.run(["write"] + words + ["--tag", path, "--json"], home: home)
            #expect(json.status == 65)
            #expect(json.out.contains(#""exit_status":65"#), "\(words): \(json.out)")
        }
        #expect(try TagFileLockCLITests.bytes(path) == before, "a refused write leaves the tag file byte-identical")
    }

    @Test("A wrong command line is a usage error (64) from both, also for the new kinds")
    func usageErrorsIdentically() async throws {
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = try await TagFileLockCLITests.newTag(home)
        for words in [
            ["tel"], ["tel", "+1", "+2"], ["sms"], ["mailto"], ["geo", "1"], ["geo", "1", "2", "3"], ["bluetooth"],
            ["tel", "+1", "--body", "x"], ["mailto", "a@b", "--name", "x"], ["geo", "1", "2", "--class", "240404"],
            ["wifi", "Home", "--auth", "wpa9"], ["smartposter", "https://a", "--action", "run"],
        ] {
            let encode = await TagFileLockCLITests.run(["encode"] + words, home: home)
            let write = await TagFileLockCLITests.run(["write"] + words + ["--tag", path], home: home)
            #expect(encode.status == 64, "\(words): \(encode.err)")
            #expect(write.status == 64, "\(words): \(write.err)")
            #expect(encode.err.hasSuffix("See 'tapcard encode --help'.\n"), "\(encode.err)")
        }
    }

    // MARK: problems and --strict

    @Test("A typed record without a type is kept, shown with its rule in text and JSON; --strict refuses it")
    func problems() async {
        // [1] a URI record (91 01 01 55 00), [2] at byte 5 a media record without a type (52 00 01 07).
        let hex = "9101015500 52000107"
        let text = await run(["decode", hex])
        #expect(text.status == 0)
        #expect(
            text.out.contains(
                "[2] MIME record without a type\n    payload: 07\n    problem: TNF 2 (media) with an empty TYPE; NDEF 1.0 §3.2.6 requires a type\n"
            ), "\(text.out)")
        let json = await run(["decode", "--json", hex])
        #expect(
            json.out.contains(
                #"{"tnf":2,"type":"","id":"","payload_hex":"07","view":{"kind":"mime","mime":""},"problems":["TNF 2 (media) with an empty TYPE; NDEF 1.0 §3.2.6 requires a type"]}"#
            ), "\(json.out)")
        // The first record keeps every rule: no problems key at all.
        #expect(json.out.components(separatedBy: "problems").count == 2)

        let strict = await run(["decode", "--strict", hex])
        #expect(strict.status == 65)
        #expect(strict.out.isEmpty)
        #expect(strict.err == "error: TNF 2 (media) with an empty TYPE; NDEF 1.0 §3.2.6 requires a type. (byte 5)\n")
        #expect(await run(["decode", "--strict", "--json", hex]).status == 65)
        // A message that keeps the rules decodes the same with --strict.
        let fine = await run(["decode", "--strict", "--json", "D1010C55046578616D706C652E636F6D"])
        #expect(fine.status == 0)
        #expect(fine.out == (await run(["decode", "--json", "D1010C55046578616D706C652E636F6D"])).out)
    }

    @Test("--jsonl: problems on the fast path are the strict path's bytes; --jsonl --strict makes the line an error")
    func problemsJSONLines() async {
        let lines = [
            "D10000", "D2000100", "D3000100", "D4000100", "9101015500 52000107".replacingOccurrences(of: " ", with: ""),
        ]
        for line in lines {
            let wire = (try? Hex.decode(line)) ?? []
            var fast: [UInt8] = []
            let handled = wire.withUnsafeBufferPointer { StreamingJSONWriter.write($0, into: &fast) }
            var strict: [UInt8] = []
            #expect(BulkDecoder.decodeStrictly(wire, into: &strict))
            #expect(handled, "the fast path answers for \(line)")
            #expect(fast + [0x0A] == strict, "\(line)")
            #expect(String(decoding: fast, as: UTF8.self).contains(#""problems":["TNF "#))
            // Refused: the fast path declines, the strict path writes the error line.
            var declined: [UInt8] = []
            let sink = ByteSink(capacity: 64)
            #expect(!wire.withUnsafeBufferPointer { StreamingJSONWriter.write($0, into: sink, problems: .refuse) })
            #expect(sink.count == 0)
            #expect(!BulkDecoder.decodeStrictly(wire, into: &declined, problems: .refuse))
            #expect(String(decoding: declined, as: UTF8.self).contains("with an empty TYPE"))
        }
        let input = Array((lines.joined(separator: "\n") + "\nD1010C55046578616D706C652E636F6D\n").utf8)
        let bulk = await run(["decode", "--jsonl"], input: input)
        #expect(bulk.status == 0)
        #expect(bulk.out.split(separator: "\n").count == 6)
        let refused = await run(["decode", "--jsonl", "--strict"], input: input)
        #expect(refused.status == 65)
        #expect(refused.err == "error: 5 of 6 lines did not hold a valid NDEF message.\n")
        #expect(refused.out.split(separator: "\n").last?.contains(#""kind":"uri""#) == true)
    }

    // MARK: help

    @Test("encode --help and write --help list every record kind; decode --help explains --strict and problems")
    func help() async {
        for command in ["encode", "write"] {
            let help = await run([command, "--help"]).out
            for kind in RecordBuilder.kinds {
                #expect([" ", ",", ";"].contains { help.contains(kind + $0) }, "\(command) --help lacks \(kind)")
            }
            for option in ["--body", "--subject", "--name", "--class"] {
                #expect(help.contains(option), "\(command) --help lacks \(option)")
            }
        }
        let decode = await run(["decode", "--help"]).out
        #expect(decode.contains("--strict"))
        #expect(decode.contains(#""problems""#))
    }
}
