import Testing

@testable import NDEF

/// Records whose structure is sound but that break a type rule: TNF 1–4 with TYPE_LENGTH 0. They
/// are kept and flagged by default, and refused with their offset under `.refuse`.
@Suite("Record problems: a typed record without a type")
struct RecordProblemTests {
    @Test("TNF 1–4 with an empty TYPE decode, keep every byte and name the rule", arguments: 1...4)
    func keptAndFlagged(_ tnfValue: Int) throws {
        let tnf = try #require(TypeNameFormat(rawValue: UInt8(tnfValue)))
        // D0|TNF = MB|ME|SR|TNF; TYPE_LENGTH 0; PAYLOAD_LENGTH 2; payload 01 02.
        let wire: [UInt8] = [0xD0 | UInt8(tnfValue), 0x00, 0x02, 0x01, 0x02]
        let message = try NDEFMessage.decode(wire)
        let record = try #require(message.records.first)
        #expect(record == NDEFRecord(tnf: tnf, type: [UInt8](), payload: [1, 2]))
        #expect(record.problems == [.emptyType(tnf)])
        #expect(
            RecordProblem.emptyType(tnf).sentence
                == "TNF \(tnfValue) (\(tnf.name)) with an empty TYPE; NDEF 1.0 §3.2.6 requires a type")
        let decoded = try DecodedMessage.decode(wire)
        #expect(decoded.message == message)
        #expect(message.encoded() == wire)
    }

    @Test("Records that follow the rules have no problems: TNF 0 and 5 take no type, typed ones have one")
    func noProblems() {
        #expect(NDEFRecord.empty.problems.isEmpty)
        #expect(NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [1]).problems.isEmpty)
        #expect(NDEFRecord.uri("https://example.com").problems.isEmpty)
        #expect(NDEFRecord.mime(type: "text/plain", payload: []).problems.isEmpty)
    }

    @Test("Refused under .refuse with the record's offset, also on a later record")
    func refused() throws {
        #expect(throws: NDEFError.missingType(offset: 0, tnf: .wellKnown)) {
            try NDEFMessage.decode(bytes("D1 00 00"), problems: .refuse)
        }
        // A URI record (5 bytes: 91 01 01 55 00), then at byte 5 a typeless media record.
        let two = bytes("91 01 01 55 00  52 00 01 07")
        #expect(try NDEFMessage.decode(two).records.count == 2)
        #expect(throws: NDEFError.missingType(offset: 5, tnf: .media)) {
            try DecodedMessage.decode(two, problems: .refuse)
        }
        #expect(throws: NDEFError.missingType(offset: 5, tnf: .media)) {
            try NDEFMessage.decodeWithLocations(two, problems: .refuse)
        }
        #expect(
            NDEFError.missingType(offset: 5, tnf: .media).sentence
                == "TNF 2 (media) with an empty TYPE; NDEF 1.0 §3.2.6 requires a type. (byte 5)")
        // Rules that hold whatever the policy still come first: a chunked typeless record.
        #expect(throws: NDEFError.chunkWithoutType(offset: 0, tnf: .wellKnown)) {
            try NDEFMessage.decode(bytes("B1 00 01 00 56 00 01 00"), problems: .refuse)
        }
        // Well-typed messages decode the same under either policy.
        let fine = NDEFMessage(records: [.uri("https://example.com"), .empty]).encoded()
        #expect(try NDEFMessage.decode(fine, problems: .refuse) == NDEFMessage.decode(fine))
    }
}
