import Foundation
import NDEF
import TestSupport
import Testing

@testable import TapCardCLI

@Suite struct CSVTests {
    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        // RFC 4180 §2: fields in double quotes may contain commas, CRLF and doubled quotes.
        let text = "a,b,c\r\n\"1,5\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n\n,,\n"
        #expect(try CSV.parse(text) == [["a", "b", "c"], ["1,5", "say \"hi\"", "two\nlines"], ["", "", ""]])
        #expect(try CSV.parse("x") == [["x"]])
        #expect(try CSV.parse("") == [])
        #expect(throws: CSVError.unterminatedQuote(line: 2)) { try CSV.parse("a\n\"open,\nstill") }
    }

    @Test func linesRoundTripThroughTheParser() throws {
        var rng = SplitMix64(seed: 4180)
        let alphabet = Array("ab,\"\n\r é")
        for _ in 0..<500 {
            let fields = (0..<Int.random(in: 1...5, using: &rng)).map { _ in
                String(
                    (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                        alphabet[Int.random(in: 0..<alphabet.count, using: &rng)]
                    })
            }
            // A lone empty field is a blank line, which is no record.
            if fields == [""] { continue }
            let parsed = try CSV.parse(CSV.line(fields) + "\n")
            #expect(parsed == [fields])
        }
    }
}

@Suite struct BatchSheetTests {
    @Test func dualRowsAreAVCardThenTheRowsURL() throws {
        let sheet = try BatchSheet.parse("name,url\nAda,https://ada.example\n", format: .dual)
        let records = try #require(sheet.items.first?.message.records)
        #expect(records.count == 2)
        if case .mime(let mime) = records[0].view {
            #expect(mime.type == "text/vcard")
        } else {
            Issue.record("\(records)")
        }
        #expect(records[1].view == .uri(URIRecord(uri: "https://ada.example")))
        // A profile row without a url has no link to write second.
        #expect(throws: (any Error).self) { try BatchSheet.parse("name,tel\nAda,+1555\n", format: .dual) }
    }

    @Test func aURLColumnGivesOneURIRecordPerRow() throws {
        let sheet = try BatchSheet.parse("url\nhttps://a.example/1\nhttps://a.example/2\n", format: .vcard)
        #expect(sheet.items.map(\.row) == [1, 2])
        #expect(sheet.items[1].message == NDEFMessage(records: [.uri("https://a.example/2")]))
    }

    @Test func aHeaderlessURIListIsAcceptedAndNumberedFromOne() throws {
        let sheet = try BatchSheet.parse("https://a.example/1\ntel:+15551234\n", format: .vcard)
        #expect(sheet.items.map(\.label) == ["https://a.example/1", "tel:+15551234"])
        #expect(sheet.items.map(\.row) == [1, 2])
    }

    @Test func profileRowsBecomeCardsInTheChosenFormat() throws {
        let text = "name,org,tel,tel,email\nAda Lovelace,Analytical,cell:+44 1,work:+44 2,ada@example.org\n"
        let vcard = try BatchSheet.parse(text, format: .vcard)
        #expect(vcard.items.count == 1)
        #expect(vcard.items[0].label == "Ada Lovelace")
        let record = try #require(vcard.items[0].message.records.first)
        #expect(record.type == Array("text/vcard".utf8))
        let payload = String(decoding: record.payload, as: UTF8.self)
        #expect(payload.contains("FN:Ada Lovelace"))
        #expect(payload.contains("+44 1") && payload.contains("+44 2"))
        let mecard = try BatchSheet.parse(text, format: .mecard)
        #expect(mecard.items[0].message != vcard.items[0].message)
    }

    @Test func unusableSheetsAreInputErrors() {
        #expect(throws: BatchError.emptySheet) { try BatchSheet.parse("", format: .vcard) }
        #expect(throws: BatchError.unknownHeader(["colour"])) { try BatchSheet.parse("colour\nred\n", format: .vcard) }
        #expect(throws: BatchError.unknownColumn("shoe")) { try BatchSheet.parse("name,shoe\nA,42\n", format: .vcard) }
        #expect(throws: BatchError.emptyRow(row: 2)) { try BatchSheet.parse("url\nhttps://x\n \n", format: .vcard) }
    }
}

@Suite struct BatchManifestTests {
    @Test func completedRowsAreThoseWrittenAndVerified() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(getpid()).csv").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let manifest = BatchManifest(path: path)
        #expect(try manifest.completedRows() == [])
        try manifest.append(.init(row: 1, uid: "04:A1", bytes: 20, verified: true, status: "written", detail: ""))
        try manifest.append(
            .init(
                row: 2, uid: "", bytes: nil, verified: false, status: "failed", detail: "The tag left, \"mid-write\"."))
        try manifest.append(.init(row: 3, uid: "04:B2", bytes: 20, verified: false, status: "failed", detail: ""))
        try manifest.append(.init(row: 2, uid: "04:C3", bytes: 20, verified: true, status: "written", detail: ""))
        #expect(try manifest.completedRows() == [1, 2])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("row,uid,bytes,verified,status,detail\n1,04:A1,20,true,written,\n"))
        #expect(try CSV.parse(text)[2] == ["2", "", "", "false", "failed", "The tag left, \"mid-write\"."])
    }
}
