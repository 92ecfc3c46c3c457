import SUN
import TagEmulator
import TagFrames
import TestSupport
import Testing
import Type4

/// Agreement: SUN URLs the emulated NTAG 424 DNA mirrors (tag side, written from the datasheet)
/// verified by module Type4's `SUNVerifier` (host side, written separately), over seeded random
/// keys, UIDs, counters and URL layouts. The test builds each NDEF file and finds the offsets
/// itself, by locating the placeholders in the file's bytes.
@Suite struct SDMRoundTripTests {
    typealias F = SDMFixture

    /// The three URL styles of reference §2.7.
    enum Style: CaseIterable {
        /// `?e=<PICCData>&c=<MAC>` (AN12196), MAC of the empty string.
        case piccAndMAC
        /// `?picc_data=<PICCData>&enc=<ENC>&cmac=<MAC>`, MAC over `<ENC>&cmac=`.
        case separated
        /// `?uid=<UID>&ctr=<counter>&cmac=<MAC>`, plain mirror, MAC of the empty string.
        case plain
    }

    /// One random case: the file, its settings and what the verifier must find.
    struct Case {
        var style: Style
        var uid: [UInt8]
        var keys: [[UInt8]]
        var metaKey: UInt8
        var fileKey: UInt8
        var file: [UInt8]
        var settings: [UInt8]
        var secret: [UInt8]
        var prefix: String
    }

    static let cases = 1_000

    static func randomCase(_ random: inout SplitMix64) -> Case {
        let style = Style.allCases[Int.random(in: 0..<3, using: &random)]
        let uid = [0x04] + random.bytes(6)
        let keys = (0..<5).map { _ in random.bytes(16) }
        let metaKey = UInt8.random(in: 0...4, using: &random)
        let fileKey = UInt8.random(in: 0...4, using: &random)
        func pick(_ alphabet: String, _ count: Int) -> [UInt8] {
            let characters = Array(alphabet.utf8)
            return (0..<count).map { _ in characters[Int.random(in: 0..<characters.count, using: &random)] }
        }
        func word(_ range: ClosedRange<Int>) -> String {
            String(
                decoding: pick("abcdefghijklmnopqrstuvwxyz0123456789", Int.random(in: range, using: &random)),
                as: UTF8.self)
        }
        let tlds = ["com", "org", "io", "net", "example"]
        var location = word(1...10) + "." + tlds[Int.random(in: 0..<tlds.count, using: &random)]
        for _ in 0..<Int.random(in: 0...2, using: &random) { location += "/" + word(1...8) }
        let prefixCode = UInt8.random(in: 1...4, using: &random)
        let prefix = ["", "http://www.", "https://www.", "http://", "https://"][Int(prefixCode)]
        let zeros = { (count: Int) in String(repeating: "0", count: count) }
        var secret: [UInt8] = []
        let text: String
        switch style {
        case .piccAndMAC:
            text = location + "?e=" + zeros(32) + "&c=" + zeros(16)
        case .separated:
            let count = Bool.random(using: &random) ? 16 : 32
            secret = pick("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.#*", count)
            text =
                location + "?picc_data=" + zeros(32) + "&enc=" + String(decoding: secret, as: UTF8.self)
                + zeros(count) + "&cmac=" + zeros(16)
        case .plain:
            text = location + "?uid=" + zeros(14) + "&ctr=" + zeros(6) + "&cmac=" + zeros(16)
        }
        let payload = [prefixCode] + F.ascii(text)
        let record = [0xD1, 0x01, UInt8(payload.count), 0x55] + payload
        let file = [UInt8(record.count >> 8), UInt8(record.count & 0xFF)] + record
        // Offsets found in the file's bytes, not computed from the template.
        func at(_ marker: String) -> Int { F.offset(after: marker, in: file) ?? 0 }
        let sdm: [UInt8]
        switch style {
        case .piccAndMAC:
            let mac = at("&c=")
            sdm = [0xC1, 0xFF, metaKey << 4 | fileKey] + F.le3(at("?e=")) + F.le3(mac) + F.le3(mac)
        case .separated:
            let enc = at("&enc=")
            sdm =
                [0xD1, 0xFF, metaKey << 4 | fileKey] + F.le3(at("picc_data=")) + F.le3(enc) + F.le3(enc)
                + F.le3(secret.count * 2) + F.le3(at("&cmac="))
        case .plain:
            let mac = at("&cmac=")
            sdm = [0xC1, 0xFF, 0xE0 | fileKey] + F.le3(at("?uid=")) + F.le3(at("&ctr=")) + F.le3(mac) + F.le3(mac)
        }
        return Case(
            style: style, uid: uid, keys: keys, metaKey: metaKey, fileKey: fileKey, file: file,
            settings: [0x40, 0xE0, 0xEE] + sdm, secret: secret, prefix: prefix)
    }

