import TestSupport
import Testing

@testable import NDEF

/// The decoder is total: any byte string gives a message or a typed error; nothing traps.
@Suite("Robustness")
struct RobustnessTests {
    /// Decodes `input` fully (message and every view) and checks the result is coherent.
    private func check(_ input: [UInt8]) -> Bool {
        do {
            let decoded = try DecodedMessage.decode(input)
            // A valid message re-encodes to something that decodes to the same records.
            let again = try NDEFMessage.decode(decoded.message.encoded())
            return again == decoded.message && decoded.views.count == decoded.message.records.count
        } catch {
            guard let offset = error.offset else { return false }
            return offset >= 0 && offset <= input.count && !error.sentence.isEmpty
        }
    }

    @Test("100 000 seeded random and mutated inputs: a message or an NDEFError with an in-range offset")
    func randomAndMutated() {
        var random = SplitMix64(seed: 0xF0F0_2026)
        var generator = RecordGenerator(seed: 0xF0F0_2027)
        var valid = 0
        var failures = 0
        for round in 0..<100_000 {
            var input: [UInt8]
            if round % 2 == 0 {
                // Pure random bytes, biased to start like a record header.
                input = random.bytes(Int.random(in: 0...48, using: &random))
                if !input.isEmpty && round % 4 == 0 { input[0] = 0xD0 | (input[0] & 0x2F) }
            } else {
                // A valid message with 1–4 mutations: flip, set, insert, delete, truncate.
                let message = generator.message()
                // One in four is sent chunked, so chunk sequences get mutated too.
                input =
                    round % 8 == 1
                    ? message.encoded(chunkSize: Int.random(in: 1...64, using: &random)) : message.encoded()
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    guard !input.isEmpty else { break }
                    let at = Int.random(in: 0..<input.count, using: &random)
                    switch Int.random(in: 0...4, using: &random) {
                    case 0: input[at] ^= UInt8(1) << UInt8.random(in: 0...7, using: &random)
                    case 1: input[at] = UInt8.random(in: 0...255, using: &random)
                    case 2: input.insert(UInt8.random(in: 0...255, using: &random), at: at)
                    case 3: input.remove(at: at)
                    default: input.removeLast(Int.random(in: 0...input.count - at, using: &random))
                    }
                }
            }
            if (try? NDEFMessage.decode(input)) != nil { valid += 1 }
            if !check(input) { failures += 1 }
        }
        #expect(failures == 0)
        // The mutated half must exercise both outcomes, or the loop tests nothing.
        #expect(valid > 1_000)
        #expect(valid < 90_000)
    }

    @Test("Huge declared lengths fail fast: 0xFFFFFFFF payload, 255-byte type and ID on a tiny input")
    func hugeLengths() {
        for header in [bytes("C1 01 FF FF FF FF"), bytes("C9 FF FF FF FF FF FF"), bytes("B5 00 FF")] {
            #expect(throws: NDEFError.self) { try NDEFMessage.decode(header + [0x55]) }
        }
    }

    @Test("Every prefix of a valid message is rejected with an offset inside it")
    func everyTruncation() {
        let wire = NDEFMessage(records: [.smartPoster(uri: "https://example.com", titles: ["en": "Hi"]), .text("x")])
            .encoded()
        for length in 0..<wire.count {
            let prefix = Array(wire.prefix(length))
            #expect(throws: NDEFError.self) { try NDEFMessage.decode(prefix) }
            #expect(check(prefix))
        }
    }
}
