import Ciphers
import SUN
import Testing

/// Issue 25, item 3: a URL a backend could read two ways is malformed, never valid on its first
/// value. Before, `&cmac=0000000000000000` appended to a valid URL, or `&e=<32 zeros>` beside a valid
/// `picc_data=`, verified (the first value won) while a framework taking the last value acted on
/// other data.
@Suite struct SUNAmbiguityTests {
    static let zero = [UInt8](repeating: 0, count: 16)
    static let s2 = SUNVerifierTests.s2
    static let s3 = SUNVerifierTests.s3

    func reason(_ url: String) -> SUNReason? {
        do {
            _ = try SUNVerifier.verify(url: url, metaKey: Self.zero, fileKey: Self.zero)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("The unaltered URLs verify (the cases below differ only by what they add)")
    func baseline() {
        #expect(reason(Self.s2) == nil)
        #expect(reason(Self.s3) == nil)
    }

    @Test(
        "A repeated SUN parameter is malformed, whichever copy comes first and whatever its case",
        arguments: [
            s3 + "&cmac=0000000000000000", s2 + "&c=0000000000000000", s2 + "&C=94EED9EE65337086",
            s3.replacingOccurrences(of: "&cmac=", with: "&enc=CEE9A53E3E463EF1F459635736738962&cmac="),
            s2.replacingOccurrences(of: "?e=", with: "?e=00000000000000000000000000000000&e="),
            "https://x.example/?uid=041E3C8A2D6B80&ctr=000006&ctr=000007&cmac=4B00064004B0B3D3",
        ])
    func repeatedParameter(url: String) {
        #expect(reason(url) == .malformedURL)
    }

    @Test(
        "A SUN name spelled as a web framework decodes it (percent-encoded, PHP's . and space, an array suffix) counts as a repeat",
        arguments: [
            s3 + "&picc%5Fdata=00000000000000000000000000000000", s3 + "&%63mac=0000000000000000",
            s3 + "&%65nc=00000000000000000000000000000000", s3 + "&picc.data=00000000000000000000000000000000",
            s3 + "&picc+data=00000000000000000000000000000000", s3 + "&cmac[]=0000000000000000",
            s3 + "&%20cmac=0000000000000000", s2 + "&E=00000000000000000000000000000000",
        ])
    func encodedNamesRepeat(url: String) {
        #expect(reason(url) == .malformedURL)
    }

    @Test("The MAC input may not start after the enc data: altered enc data never verifies that way")
    func macInputAfterEnc() throws {
        // S3's MAC input starts at its enc value; told to start later, the verifier refuses the
        // URL itself rather than check a span that leaves the encrypted data out.
        let encStart = Self.s3.utf8.distance(
            from: Self.s3.startIndex, to: Self.s3.range(of: "enc=")!.upperBound)
        for start in [encStart + 1, encStart + 31, Self.s3.utf8.count - 16] {
            let verifier = try SUNVerifier(metaKey: Self.zero, fileKey: Self.zero, macInputStart: .position(start))
            #expect(throws: SUNError.self) { try verifier.verify(url: Self.s3) }
            do {
                _ = try verifier.verify(url: Self.s3)
            } catch {
                #expect(error.reason == .malformedURL)
            }
        }
        let marked = try SUNVerifier(
            metaKey: Self.zero, fileKey: Self.zero,
            pattern: try SUNTemplatePattern(
                "https://www.my424dna.com/?picc_data={picc}&enc={enc}&cmac={mac_input}{mac}"))
        #expect(throws: SUNError.self) { try marked.verify(url: Self.s3) }
    }

    @Test(
        "Two PICCData carriers, PICCData beside a plain mirror, or both MAC names are malformed",
        arguments: [
            s3 + "&e=00000000000000000000000000000000", s2 + "&p=EF963FF7828658A599F3041510671E88",
            s2 + "&uid=04DE5F1EACC040", s2 + "&ctr=00003D", s2 + "&cmac=94EED9EE65337086",
        ])
    func twoCarriers(url: String) {
        #expect(reason(url) == .malformedURL)
    }

    @Test("Parameters a SUN URL does not use may repeat: they are not checked and not SUN data")
    func otherParametersMayRepeat() {
        #expect(reason(Self.s2 + "&utm=a&utm=b") == nil)
    }
}

/// Issue 25, item 2: URLs of templates with other parameter names or path style verify against the
/// template they were set up from (before, they were refused as "not a SUN message"). The values are
/// AN12196's S2 (PICCData, MAC over nothing) and sdm-backend's S5 (plain mirror, MAC over nothing)
/// under factory keys, rearranged: a MAC over nothing does not depend on the names around it.
@Suite struct SUNTemplateVerificationTests {
    static let zero = [UInt8](repeating: 0, count: 16)
    static let picc = "EF963FF7828658A599F3041510671E88"
    static let mac = "94EED9EE65337086"

    func verify(_ url: String, template: String) throws -> SUNVerification {
        let verifier = try SUNVerifier(
            metaKey: Self.zero, fileKey: Self.zero, pattern: try SUNTemplatePattern(template))
        return try verifier.verify(url: url)
    }

    @Test("Other query names, path style and plain mirror under other names verify with their template")
    func otherNames() throws {
        let query = try verify(
            "https://h.example/p?x=\(Self.picc)&y=\(Self.mac)", template: "https://h.example/p?x={picc}&y={mac}")
        #expect(query.counter == 61)
        let path = try verify(
            "https://h.example/p/\(Self.picc)/\(Self.mac)", template: "https://h.example/p/{picc}/{mac}")
        #expect(path.uid == [0x04, 0xDE, 0x5F, 0x1E, 0xAC, 0xC0, 0x40])
        let plain = try verify(
            "https://h.example/t?u=041E3C8A2D6B80&n=000006&c=4B00064004B0B3D3",
            template: "https://h.example/t?u={uid}&n={ctr}&c={mac}")
        #expect(plain.counter == 6)
        // Without the template these are not SUN URLs TapCard can read.
        #expect(throws: SUNError.self) {
            try SUNVerifier.verify(
                url: "https://h.example/p?x=\(Self.picc)&y=\(Self.mac)", metaKey: Self.zero, fileKey: Self.zero)
        }
    }

    @Test(
        "A URL that is not the template's shape is malformed, and a changed MAC still fails",
        arguments: [
            "https://h.example/p?x=\(picc)&y=\(mac)&y=0000000000000000", "https://other.example/p?x=\(picc)&y=\(mac)",
            "https://h.example/p?x=\(picc.dropLast())&y=\(mac)", "https://h.example/p?y=\(mac)&x=\(picc)",
            "https://h.example/p?x=\(picc)&y=\(mac.dropLast())Z",
        ])
    func notTheShape(url: String) throws {
        let verifier = try SUNVerifier(
            metaKey: Self.zero, fileKey: Self.zero,
            pattern: try SUNTemplatePattern("https://h.example/p?x={picc}&y={mac}"))
        #expect(throws: SUNError.self) { try verifier.verify(url: url) }
        do {
            _ = try verifier.verify(url: url)
        } catch {
            #expect(error.reason == .malformedURL)
        }
        let forged = "https://h.example/p?x=\(Self.picc)&y=94EED9EE65337087"
        #expect(throws: SUNError.macMismatch(received: "94EED9EE65337087")) { try verifier.verify(url: forged) }
    }

    @Test("A template with an enc region: the MAC covers the URL from {enc} to {mac}, as the tag mirrors it")
    func encRegion() throws {
        // S3's values under its own names, through the template: the same span "<enc>&cmac=".
        let template = "https://www.my424dna.com/?picc_data={picc}&enc={enc}&cmac={mac}"
        let result = try verify(SUNVerifierTests.s3, template: template)
        #expect(result.fileData == Array("xxxxxxxxxxxxxxxx".utf8))
    }

    @Test("A verifier prepared once verifies on the platform's AES and agrees with the Swift fallback")
    func backends() throws {
        let platform = try SUNVerifier(metaKey: Self.zero, fileKey: Self.zero)
        let swift = try SUNVerifier(metaKey: Self.zero, fileKey: Self.zero, backend: .swift)
        #expect(platform.backend == AESBackend.preferred && swift.backend == .swift)
        for url in [SUNVerifierTests.s2, SUNVerifierTests.s3] {
            #expect(try platform.verify(url: url) == (try swift.verify(url: url)))
        }
    }

    @Test("A key that is not 16 bytes is key-length, for either key")
    func keyLength() {
        #expect(throws: SUNError.keyLength(name: "meta key", bytes: 2)) {
            try SUNVerifier(metaKey: [0, 1], fileKey: Self.zero)
        }
        #expect(throws: SUNError.keyLength(name: "file key", bytes: 17)) {
            try SUNVerifier(metaKey: Self.zero, fileKey: [UInt8](repeating: 0, count: 17))
        }
    }
}
