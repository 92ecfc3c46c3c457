import Foundation
import NDEF
import TapCardCLI
import TapCardSupport
import Testing

@Suite("tapcard vcard and tapcard card")
struct CardCommandTests {
    static let jane = [
        "--name", "Jane Doe", "--org", "Acme, Inc.", "--title", "Head of Research", "--tel", "cell:+1 555 010 9999",
        "--email", "jane@acme.example", "--url", "https://acme.example/jane",
    ]

    func run(_ arguments: [String], input: [UInt8] = []) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(input: input)
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    func json(_ io: CheckedIO) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(io.output)) as? [String: Any])
    }

    @Test("vcard prints exactly the vCard bytes and nothing else")
    func vcardBytes() async {
        let (status, io) = await run(["vcard"] + Self.jane)
        #expect(status == 0)
        #expect(io.errorOutput.isEmpty)
        #expect(
            io.outputText
                == "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nORG:Acme\\, Inc.\r\n"
                + "TITLE:Head of Research\r\nTEL;TYPE=CELL:+1 555 010 9999\r\nEMAIL;TYPE=INTERNET:jane@acme.example\r\n"
                + "URL:https://acme.example/jane\r\nEND:VCARD\r\n")
    }

    @Test("card --json: message_bytes is the length of ndef_hex, and the record holds the vcard output")
    func cardJSONSizesAreTheMessage() async throws {
        let vcard = await run(["vcard"] + Self.jane)
        for format in ["vcard", "mecard", "url"] {
            let (status, io) = await run(["card"] + Self.jane + ["--as", format, "--json"])
            #expect(status == 0)
            let object = try json(io)
            let hex = try #require(object["ndef_hex"] as? String)
            let bytes = try Hex.decode(hex)
            #expect(object["message_bytes"] as? Int == bytes.count)
            #expect(object["format"] as? String == format)
            let message = try NDEFMessage.decode(bytes)
            #expect(message.records.count == 1)
            if format == "vcard" { #expect(message.records[0].payload == vcard.io.output) }
            if format == "mecard" {
                #expect(String(decoding: message.records[0].payload.dropFirst(3), as: UTF8.self).hasPrefix("MECARD:N:"))
            }
            // Each alternative's size is what that format's own run reports.
            for alternative in try #require(object["alternatives"] as? [[String: Any]]) {
                let other = try #require(alternative["format"] as? String)
                let own = try json(await run(["card"] + Self.jane + ["--as", other, "--json"]).io)
                #expect(alternative["message_bytes"] as? Int == own["message_bytes"] as? Int)
                #expect(alternative["fits"] as? Bool == own["fits"] as? Bool)
            }
        }
    }

    @Test("card --json has the documented shape, in order, and the verdict says assuming")
    func cardJSONShape() async throws {
        let (status, io) = await run(["card"] + Self.jane + ["--json"])
        #expect(status == 0)
        let text = io.outputText
        var position = text.startIndex
        for key in [
            "\"format\"", "\"message_bytes\"", "\"ndef_hex\"", "\"capacity\"", "\"bytes\"", "\"source\"", "\"model\"",
            "\"fits\"", "\"over_by\"", "\"sentence\"", "\"alternatives\"", "\"drop_to_fit\"",
        ] {
            let range = try #require(
                text.range(of: key, range: position..<text.endIndex), "\(key) missing or out of order")
            position = range.upperBound
        }
        let object = try json(io)
        let capacity = try #require(object["capacity"] as? [String: Any])
        #expect(capacity["bytes"] as? Int == 137)
        #expect(capacity["source"] as? String == "assumed")
        #expect(capacity["model"] as? String == "ntag213")
        let size = try #require(object["message_bytes"] as? Int)
        #expect(object["fits"] as? Bool == (size <= 137))
        #expect(object["over_by"] as? Int == max(0, size - 137))
        let sentence = try #require(object["sentence"] as? String)
        #expect(sentence.contains("assuming an NTAG213's 137"))
        let drops = try #require(object["drop_to_fit"] as? [[String: Any]])
        #expect(!drops.isEmpty)
        #expect(drops.allSatisfy { $0["field"] is String && $0["bytes"] is Int && $0["value"] is String })
    }

    @Test("--capacity and --model choose the assumed capacity; both at once is a usage error")
    func capacityOptions() async throws {
        let small = try json(await run(["card", "--name", "A", "--capacity", "10", "--json"]).io)
        let capacity = try #require(small["capacity"] as? [String: Any])
        #expect(capacity["bytes"] as? Int == 10)
        #expect(capacity["model"] is NSNull)
        #expect((small["sentence"] as? String)?.contains("assuming the tag holds 10") == true)

        let big = try json(await run(["card"] + Self.jane + ["--model", "ntag215", "--json"]).io)
        #expect((big["capacity"] as? [String: Any])?["bytes"] as? Int == 492)
        #expect(big["fits"] as? Bool == true)
        #expect((big["drop_to_fit"] as? [Any])?.isEmpty == true)
        #expect((big["sentence"] as? String)?.hasSuffix("of 492 bytes, assuming an NTAG215.") == true)

        #expect(await run(["card", "--name", "A", "--model", "ntag213", "--capacity", "5"]).status == 64)
        #expect(await run(["card", "--name", "A", "--model", "ntag999"]).status == 64)
        #expect(await run(["card", "--name", "A", "--as", "qr"]).status == 64)
    }

    @Test("Every verdict line in the text output says assuming")
    func textOutputSaysAssuming() async {
        for model in ["ntag210", "ntag213", "ntag216", "type4"] {
            let (status, io) = await run(
                ["card"] + Self.jane + ["--model", model, "--note", "A long note " + String(repeating: "x", count: 80)])
            #expect(status == 0)
            for line in io.outputText.split(separator: "\n") where line.contains("Fits") || line.contains("Too big") {
                #expect(line.contains("assuming"), "\(line)")
            }
        }
    }

    @Test("Phone kinds, a missing name, a missing link")
    func inputErrors() async {
        let work = await run(["vcard", "--name", "A", "--tel", "work:+1", "--tel", "+2", "--tel=Mobile:+3"])
        #expect(work.io.outputText.contains("TEL;TYPE=WORK:+1\r\nTEL;TYPE=VOICE:+2\r\nTEL;TYPE=CELL:+3\r\n"))
        let badKind = await run(["vcard", "--name", "A", "--tel", "desk:+1"])
        #expect(badKind.status == 64)
        #expect(badKind.io.errorOutput.contains("desk"))
        let noName = await run(["vcard", "--org", "Acme"])
        #expect(noName.status == 65)
        #expect(noName.io.output.isEmpty)
        #expect(await run(["card", "--name", "A", "--as", "url"]).status == 65)
        #expect(await run(["vcard", "--name", "A", "--bogus"]).status == 64)
    }

    @Test("A control character in a value is refused (exit 65) with the field, code point and position")
    func controlCharactersAreRefused() async {
        let cases: [([String], String)] = [
            (["--name", "Ada\u{1B}[2J"], "The name holds the control character U+001B at position 4"),
            (
                ["--name", "Ada", "--note", "ring\u{07}twice"],
                "The note holds the control character U+0007 at position 5"
            ),
            (["--name", "Ada", "--tel", "+1", "--tel", "+2\u{0}"], "The phone[1] holds the control character U+0000"),
            (["--name", "Ada", "--org", "Acme\u{85}"], "The organization holds the control character U+0085"),
        ]
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-ctl-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        for (options, sentence) in cases {
            for arguments in [["vcard"] + options, ["card"] + options, ["write", "card"] + options] {
                let io = CheckedIO(environment: ["TAPCARD_HOME": home.path])
                let status = await CLI.run(arguments, io: io)
                #expect(status == 65, "\(arguments)")
                #expect(io.output.isEmpty, "\(arguments)")
                #expect(io.errorOutput.contains(sentence), "\(arguments): \(io.errorOutput)")
            }
        }
        // Line breaks and tabs are text a vCard carries (escaped as \n, or kept).
        let note = await run(["vcard", "--name", "Ada", "--note", "line one\nline\ttwo"])
        #expect(note.status == 0)
        #expect(note.io.outputText.contains("NOTE:line one\\nline\ttwo\r\n"))
    }

    @Test("An empty --tel number, --email or --url is a usage error, not an empty vCard line")
    func emptyRepeatableValues() async {
        for extra in [["--tel", "cell:"], ["--tel", ""], ["--email", ""], ["--url", ""]] {
            for command in ["vcard", "card"] {
                let (status, io) = await run([command, "--name", "Cher"] + extra)
                #expect(status == 64, "\(command) \(extra)")
                #expect(io.output.isEmpty, "\(command) \(extra)")
            }
        }
    }

    @Test("A name of spaces or line breaks alone is no name (exit 65); parts still name the card")
    func blankNameIsNoName() async {
        for name in ["   ", " \n\t", "\u{3000}"] {
            for command in ["vcard", "card"] {
                let (status, io) = await run([command, "--name", name, "--org", "Acme"])
                #expect(status == 65, "\(command) \(name.unicodeScalars.map(\.value))")
                #expect(io.output.isEmpty)
                #expect(io.errorOutput.contains("A card needs a name"))
            }
        }
        #expect(await run(["vcard", "--name", " ", "--family", "Doe"]).status == 0)
    }

    @Test("--from-vcf: empty TEL, EMAIL and URL lines are not written back as empty properties")
    func fromVCFEmptyValues() async {
        let file =
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ada Lovelace\r\nTEL:\r\nEMAIL:\r\nURL:\r\n"
            + "EMAIL:ada@example.org\r\nEND:VCARD\r\n"
        let (status, io) = await run(["vcard", "--from-vcf", "-"], input: Array(file.utf8))
        #expect(status == 0)
        #expect(
            io.outputText
                == "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lovelace;Ada;;;\r\nFN:Ada Lovelace\r\n"
                + "EMAIL;TYPE=INTERNET:ada@example.org\r\nEND:VCARD\r\n")
    }

    @Test("--adr fills ADR in order; family and given replace the guess")
    func addressAndNameParts() async {
        let (_, io) = await run([
            "vcard", "--name", "Nagy János", "--family", "Nagy", "--given", "János", "--adr",
            "Fő utca 1;Budapest;;1011;Hungary",
        ])
        #expect(io.outputText.contains("\r\nN:Nagy;János;;;\r\nFN:Nagy János\r\n"))
        #expect(io.outputText.contains("\r\nADR:;;Fő utca 1;Budapest;;1011;Hungary\r\n"))
    }

    @Test("--from-vcf starts from a file (or standard input), reports what it cannot carry")
    func fromVCF() async throws {
        let card =
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN:Doe;Jane\r\nFN:Jane Doe\r\nTEL;CELL:+1 555\r\nBDAY:1990-01-01\r\nEND:VCARD\r\n"
        let (status, io) = await run(
            ["vcard", "--from-vcf", "-", "--email", "jane@example.com"], input: Array(card.utf8))
        #expect(status == 0)
        #expect(
            io.outputText
                == "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Doe;Jane;;;\r\nFN:Jane Doe\r\nTEL;TYPE=CELL:+1 555\r\n"
                + "EMAIL;TYPE=INTERNET:jane@example.com\r\nEND:VCARD\r\n")
        #expect(io.errorOutput.contains("BDAY"))

        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tapcard-card-\(UUID().uuidString).vcf")
        try Data(card.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let renamed = await run(["vcard", "--from-vcf", path.path, "--name", "J. Doe"])
        #expect(renamed.io.outputText.contains("\r\nN:Doe;J.;;;\r\nFN:J. Doe\r\n"))

        let missing = await run(["vcard", "--from-vcf", "/nonexistent/card.vcf"])
        // EX_NOINPUT, with the real cause in words.
        #expect(missing.status == 66)
        #expect(missing.io.errorOutput == "error: Cannot read '/nonexistent/card.vcf': no such file.\n")
        let notACard = await run(["vcard", "--from-vcf", "-"], input: Array("hello".utf8))
        #expect(notACard.status == 65)
    }
}

