import Foundation
import TapCardSupport
import Testing

@testable import TapCardCLI

/// Issue 26, item 3: an error's figures are typed and named by what they are, and `focus pair` and
/// `focus tap` say which profile they acted on, as the other focus commands do. Before, the `focus
/// tap` refusal of a stranger's tag carried `paired` as a Swift debug description
/// (`["PairedTag(identity: …)"]`) and `running_since` as `2026-12-03 14:23:52 +0000`, and
/// unlabeled values were `value_0`, `value_1`.
@Suite struct ErrorFiguresJSONTests {
    /// Every key of every object in `value`, at any depth.
    static func keys(_ value: Any) -> [String] {
        if let object = value as? [String: Any] { return object.keys + object.values.flatMap(keys) }
        if let array = value as? [Any] { return array.flatMap(keys) }
        return []
    }

    /// Every string in `value`, at any depth.
    static func strings(_ value: Any) -> [String] {
        if let text = value as? String { return [text] }
        if let object = value as? [String: Any] { return object.values.flatMap(strings) }
        if let array = value as? [Any] { return array.flatMap(strings) }
        return []
    }

    @Test("focus tap with another tag: paired tags are objects, times RFC 3339, no debug text, no value_N")
    func strangerTag() async throws {
        let scenario = FocusScenario()
        let a = scenario.makeTag("A.nfc", uid: "04 A1 B2 C3 D4 E5 80")
        let b = scenario.makeTag("B.nfc", uid: "04 A1 B2 C3 D4 E5 81")
        let pair = await scenario.run(["focus", "pair", "--tag", a, "--json"])
        #expect(pair.output.contains(#""profile":"focus""#), "\(pair.output)")
        let tap = await scenario.run(["focus", "tap", "--tag", a, "--json"])
        #expect(tap.status == 0 && tap.output.contains(#""profile":"focus""#), "\(tap.output)")
        let refused = await scenario.run(["focus", "tap", "--tag", b, "--json"])
        #expect(refused.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(refused.output.utf8)) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        let figures = try #require(error["figures"] as? [String: Any])
        let paired = try #require(figures["paired"] as? [[String: Any]])
        #expect(paired.count == 1)
        let since = try #require(figures["running_since"] as? String)
        #expect(since.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil, "\(since)")
        #expect(!Self.keys(object).contains { $0.hasPrefix("value_") })
        #expect(!Self.strings(object).contains { $0.contains("PairedTag(") || $0.contains("TagIdentity(") })
    }

    enum Sample: Error {
        case two(Int, [UInt8])
        case nested(when: Date, inner: Inner)
    }

    /// A TapCardError's description is its sentence: a case without values is still named by its case.
    enum Worded: TapCardError {
        case emptyMediaType
        var origin: ErrorOrigin { .input }
        var sentence: String { "The media type is empty; a MIME type is type/subtype." }
    }

    struct Inner {
        var count: Int
        var kind: Kind
        enum Kind { case small, large(Int) }
    }

    @Test("Unlabeled values are named by their type; dates, structs and enums with values are typed")
    func shapes() throws {
        let (kind, figures) = ErrorJSON.describe(Sample.two(3, [0xAB]))
        #expect(kind == "sample.two")
        // Before, the sentence itself became the kind ("worded.the_media_type_is_empty;_a_mime…").
        #expect(ErrorJSON.describe(Worded.emptyMediaType).0 == "worded")
        #expect(figures == .object([("value", .int(3)), ("values", .string("ab"))]))
        let (_, nested) = ErrorJSON.describe(
            Sample.nested(when: Date(timeIntervalSince1970: 0), inner: Inner(count: 2, kind: .large(5))))
        #expect(
            nested
                == .object([
                    ("when", .string("1970-01-01T00:00:00Z")),
                    (
                        "inner",
                        .object([
                            ("count", .int(2)), ("kind", .object([("case", .string("large")), ("value", .int(5))])),
                        ])
                    ),
                ]))
    }
}
