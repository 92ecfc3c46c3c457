import Testing

@testable import NDEF

/// Every rule of NDEF 1.0 the decoder enforces, each with a hand-built byte string and the exact
/// error (rule and offset) it must produce.
@Suite("NDEF message codec: strict validation")
struct MessageErrorTests {
    private func expectError(_ hex: String, _ expected: NDEFError, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(throws: expected, sourceLocation: sourceLocation) { try NDEFMessage.decode(bytes(hex)) }
    }

    @Test("Empty input: a message has at least one record (§3.3)")
    func emptyInput() {
        #expect(throws: NDEFError.emptyInput) { try NDEFMessage.decode([]) }
        #expect(NDEFError.emptyInput.offset == 0)
    }

    @Test("Truncated header: TYPE_LENGTH, PAYLOAD_LENGTH (short and long) and ID_LENGTH missing")
    func truncatedHeader() {
        expectError("D1", .truncated(field: .typeLength, offset: 1, needed: 1, available: 0))
        expectError("D1 01", .truncated(field: .payloadLength, offset: 2, needed: 1, available: 0))
        // C1: long record; only 2 of the 4 PAYLOAD_LENGTH bytes present.
        expectError("C1 01 00 00", .truncated(field: .payloadLength, offset: 2, needed: 4, available: 2))
        // D9: IL set, ID_LENGTH missing.
        expectError("D9 01 01", .truncated(field: .idLength, offset: 3, needed: 1, available: 0))
    }

    @Test("Truncated TYPE, ID and PAYLOAD: a length field claims more bytes than remain")
    func lengthPastEnd() {
        // TYPE_LENGTH 3, only "U" present.
        expectError("D1 03 00 55", .lengthPastEnd(field: .type, offset: 3, declared: 3, available: 1))
        // ID_LENGTH 4 after type "U", only 1 byte left.
        expectError("D9 01 00 04 55 61", .lengthPastEnd(field: .id, offset: 5, declared: 4, available: 1))
        // PAYLOAD_LENGTH 12, 3 bytes present.
        expectError("D1 01 0C 55 04 65 78", .lengthPastEnd(field: .payload, offset: 4, declared: 12, available: 3))
    }

    @Test("A record claiming 0xFFFFFFFF payload bytes fails fast without allocating")
    func hugeLength() {
        expectError(
            "C1 01 FF FF FF FF 55 04 61",
            .lengthPastEnd(field: .payload, offset: 7, declared: 0xFFFF_FFFF, available: 2))
    }

    @Test("MB missing on the first record; MB set on a later one (§3.2.1)")
    func messageBegin() {
        // 51 = ME|SR|TNF1: no MB.
        expectError("51 01 01 55 00", .missingMessageBegin(offset: 0))
        // 91 = MB|SR|TNF1 then D1 again (MB set on the second record at byte 5).
        expectError("91 01 01 55 00  D1 01 01 55 00", .misplacedMessageBegin(offset: 5))
    }

    @Test("ME missing on the last record (§3.2.2)")
    func messageEnd() {
        // 91 = MB|SR|TNF1 and nothing after it.
        expectError("91 01 01 55 00", .missingMessageEnd(offset: 0))
        expectError("91 01 01 55 00  11 01 01 55 00", .missingMessageEnd(offset: 5))
    }

    @Test("Bytes after the record with ME: a Type 2 terminator TLV FE or a whole second record")
    func trailingBytes() {
        expectError("D1 01 01 55 00 FE", .bytesAfterMessageEnd(offset: 5, count: 1))
        expectError("D1 01 01 55 00  D1 01 01 55 00", .bytesAfterMessageEnd(offset: 5, count: 5))
    }

    @Test("TNF 0 (empty) with a type, ID or payload (§3.2.6)")
    func emptyWithContent() {
        expectError("D0 01 00 55", .emptyRecordWithContent(offset: 0, typeLength: 1, idLength: 0, payloadLength: 0))
        expectError("D8 00 00 01 61", .emptyRecordWithContent(offset: 0, typeLength: 0, idLength: 1, payloadLength: 0))
        expectError("D0 00 01 00", .emptyRecordWithContent(offset: 0, typeLength: 0, idLength: 0, payloadLength: 1))
    }

    @Test("TNF 6 (unchanged) outside a chunk sequence (§3.2.6)")
    func unchangedOutsideChunk() {
        expectError("D6 00 00", .unchangedOutsideChunk(offset: 0))
        // Also after a complete (unchunked) first record.
        expectError("91 01 01 55 00  56 00 00", .unchangedOutsideChunk(offset: 5))
    }

