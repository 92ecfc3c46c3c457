import TapCardSupport
import Testing

/// ``JSONReader``: RFC 8259 values, and every malformed text refused with its line and offset.
@Suite struct JSONReaderTests {
    func read(_ text: String) throws(JSONReadError) -> JSON { try JSONReader.read(Array(text.utf8)) }

    @Test func readsEveryKindOfValue() throws {
        let value = try read(#" { "a": [1, -2, 3.5e1, true, false, null], "b": "x\n\u00e9\ud83d\ude00" } "#)
        #expect(value["a"] == .array([.int(1), .int(-2), .double(35), .bool(true), .bool(false), .null]))
        #expect(value["b"] == .string("x\né😀"))
    }

    @Test func keepsMemberOrder() throws {
        guard case .object(let members) = try read(#"{"z": 1, "a": 2}"#) else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.0) == ["z", "a"])
    }

    @Test(arguments: [
        ("", JSONReadError.truncated(expected: "a value", line: 1, offset: 0)),
        ("{\"a\": ", .truncated(expected: "a value", line: 1, offset: 6)),
        ("{\"a\" 1}", .unexpected(byte: 0x31, expected: "':'", line: 1, offset: 5)),
        ("[1,\n2 3]", .unexpected(byte: 0x33, expected: "',' or ']'", line: 2, offset: 6)),
        ("{} x", .unexpected(byte: 0x78, expected: "the end of the text", line: 1, offset: 3)),
        ("\"\\ud800\"", .badEscape(line: 1, offset: 1)),
        ("1e999", .badNumber(line: 1, offset: 0)),
    ])
    func refusesMalformedText(text: String, error: JSONReadError) {
        #expect(throws: error) { try read(text) }
    }

    @Test func refusesNestingDeeperThanTheLimit() {
        let text = String(repeating: "[", count: JSONReader.maximumDepth + 1)
        #expect(throws: JSONReadError.tooDeep(line: 1, offset: JSONReader.maximumDepth)) { try read(text) }
    }

    @Test(
        "A member given twice is found by its path, depth first, arrays by index; skipped objects are not looked into")
    func duplicateMembers() throws {
        #expect(try JSONReader.read(Array(#"{"a": 1, "b": {"c": 2}}"#.utf8)).firstDuplicateMember() == nil)
        #expect(try JSONReader.read(Array(#"{"a": 1, "a": 2}"#.utf8)).firstDuplicateMember() == "$.a")
        #expect(
            try JSONReader.read(Array(#"{"a": {"b": [1, {"c": 1, "c": 1}]}}"#.utf8)).firstDuplicateMember()
                == "$.a.b[1].c")
        let blocks = try JSONReader.read(Array(#"{"blocks": {"0": "x", "0": "y"}}"#.utf8))
        #expect(blocks.firstDuplicateMember() == "$.blocks.0")
        #expect(blocks.firstDuplicateMember(skipping: ["$.blocks"]) == nil)
        #expect(
            try JSONReader.read(Array(#"{"blocks": 1, "blocks": 2}"#.utf8)).firstDuplicateMember(skipping: ["$.blocks"])
                == "$.blocks")
    }
}
