import NDEF
import SUN
import TagEmulator
import TestSupport
import Testing
import Type4

@testable import TagWorkflows

/// SDMMACInputOffset anywhere the chip allows it: `sdm setup` lays the file out for each choice
/// (from {enc} or nothing, from the PICCData, from the start of the URL, from a literal position,
/// from a {mac_input} marker), the emulated NTAG 424 DNA mirrors the MAC from there, in AES and in
/// LRP mode, and the verifier, told the same choice, accepts the URL it serves; told another
/// choice, or given the URL with any one byte of its MAC input changed, it refuses.
@Suite struct SUNMACInputStartTests {
    struct Case: Sendable, CustomStringConvertible {
        var template: String
        var start: SUNMACInputStart
        var fileData: [UInt8] = []
        var lrp = false
        var description: String { "\(template) from \(start.argument)\(lrp ? " LRP" : "")" }
    }

    static let secret = Array("0123456789ABCDEF".utf8)
    static let cases: [Case] = [
        Case(template: "https://h.example/t?e={picc}&c={mac}", start: .automatic),
        Case(template: "https://h.example/t?e={picc}&c={mac}", start: .piccData),
        Case(template: "https://h.example/t?e={picc}&c={mac}", start: .url),
        Case(template: "https://h.example/t?e={picc}&c={mac}", start: .position(14)),
        Case(template: "https://h.example/t?picc_data={picc}&enc={enc}&cmac={mac}", start: .piccData, fileData: secret),
        Case(template: "https://h.example/t?picc_data={picc}&enc={enc}&cmac={mac}", start: .url, fileData: secret),
        Case(template: "https://www.h.example/{picc}/{mac}", start: .url),
        Case(template: "https://h.example/t?uid={uid}&ctr={ctr}&cmac={mac}", start: .piccData),
        Case(template: "https://h.example/t?id=7&{mac_input}e={picc}&c={mac}", start: .automatic),
        Case(template: "https://{picc}x{mac}", start: .piccData, lrp: true),
        Case(template: "https://any.domain/?m={picc}x{enc}x{mac}", start: .url, fileData: secret, lrp: true),
        Case(template: "https://any.domain/?m={picc}x{enc}x{mac}", start: .automatic, fileData: secret, lrp: true),
    ]