    /// `url` with the hex digit at `index` changed to another one.
    static func flipped(_ url: String, at index: String.Index) -> String {
        let old = url[index]
        let new: Character = old == "0" ? "1" : "0"
        return String(url[..<index]) + String(new) + String(url[url.index(after: index)...])
    }

    /// Where the value of `name=` begins in `url`.
    static func value(_ name: String, in url: String) -> String.Index? {
        url.range(of: name + "=").map(\.upperBound)
    }

    @Test("Seeded round trips: emulator URLs verify; tampered URLs, wrong keys fail; counters strictly increase")
    func roundTrips() async throws {
        var random = SplitMix64(seed: 0x5D_4A7E)
        var verified = 0
        for index in 0..<Self.cases {
            let sample = Self.randomCase(&random)
            let tag = try await F.tag(uid: sample.uid, ndef: sample.file)
            let response = try await F.changeFileSettings(tag, sample.settings)
            #expect(response.status == .nativeSuccess, "case \(index): \(sample.settings)")
            for (number, key) in sample.keys.enumerated() { tag.memory.keys[number] = Type4Key(value: key) }
            let start = Int.random(in: 0...0xFF_FF00, using: &random)
            tag.memory.files[1].sdmReadCounter = start
            let native = Bool.random(using: &random)
            let message = native ? try await F.nativeRead(tag) : try await F.isoRead(tag)
            let url = F.uri(message)
            let metaKey = sample.keys[Int(sample.metaKey)]
            let fileKey = sample.keys[Int(sample.fileKey)]
            #expect(url.hasPrefix(sample.prefix))
            do {
                let result = try SUNVerifier.verify(url: url, metaKey: metaKey, fileKey: fileKey)
                #expect(result.uid == sample.uid, "case \(index): \(url)")
                #expect(result.counter == start + 1, "case \(index): \(url)")
                #expect(result.fileData == (sample.secret.isEmpty ? nil : sample.secret), "case \(index): \(url)")
                verified += 1
            } catch {
                Issue.record("case \(index): \(url) refused: \(error)")
                continue
            }

            // Tampering: one hex digit of the MAC, of PICCData (or the plain UID and counter), of ENC.
            let fields = ["&c", "&cmac", "?e", "picc_data", "&enc", "?uid", "&ctr"].compactMap {
                Self.value($0, in: url)
            }
            for start in fields {
                let offset = Int.random(in: 0..<6, using: &random)
                let tampered = Self.flipped(url, at: url.index(start, offsetBy: offset))
                #expect(throws: SUNError.self, "case \(index): \(tampered)") {
                    try SUNVerifier.verify(url: tampered, metaKey: metaKey, fileKey: fileKey)
                }
            }
            // Wrong keys: another file key always fails; another meta key fails where PICCData is encrypted.
            let wrong = random.bytes(16)
            #expect(throws: SUNError.self) { try SUNVerifier.verify(url: url, metaKey: metaKey, fileKey: wrong) }
            if sample.style != .plain {
                #expect(throws: SUNError.self) { try SUNVerifier.verify(url: url, metaKey: wrong, fileKey: fileKey) }
            }

            // Replay: the same command again repeats the URL and the counter; a new tap counts up.
            let again = F.uri(
                native ? try await F.nativeRead(tag) : try await F.isoReadBody(tag, length: message.count))
            #expect(again == url)
            tag.present()
            _ = try await tag.exchange(F.selectApplication)
            let next = F.uri(try await F.isoRead(tag))
            let later = try? SUNVerifier.verify(url: next, metaKey: metaKey, fileKey: fileKey)
            #expect(later?.counter == start + 2, "case \(index): \(next)")
            #expect(tag.memory.files[1].sdmReadCounter == start + 2)
        }
        print("SDM round trips: \(verified) cases")
        #expect(verified == Self.cases)
    }
}
