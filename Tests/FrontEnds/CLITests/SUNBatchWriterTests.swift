import SUN
import TapCardSupport
import Testing

@testable import TapCardCLI

/// `sun verify --jsonl` writes an accepted URL's line without the JSON tree (its hot path): byte
/// for byte what the tree serializes, for file data that needs escaping, tracked or not.
@Suite struct SUNBatchWriterTests {
    @Test(
        "The direct writer equals the JSON tree",
        arguments: [
            SUNVerification(uid: [0x04, 0xDE, 0x5F, 0x1E, 0xAC, 0xC0, 0x40], counter: 61, fileData: nil),
            SUNVerification(
                uid: [0x04, 0x95, 0x8C, 0xAA, 0x5C, 0x5E, 0x80], counter: 0xFF_FFFF,
                fileData: Array("x\"y\\z\n\u{1}é\u{2028}".utf8) + [0xFF, 0x00]),
        ])
    func agreesWithTheTree(result: SUNVerification) {
        for (tracked, previous) in [(false, nil), (true, nil), (true, 7)] as [(Bool, Int?)] {
            var direct: [UInt8] = []
            SUNVerifyBatch.writeAccepted(result, previous: previous, tracked: tracked, line: 12, into: &direct)
            let tree = JSONContract.versioned(
                SUNVerifyCommand.resultJSON(.accepted(result, previous: previous), tracked: tracked, line: 12))
            #expect(String(decoding: direct, as: UTF8.self) == tree.serialized())
        }
    }

    @Test("The JSON-object reader: strict members, escapes, duplicates and trailing text refused")
    func objectReader() throws {
        let line = try SUNBatchLine.parse(#" {"url":"https:\/\/h\u0041?e=1","meta_key":null,"file_key":"00"} "#[...])
        #expect(line == SUNBatchLine(url: "https://hA?e=1", metaKey: nil, fileKey: "00"))
        for bad in [
            #"{"url":"a","url":"b"}"#, #"{"url":"a","x":"b"}"#, #"{"url":"a"} x"#, #"{"url":1}"#, #"{"url":"a""#,
            #"{"meta_key":"00"}"#, #"{"url":"\ud800"}"#, "{\"url\":\"a\u{1}\"}",
        ] {
            #expect(throws: SUNBatchLine.Malformed.self, "\(bad)") { try SUNBatchLine.parse(bad[...]) }
        }
    }
}
