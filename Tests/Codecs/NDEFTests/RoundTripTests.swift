import Testing

@testable import NDEF

/// encode ∘ decode = identity, on seeded random messages built through the builders.
@Suite("Round trips")
struct RoundTripTests {
    @Test("decode(encode(m)) == m and length == encoded().count, 5 000 seeded messages")
    func messages() throws {
        var generator = RecordGenerator(seed: 0x5EED_0001)
        for _ in 0..<5_000 {
            let message = generator.message()
            let wire = message.encoded()
            #expect(message.length == wire.count)
            let decoded = try NDEFMessage.decode(wire)
            #expect(decoded == message)
            // Chunked the same message decodes to the same records.
            let chunkSize = generator.int(1...64)
            #expect(try NDEFMessage.decode(message.encoded(chunkSize: chunkSize)) == message)
        }
    }

    @Test("Every record's view rebuilds the exact record (record → view → record)")
    func views() throws {
        var generator = RecordGenerator(seed: 0x5EED_0002)
        for _ in 0..<5_000 {
            let record = generator.record()
            var rebuilt: NDEFRecord
            switch try record.decodeView() {
            case .empty: rebuilt = .empty
            case .uri(let uri): rebuilt = uri.record
            case .text(let text): rebuilt = text.record
            case .smartPoster(let poster): rebuilt = poster.record
            case .mime(let mime): rebuilt = mime.record
            case .external(let external): rebuilt = external.record
            case .androidApplication(let aar): rebuilt = aar.record
            case .absoluteURI(let absolute): rebuilt = absolute.record
            case .unknown(let tnf, let type, let payload): rebuilt = NDEFRecord(tnf: tnf, type: type, payload: payload)
            case .invalid(let error):
                Issue.record("builder produced an invalid record: \(error)")
                continue
            }
            rebuilt.id = record.id
            #expect(rebuilt == record)
        }
    }

    @Test("Text views keep text, language, encoding and UTF-16 layout")
    func textViews() throws {
        var generator = RecordGenerator(seed: 0x5EED_0003)
        for _ in 0..<3_000 {
            let text = generator.textRecord()
            #expect(try TextRecord.decode(payload: text.payload[...]) == text)
        }
    }
}
