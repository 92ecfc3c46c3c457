import NDEF
import TagEmulator
import Testing

@testable import TagWorkflows

/// "Verified" means it decodes: the read-back verdict judges every record the way `read` does
/// (`NDEFRecord.decodeView()`), so bytes that landed exactly but that a reader calls malformed are
/// never reported verified. These go around the CLI's `--lang` check on purpose.
@Suite struct StrictVerificationTests {
    static func text(status: UInt8, language: [UInt8], _ text: String = "hi") -> NDEFRecord {
        NDEFRecord(tnf: .wellKnown, type: [0x54], payload: [status] + language + Array(text.utf8))
    }

    /// The bad languages of issue 12, as a naive encoder writes them: the status byte is the
    /// language length (and, for 128, its bit 7 then claims UTF-16 and its length is 0).
    static let badLanguages: [(name: String, record: NDEFRecord, error: NDEFError)] = [
        ("empty", text(status: 0, language: []), .missingLanguage(offset: 0)),
        ("empty, through NDEFRecord.text", .text("hi", language: ""), .missingLanguage(offset: 0)),
        (
            "日本", text(status: 6, language: Array("日本".utf8)),
            .invalidUTF8(what: "language code (US-ASCII)", offset: 1)
        ),
        (
            "日本, through NDEFRecord.text", .text("hi", language: "日本"),
            .invalidUTF8(what: "language code (US-ASCII)", offset: 1)
        ),
        (
            "128 characters",
            text(status: UInt8(truncatingIfNeeded: 128), language: Array(repeating: 0x61, count: 128)),
            .missingLanguage(offset: 0)
        ),
    ]

    @Test(arguments: badLanguages.indices)
    func aTextRecordReadCallsMalformedIsNotVerified(_ index: Int) async throws {
        let (name, record, error) = Self.badLanguages[index]
        let tag = EmulatedTag(model: .ntag213)
        let message = NDEFMessage(records: [record])
        await #expect(
            throws: TagWriteError.malformedRecord(record: 1, records: 1, type: [0x54], error: error), "\(name)"
        ) {
            _ = try await Type2Tag(transport: tag).write(message)
        }
        // The bytes did land: the tag holds exactly them, and `read` calls the record malformed.
        let read = try await Type2Tag(transport: tag).read()
        #expect(read.content.bytes == message.encoded())
        guard case .invalid(let readError)? = read.content.message?.records.first?.view else {
            Issue.record("\(name): read does not call it malformed")
            return
        }
        #expect(readError == error)
        // A second write of the same bytes writes nothing and is still not verified.
        await #expect(throws: TagWriteError.self) { _ = try await Type2Tag(transport: tag).write(message) }
    }

    @Test func theErrorSaysWhichRecordAndWhy() async throws {
        let tag = EmulatedTag(model: .ntag213)
        let message = NDEFMessage(records: [.uri("https://example.com"), Self.text(status: 0, language: [])])
        let thrown = await #expect(throws: TagWriteError.self) { _ = try await Type2Tag(transport: tag).write(message) }
        let error = try #require(thrown)
        #expect(error == .malformedRecord(record: 2, records: 2, type: [0x54], error: .missingLanguage(offset: 0)))
        #expect(
            error.sentence
                == "Every page write was acknowledged and the tag holds the bytes written, but record 2 of 2 (type \"T\") does not decode: The text record's language code length is 0; a language code is required. (payload byte 0) A reader calls it malformed, so the write is not verified; write a valid record instead."
        )
        #expect(error.origin == .input)
    }

    /// The verdict and `read` agree record by record: a write verifies exactly when every record's
    /// view decodes.
    @Test func theVerdictAgreesWithRead() async throws {
        let poster = { (title: TextRecord) in
            NDEFRecord(
                tnf: .wellKnown, type: Array("Sp".utf8),
                payload: NDEFMessage(records: [.uri("https://example.com"), title.record]).encoded())
        }
        let records: [NDEFRecord] = [
            .text("ok", language: "en"), .text("ok", language: "zh-Hant-TW"), Self.text(status: 2, language: [0x65]),
            poster(TextRecord("title", language: "fr")), poster(TextRecord("title", language: "")),
            NDEFRecord(tnf: .wellKnown, type: [0x55], payload: []), .uri("https://example.com"),
            .mime(type: "text/plain", payload: Array("x".utf8)),
        ]
        for record in records {
            let decodes = (try? record.decodeView()) != nil
            let tag = EmulatedTag(model: .ntag215)
            let verified: Bool
            do {
                verified = try await Type2Tag(transport: tag).write(NDEFMessage(records: [record])).verified
            } catch is TagWriteError {
                verified = false
            }
            #expect(verified == decodes, "\(record.view)")
        }
    }
}