@Suite("tapcard card, write card and batch write --as dual")
struct DualCardCommandTests {
    func run(_ arguments: [String], home: String? = nil) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: home.map { ["TAPCARD_HOME": $0] } ?? [:])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    func object(_ io: CheckedIO) throws -> [String: Any] {
        let line = io.outputText.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test("card --as dual --json: records are [mime text/vcard, uri], in that order, and the vCard is tapcard vcard's")
    func dualJSONRecords() async throws {
        let vcard = await run(["vcard"] + CardCommandTests.jane)
        let (status, io) = await run(["card"] + CardCommandTests.jane + ["--as", "dual", "--json"])
        #expect(status == 0, "\(io.errorOutput)")
        let json = try object(io)
        #expect(json["format"] as? String == "dual")
        let records = try #require(json["records"] as? [[String: Any]])
        let views = records.compactMap { $0["view"] as? [String: Any] }
        #expect(views.map { $0["kind"] as? String } == ["mime", "uri"])
        #expect(views[0]["mime"] as? String == "text/vcard")
        #expect(views[1]["uri"] as? String == "https://acme.example/jane")
        #expect(records[0]["payload_hex"] as? String == Hex.encode(vcard.io.output).lowercased())
        let explanation = try #require(json["explanation"] as? [String])
        #expect(explanation.contains { $0.contains("not an NTAG213; on an NTAG213 write the link") })
        #expect(explanation.contains { $0.contains("Android acts on the first record") })
        // The message bytes are the two records, and decode in that order.
        let message = try NDEFMessage.decode(try Hex.decode(try #require(json["ndef_hex"] as? String)))
        #expect(message.records.map(\.view).last == .uri(URIRecord(uri: "https://acme.example/jane")))
        // Without a link there is no dual card.
        #expect(await run(["card", "--name", "Ada", "--as", "dual"]).status == 65)
    }

    @Test("write card --as dual verifies on a virtual NTAG215 and reads back as the same two records")
    func dualWriteVerifiesOnAnNTAG215() async throws {
        let home = NSTemporaryDirectory() + "tapcard-dual-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let tag = home + "/card215.nfc"
        #expect(await run(["sim", "new", "ntag215", tag], home: home).status == 0)
        let card = await run(["card"] + CardCommandTests.jane + ["--as", "dual", "--json"])
        let expected = try #require(try object(card.io)["ndef_hex"] as? String)
        let write = await run(
            ["write", "card"] + CardCommandTests.jane + ["--as", "dual", "--tag", tag, "--json"], home: home)
        #expect(write.status == 0, "\(write.io.errorOutput)")
        let report = try object(write.io)
        #expect(report["verified"] as? Bool == true)
        #expect((report["ndef_hex"] as? String)?.lowercased() == expected.lowercased())
        let read = await run(["read", "--tag", tag, "--json"], home: home)
        let ndef = try #require(try object(read.io)["ndef"] as? [String: Any])
        let kinds = (ndef["records"] as? [[String: Any]])?.compactMap {
            ($0["view"] as? [String: Any])?["kind"] as? String
        }
        #expect(kinds == ["mime", "uri"])
        // On an NTAG213 the 251-byte dual card does not fit, and the write refuses (exit 65).
        let small = home + "/card213.nfc"
        #expect(await run(["sim", "new", "ntag213", small], home: home).status == 0)
        let refused = await run(
            ["write", "card"] + CardCommandTests.jane + ["--as", "dual", "--tag", small], home: home)
        #expect(refused.status != 0)
    }
}