    @Test("TNF 5 (unknown) and TNF 6 (unchanged) must have TYPE_LENGTH 0 (§3.2.6)")
    func typeNotAllowed() {
        expectError("D5 01 00 55", .typeNotAllowed(offset: 0, tnf: .unknown, typeLength: 1))
        // A TNF 6 terminating chunk with a type: the chunk rule names it.
        expectError("B5 00 01 AA  56 01 01 55 BB", .chunkWithType(offset: 4, typeLength: 1))
    }

    @Test("First chunk without a type: TNF 0, TNF 6, or TNF 1–4 with TYPE_LENGTH 0 (§2.3.3)")
    func firstChunkWithoutType() {
        expectError("B0 00 00  56 00 00", .chunkWithoutType(offset: 0, tnf: .empty))
        expectError("B6 00 01 AA  56 00 01 BB", .unchangedOutsideChunk(offset: 0))
        expectError("B1 00 01 AA  56 00 01 BB", .chunkWithoutType(offset: 0, tnf: .wellKnown))
        expectError("B2 00 01 AA  56 00 01 BB", .chunkWithoutType(offset: 0, tnf: .media))
    }

    @Test("Middle or last chunk with a TNF other than 6, with a type, or with an ID (§2.3.3)")
    func middleChunkRules() {
        // B1 = MB|CF|SR|TNF1 "U" payload 04; then a continuation with TNF 1.
        expectError("B1 01 01 55 04  51 01 01 55 61", .chunkNotUnchanged(offset: 5, tnf: .wellKnown))
        // Middle chunk 36 = CF|SR|TNF6 with TYPE_LENGTH 1.
        expectError("B1 01 01 55 04  36 01 01 55 61  56 00 00", .chunkWithType(offset: 5, typeLength: 1))
        // Middle chunk 3E = CF|SR|IL|TNF6 with an ID.
        expectError("B1 01 01 55 04  3E 00 01 01 69 61  56 00 00", .chunkWithID(offset: 5))
        // Last chunk 5E = ME|SR|IL|TNF6.
        expectError("B1 01 01 55 04  5E 00 01 01 69 61", .chunkWithID(offset: 5))
    }

    @Test("Unterminated chunk sequence: ME on a chunk with CF, or input ending inside the sequence")
    func unterminatedChunk() {
        // F1 = MB|ME|CF|SR|TNF1: the only record is an initial chunk.
        expectError("F1 01 01 55 04", .unterminatedChunk(offset: 0, chunkStart: 0))
        // 76 = ME|CF|SR|TNF6 as the last record.
        expectError("B1 01 01 55 04  76 00 01 61", .unterminatedChunk(offset: 5, chunkStart: 0))
        // The input ends after a middle chunk without ME.
        expectError("B1 01 01 55 04  36 00 01 61", .unterminatedChunk(offset: 5, chunkStart: 0))
    }

    @Test("Reserved TNF 7 (§3.2.6), also on a later record")
    func reservedTNF() {
        expectError("D7 00 00", .reservedTNF(offset: 0))
        expectError("91 01 01 55 00  57 00 00", .reservedTNF(offset: 5))
    }

    @Test("Type names must be printable US-ASCII (RTD 1.0 §2.1, RFC 2046)")
    func typeNames() {
        expectError("D2 03 00 61 FF 62", .invalidTypeName(offset: 4, tnf: .media))
        expectError("D1 01 00 00", .invalidTypeName(offset: 3, tnf: .wellKnown))
    }

    @Test("Every error's sentence names the rule and ends with its byte offset")
    func sentences() {
        let error = NDEFError.lengthPastEnd(field: .payload, offset: 4, declared: 12, available: 3)
        #expect(
            error.sentence == "The record's PAYLOAD field is declared as 12 bytes but only 3 bytes remain. (byte 4)")
        #expect(error.origin == .input)
        #expect(NDEFError.fieldTooLong(record: 0, field: .type, length: 300, maximum: 255).offset == nil)
    }

    @Test("Encoding refuses TYPE or ID fields over 255 bytes")
    func fieldTooLong() {
        let long = [UInt8](repeating: 0x61, count: 256)
        #expect(throws: NDEFError.fieldTooLong(record: 1, field: .type, length: 256, maximum: 255)) {
            try NDEFMessage(records: [.empty, NDEFRecord(tnf: .media, type: long)]).validateForEncoding()
        }
        #expect(throws: NDEFError.fieldTooLong(record: 0, field: .id, length: 256, maximum: 255)) {
            try NDEFMessage(records: [NDEFRecord(tnf: .media, type: "a/b", id: long)]).validateForEncoding()
        }
    }
}
