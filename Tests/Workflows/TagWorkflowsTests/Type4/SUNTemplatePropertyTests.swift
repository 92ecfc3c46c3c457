import NDEF
import SUN
import TagEmulator
import TestSupport
import Testing
import Type4

@testable import TagWorkflows

/// The whole SUN path as a property, over seeded random templates: a `SUNTemplate` of one of the
/// three styles (random host, path, parameter names, file data, key numbers and AES keys) set up
/// by `Type4Tag.setUpSDM` on an emulated NTAG 424 DNA, then read twice as a phone would (plain
/// ISO SELECT + READ BINARY through the Type 4 driver): each URL verifies with the tag's keys,
/// gives its UID and file data, and the second read's counter is the first's plus one.
@Suite struct SUNTemplatePropertyTests {
    static let cases = 200

    /// `length` random characters from `alphabet`.
    static func word(_ random: inout SplitMix64, _ length: ClosedRange<Int>, alphabet: String) -> String {
        let characters = Array(alphabet)
        return String(
            (0..<Int.random(in: length, using: &random)).map { _ in characters.randomElement(using: &random)! })
    }

    /// One random template, its file data and its key numbers.
    static func template(_ random: inout SplitMix64) throws -> (
        template: SUNTemplate, fileData: [UInt8], meta: Int, file: Int
    ) {
        let letters = "abcdefghijklmnopqrstuvwxyz"
        let host =
            word(&random, 1...12, alphabet: letters + "0123456789") + "."
            + word(&random, 2...4, alphabet: letters)
        let path = word(&random, 0...16, alphabet: letters + "0123456789-_/")
        // The parameter names a verifier knows, picked at random; sometimes another parameter first.
        let picc = ["e", "picc_data", "p"].randomElement(using: &random)!
        let mac = ["c", "cmac"].randomElement(using: &random)!
        let other = Bool.random(using: &random) ? "id=" + word(&random, 1...8, alphabet: letters) + "&" : ""
        let base = "https://\(host)/\(path)?" + other
        let meta = Int.random(in: 0...4, using: &random)
        let file = Int.random(in: 0...4, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let template = try SUNTemplate(
                base + "\(picc)={picc}&\(mac)={mac}", metaKeyNumber: meta, fileKeyNumber: file)
            return (template, [], meta, file)
        case 1:
            let data =
                Array(
                    word(&random, 16...16, alphabet: letters + "0123456789").utf8)
                + (Bool.random(using: &random) ? Array(word(&random, 16...16, alphabet: letters).utf8) : [])
            let template = try SUNTemplate(
                base + "\(picc)={picc}&enc={enc}&\(mac)={mac}", fileData: data,
                metaKeyNumber: meta, fileKeyNumber: file)
            return (template, data, meta, file)
        default:
            let template = try SUNTemplate(
                base + "uid={uid}&ctr={ctr}&\(mac)={mac}", metaKeyNumber: meta,
                fileKeyNumber: file)
            return (template, [], meta, file)
        }
    }

    /// A plain, unauthenticated read of the NDEF file: its URI.
    static func readURL(_ tag: EmulatedType4Tag) async throws -> String {
        tag.present()
        let report = try await Type4Tag(channel: tag).read()
        let record = try #require(report.content.message?.records.first)
        guard case .uri(let uri) = record.view else {
            Issue.record("not a URI record: \(record.view)")
            return ""
        }
        return uri.uri
    }

    @Test func everyTemplateSetUpOnTheEmulatorVerifies() async throws {
        var random = SplitMix64(seed: 0x5E4_424D)
        var verified = 0
        for index in 0..<Self.cases {
            let (template, fileData, meta, file) = try Self.template(&random)
            let uid = [0x04] + random.bytes(6)
            let tag = EmulatedType4Tag(model: .ntag424DNA, uid: uid)
            let keys = (0..<5).map { _ in random.bytes(16) }
            for (number, key) in keys.enumerated() { tag.memory.keys[number] = Type4Key(value: key) }
            let context = "case \(index): \(template.template)"
            let report = try await Type4Tag(channel: tag).setUpSDM(template, key: keys[0])
            #expect(report.verified, "\(context)")
            let metaKey = keys[meta]
            let fileKey = keys[file]
            var counters: [Int] = []
            for _ in 0..<2 {
                let url = try await Self.readURL(tag)
                let result = try SUNVerifier.verify(url: url, metaKey: metaKey, fileKey: fileKey)
                #expect(result.uid == uid, "\(context): \(url)")
                #expect(result.fileData == (fileData.isEmpty ? nil : fileData), "\(context): \(url)")
                counters.append(result.counter)
            }
            #expect(counters[1] == counters[0] + 1, "\(context): counters \(counters)")
            // Another key for the MAC is refused.
            let url = try await Self.readURL(tag)
            var wrong = fileKey
            wrong[0] ^= 0x01
            #expect(throws: SUNError.self, "\(context)") {
                try SUNVerifier.verify(url: url, metaKey: metaKey, fileKey: wrong)
            }
            verified += 1
        }
        print("SUNTemplatePropertyTests: \(verified) seeded templates set up, read and verified")
        #expect(verified == Self.cases)
    }
}
