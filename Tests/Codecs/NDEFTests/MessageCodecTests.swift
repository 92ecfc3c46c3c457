import Testing

@testable import NDEF

/// Known-answer vectors for the record layout of NFC Forum NDEF 1.0 §3.2 (figure 3): header byte
/// MB|ME|CF|SR|IL|TNF, TYPE_LENGTH, PAYLOAD_LENGTH (1 or 4 bytes), ID_LENGTH, TYPE, ID, PAYLOAD.
@Suite("NDEF message codec: flags and layout")
struct MessageCodecTests {
    @Test("Short URI record: D1 = MB|ME|SR|TNF 1; the ndeflib vector for https://example.com")
    func shortURIRecord() throws {
        // D1: MB(80)|ME(40)|SR(10)|TNF 1; 01: TYPE_LENGTH; 0C: PAYLOAD_LENGTH 12; 55: "U";
        // 04: "https://"; then "example.com".
        let wire = bytes("D1 01 0C 55 04 65 78 61 6D 70 6C 65 2E 63 6F 6D")
        let message = try NDEFMessage.decode(wire)
        #expect(
            message.records == [NDEFRecord(tnf: .wellKnown, type: "U", payload: [0x04] + Array("example.com".utf8))])
        #expect(NDEFMessage(records: [.uri("https://example.com")]).encoded() == wire)
        #expect(NDEFMessage(records: [.uri("https://example.com")]).length == 16)
    }

    @Test("Long record: SR clear, 4-byte big-endian PAYLOAD_LENGTH, chosen when the payload is 256 bytes or more")
    func longRecord() throws {
        let payload = (0..<300).map { UInt8($0 & 0xFF) }
        let message = NDEFMessage(records: [.mime(type: "a/b", payload: payload)])
        let wire = message.encoded()
        // C2: MB|ME|TNF 2 (no SR); 03: TYPE_LENGTH; 00 00 01 2C: 300; "a/b".
        #expect(Array(wire.prefix(9)) == bytes("C2 03 00 00 01 2C 61 2F 62"))
        #expect(wire.count == 9 + 300)
        #expect(message.length == wire.count)
        #expect(try NDEFMessage.decode(wire) == message)
        // 255 bytes still fits a short record.
        let short = NDEFMessage(records: [.mime(type: "a/b", payload: [UInt8](repeating: 7, count: 255))]).encoded()
        #expect(Array(short.prefix(3)) == bytes("D2 03 FF"))
    }

    @Test("A long record whose payload would fit a short one is still valid on decode")
    func longRecordSmallPayload() throws {
        // C1: MB|ME|TNF 1, SR clear; PAYLOAD_LENGTH 00 00 00 02; "U"; 04 "x"
        let message = try NDEFMessage.decode(bytes("C1 01 00 00 00 02 55 04 78"))
        #expect(message.records.first?.view == .uri(URIRecord(uri: "https://x")))
    }

    @Test("IL flag: ID_LENGTH byte after PAYLOAD_LENGTH, ID after TYPE")
    func idField() throws {
        // D9: MB|ME|SR|IL|TNF 1; 01 type len; 02 payload len; 03 id len; "T"?? no: "U"; id "abc"; payload 00 "x"
        let wire = bytes("D9 01 02 03 55 61 62 63 00 78")
        let message = try NDEFMessage.decode(wire)
        #expect(
            message.records == [NDEFRecord(tnf: .wellKnown, type: "U", id: Array("abc".utf8), payload: [0x00, 0x78])])
        #expect(message.encoded() == wire)
    }

    @Test("Three records: MB only on the first, ME only on the last")
    func multipleRecords() throws {
        let message = NDEFMessage(records: [.uri("tel:1"), .text("a"), .empty])
        let wire = message.encoded()
        // 91 = MB|SR|TNF1; 11 = SR|TNF1; 50 = ME|SR|TNF0
        #expect(wire == bytes("91 01 02 55 05 31  11 01 04 54 02 65 6E 61  50 00 00"))
        #expect(try NDEFMessage.decode(wire) == message)
        #expect(message.length == wire.count)
    }

    @Test("Empty record and empty message: D0 00 00")
    func emptyRecord() throws {
        #expect(try NDEFMessage.decode(bytes("D0 00 00")).records == [.empty])
        #expect(NDEFMessage(records: []).encoded() == bytes("D0 00 00"))
        #expect(NDEFMessage(records: []).length == 3)
        #expect(NDEFRecord.empty.view == .empty)
    }

    @Test("Every TNF 0–6 decodes to its case; 7 is rejected")
    func everyTNF() throws {
        #expect(try NDEFMessage.decode(bytes("D0 00 00")).records[0].tnf == .empty)
        #expect(try NDEFMessage.decode(bytes("D1 01 00 58")).records[0].tnf == .wellKnown)
        #expect(try NDEFMessage.decode(bytes("D2 03 00 61 2F 62")).records[0].tnf == .media)
        #expect(try NDEFMessage.decode(bytes("D3 05 00 75 72 6E 3A 78")).records[0].tnf == .absoluteURI)
        #expect(try NDEFMessage.decode(bytes("D4 03 00 61 3A 62")).records[0].tnf == .external)
        #expect(try NDEFMessage.decode(bytes("D5 00 01 FF")).records[0].tnf == .unknown)
        // TNF 6 only inside a chunk sequence: B5 = MB|CF|SR|TNF5, 56 = ME|SR|TNF6.
        let chunked = try NDEFMessage.decode(bytes("B5 00 01 AA 56 00 01 BB"))
        #expect(chunked.records == [NDEFRecord(tnf: .unknown, type: [UInt8](), payload: [0xAA, 0xBB])])
        #expect(throws: NDEFError.reservedTNF(offset: 0)) { try NDEFMessage.decode(bytes("D7 00 00")) }
    }

    @Test("CF: three chunks are reassembled into one logical record with the first chunk's type and ID")
    func chunkReassembly() throws {
        // B9: MB|CF|SR|IL|TNF1, type "T", payload 02 "en" (3 bytes), id "i"
        // 36: CF|SR|TNF6, payload "ab"; 56: ME|SR|TNF6, payload "c"
        let wire = bytes("B9 01 03 01 54 69 02 65 6E  36 00 02 61 62  56 00 01 63")
        let message = try NDEFMessage.decode(wire)
        #expect(message.records.count == 1)
        #expect(
            message.records[0]
                == NDEFRecord(tnf: .wellKnown, type: "T", id: [0x69], payload: bytes("02 65 6E 61 62 63")))
        #expect(message.records[0].view == .text(TextRecord("abc", language: "en")))
        let (_, locations) = try NDEFMessage.decodeWithLocations(wire)
        #expect(locations == [RecordLocation(offset: 0, payloadRanges: [6..<9, 12..<14, 17..<18])])
        #expect(locations[0].inputOffset(ofPayloadByte: 3) == 12)
        #expect(locations[0].inputOffset(ofPayloadByte: 5) == 17)
    }

    @Test("encoded(chunkSize:) writes a chunk sequence that decodes to the same message")
    func chunkedEncoding() throws {
        let message = NDEFMessage(records: [.text("Hello, chunks", language: "en"), .uri("https://a.example/")])
        let wire = message.encoded(chunkSize: 4)
        #expect(wire.first == 0xB1)  // MB|CF|SR|TNF 1
        #expect(try NDEFMessage.decode(wire) == message)
    }

    @Test("A typed record without a type is never chunked: its initial chunk could not carry the type")
    func typelessTypedRecordIsWrittenWhole() throws {
        // Found by the fuzzer: D1 00 06 …, one short well-known record with TYPE LENGTH 0. Decoding
        // accepts it whole; a chunked re-encoding must not produce a typeless initial chunk, which
        // the decoder refuses (the first chunk carries the type, NDEF 1.0 §2.3.3).
        let wire: [UInt8] = [0xD1, 0x00, 0x06, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06]
        let message = try NDEFMessage.decode(wire)
        for chunkSize in 1...8 {
            let chunked = message.encoded(chunkSize: chunkSize)
            #expect(chunked == wire, "chunk size \(chunkSize)")
            #expect(try NDEFMessage.decode(chunked) == message)
        }
        // An unknown-TNF record has no type by definition, and chunks fine.
        let unknown = NDEFMessage(records: [NDEFRecord(tnf: .unknown, type: [], id: [], payload: [1, 2, 3, 4, 5])])
        let chunked = unknown.encoded(chunkSize: 2)
        #expect(chunked.first == 0xB5)  // MB|CF|SR|TNF 5
        #expect(try NDEFMessage.decode(chunked) == unknown)
    }
}
