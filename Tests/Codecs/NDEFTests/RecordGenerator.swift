import TestSupport

@testable import NDEF

/// Seeded random records and messages built only through the public builders, covering every
/// record kind, both text encodings and layouts, IDs, short and long payloads.
struct RecordGenerator {
    var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    private static let alphabet: [String] = [
        "a", "b", "z", "0", "9", " ", "-", "/", ".", "é", "ß", "中", "文", "😀", "🇫🇷", "\u{0301}", "Ω", "\t",
    ]

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

    mutating func string(maxLength: Int) -> String {
        let count = int(0...maxLength)
        return (0..<count).map { _ in Self.alphabet[int(0...(Self.alphabet.count - 1))] }.joined()
    }

    mutating func ascii(_ range: ClosedRange<Int>) -> String {
        String(decoding: (0..<int(range)).map { _ in UInt8(int(0x61...0x7A)) }, as: UTF8.self)
    }

    mutating func language() -> String {
        ["en", "fr", "de", "ja", "zh-Hant", "en-US", "x"][int(0...6)]
    }

    mutating func uri() -> String {
        let code = int(0...35)
        return URIRecord.prefixes[code] + ascii(0...20) + (int(0...3) == 0 ? string(maxLength: 5) : "")
    }

    mutating func textRecord() -> TextRecord {
        let encoding: TextEncoding = int(0...1) == 0 ? .utf8 : .utf16
        let layout = UTF16Layout.allCases[int(0...2)]
        return TextRecord(string(maxLength: 30), language: language(), encoding: encoding, utf16Layout: layout)
    }

    mutating func payload() -> [UInt8] {
        let long = int(0...9) == 0
        return random.bytes(long ? int(256...700) : int(0...40))
    }

    mutating func record() -> NDEFRecord {
        var record: NDEFRecord
        switch int(0...8) {
        case 0: record = .uri(uri())
        case 1: record = textRecord().record
        case 2:
            let titles = (0..<int(0...3)).map { index in
                TextRecord(string(maxLength: 10), language: ["en", "fr", "de"][index])
            }
            let action: SmartPosterAction? = int(0...1) == 0 ? nil : SmartPosterAction(rawValue: UInt8(int(0...2)))
            record = SmartPoster(uri: URIRecord(uri: uri()), titles: titles, action: action).record
        case 3:
            record = .mime(
                type: ["text/plain", "image/png", "application/octet-stream"][int(0...2)], payload: payload())
        case 4: record = .external(type: "example.com:" + ascii(1...8), payload: payload())
        case 5: record = .androidApplication(package: "com." + ascii(1...10))
        case 6: record = .absoluteURI("urn:example:" + ascii(1...6), payload: payload())
        case 7: record = .empty
        default: record = NDEFRecord(tnf: .unknown, type: [UInt8](), payload: payload())
        }
        if record.tnf != .empty && int(0...3) == 0 { record.id = Array(ascii(1...12).utf8) }
        return record
    }

    mutating func message() -> NDEFMessage {
        NDEFMessage(records: (0..<int(1...4)).map { _ in record() })
    }
}