    @Test(
        "Set up, served and verified; another start or any changed byte of the MAC input is refused", arguments: cases)
    func servedURLsVerify(_ item: Case) async throws {
        let template = try SUNTemplate(
            item.template, fileData: item.fileData, lrp: item.lrp, macInputStart: item.start)
        let uid: [UInt8] = [0x04, 0x51, 0x6E, 0x73, 0x2A, 0x11, 0x80]
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: uid)
        let keys = (0..<5).map { [UInt8](repeating: UInt8(0x11 * ($0 + 1)), count: 16) }
        for (number, key) in keys.enumerated() { tag.memory.keys[number] = Type4Key(value: key) }
        let report = try await Type4Tag(channel: tag).setUpSDM(
            template, key: keys[0], checkingTapWith: (keys[2], keys[1]), lrp: item.lrp ? .permanent : nil)
        #expect(report.verified)
        guard case .verified = report.tap else {
            Issue.record("the setup's own tap check: \(report.tap)")
            return
        }
        let url = try await SUNTemplatePropertyTests.readURL(tag)
        let verifier = try SUNVerifier(
            metaKey: keys[2], fileKey: keys[1], pattern: template.pattern, macInputStart: item.start)
        let result = try verifier.verify(url: url)
        #expect(result.uid == uid)
        #expect(result.fileData == (item.fileData.isEmpty ? nil : item.fileData))
        // The MAC input the tag used starts at its SDMMACInputOffset: the same span of the URL.
        let fileOffset = try #require(template.sdm.macInputOffset)
        let urlStart = fileOffset - (template.fileBytes.count - Self.uriBodyLength(template))
        // Told another start, the verifier computes another MAC (unless both spans coincide).
        for other in [SUNMACInputStart.automatic, .piccData, .url] where other != item.start {
            let otherVerifier = try SUNVerifier(
                metaKey: keys[2], fileKey: keys[1], pattern: template.pattern, macInputStart: other)
            if item.template.contains("{mac_input}") { continue }
            if try Self.sameSpan(other, as: item.start, item: item) { continue }
            #expect(throws: SUNError.self, "told \(other.argument)") { try otherVerifier.verify(url: url) }
        }
        // Any byte of the MAC input changed (keeping the URL's shape where it is hex): refused.
        let bytes = Array(url.utf8)
        let macStart = bytes.count - 16
        let prefix = url.utf8.count - Self.uriBodyLength(template)
        for position in (prefix + urlStart)..<macStart {
            var changed = bytes
            changed[position] = changed[position] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            let text = String(decoding: changed, as: UTF8.self)
            #expect(throws: SUNError.self, "byte \(position) of \(url)") { try verifier.verify(url: text) }
        }
    }

    @Test("With the template, every byte of a served URL counts: a hex letter's case changed anywhere is refused")
    func caseChangesAreRefusedWithTheTemplate() async throws {
        let template = try SUNTemplate(
            "https://h.example/t?picc_data={picc}&enc={enc}&cmac={mac}", fileData: Self.secret)
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60])
        _ = try await Type4Tag(channel: tag).setUpSDM(template, key: [UInt8](repeating: 0, count: 16))
        let url = try await SUNTemplatePropertyTests.readURL(tag)
        let zero = [UInt8](repeating: 0, count: 16)
        let verifier = try SUNVerifier(metaKey: zero, fileKey: zero, pattern: template.pattern)
        #expect(throws: Never.self) { try verifier.verify(url: url) }
        let bytes = Array(url.utf8)
        var changed = 0
        for (position, byte) in bytes.enumerated() where (0x41...0x46).contains(byte) || (0x61...0x7A).contains(byte) {
            var altered = bytes
            altered[position] = byte ^ 0x20
            #expect(throws: SUNError.self, "byte \(position)") {
                try verifier.verify(url: String(decoding: altered, as: UTF8.self))
            }
            changed += 1
        }
        #expect(changed > 20)
    }

    /// The URL's characters the file holds (after the abbreviated prefix): NLEN (2), the short
    /// record's header (3), its type "U" (1) and the identifier code (1) precede them.
    static func uriBodyLength(_ template: SUNTemplate) -> Int {
        template.fileBytes.count - 7
    }

    /// True when two starts give the same offset for `item`'s template.
    static func sameSpan(_ one: SUNMACInputStart, as other: SUNMACInputStart, item: Case) throws -> Bool {
        let first = try SUNTemplate(item.template, fileData: item.fileData, lrp: item.lrp, macInputStart: one)
        let second = try SUNTemplate(item.template, fileData: item.fileData, lrp: item.lrp, macInputStart: other)
        return first.sdm.macInputOffset == second.sdm.macInputOffset
    }

    @Test("sdm-backend's two LRP URLs (tests/test_lrp_sdm.py): MAC input from the PICCData, and from the URL's start")
    func sdmBackendURLs() throws {
        let zero = [UInt8](repeating: 0, count: 16)
        let first = "https://AAE1508939ECF6FF26BCE407959AB1A5EC022819A35CD293x5E3DB82C19E3865F"
        let second =
            "https://any.domain/?m=65628ED36888CF9C84797E43ECACF114C6ED9A5E101EB592x4ADE304B5AB9474CB40AFFCAB0607A85x87E287E8135BFC06"
        for start in [SUNMACInputStart.piccData, .url, .position(8)] {
            let verifier = try SUNVerifier(
                metaKey: zero, fileKey: zero, pattern: try SUNTemplatePattern("https://{picc}x{mac}"),
                macInputStart: start)
            #expect(try verifier.verify(url: first).counter == 106)
        }
        let marked = try SUNVerifier(
            metaKey: zero, fileKey: zero,
            pattern: try SUNTemplatePattern("https://{mac_input}any.domain/?m={picc}x{enc}x{mac}"))
        let result = try marked.verify(url: second)
        #expect(result.counter == 123)
        #expect(result.fileData == Array("0102030400000000".utf8))
        let byOption = try SUNVerifier(
            metaKey: zero, fileKey: zero, pattern: try SUNTemplatePattern("https://any.domain/?m={picc}x{enc}x{mac}"),
            macInputStart: .url)
        #expect(try byOption.verify(url: second).counter == 123)
        // TapCard's default start (from the enc data) is not where this tag's offset points.
        let byDefault = try SUNVerifier(
            metaKey: zero, fileKey: zero, pattern: try SUNTemplatePattern("https://any.domain/?m={picc}x{enc}x{mac}"))
        #expect(throws: SUNError.self) { try byDefault.verify(url: second) }
    }

    @Test(
        "A start the chip cannot have is refused before any tag is touched: after {enc}, after {mac}, inside the prefix, twice"
    )
    func impossibleStarts() {
        #expect(throws: SUNTemplateError.self) {
            try SUNTemplate(
                "https://h.example/t?e={picc}&enc={enc}&c={mac}", fileData: Self.secret, macInputStart: .position(200))
        }
        #expect(throws: SUNTemplateError.self) {
            try SUNTemplate("https://h.example/t?e={picc}&c={mac}", macInputStart: .position(3))
        }
        #expect(throws: SUNTemplateError.self) {
            try SUNTemplate("https://h.example/t?{mac_input}e={picc}&c={mac}", macInputStart: .url)
        }
        #expect(throws: SUNTemplateError.self) {
            try SUNTemplate("https://h.example/t?e={picc}&c={mac}{mac_input}")
        }
    }
}
