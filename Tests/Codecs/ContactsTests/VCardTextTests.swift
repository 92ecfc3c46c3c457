import Contacts
import TestSupport
import Testing

/// RFC 2426 §4 text escaping: `\\`, `\;`, `\,` and `\n`.
@Suite struct VCardTextTests {
    @Test(arguments: [
        ("back\\slash", "back\\\\slash"),
        ("semi;colon", "semi\\;colon"),
        ("com,ma", "com\\,ma"),
        ("line\nbreak", "line\\nbreak"),
        ("crlf\r\nbreak", "crlf\\nbreak"),
        ("lone\rcr", "lone\\ncr"),
        ("colon: stays", "colon: stays"),
        ("all \\;,\n", "all \\\\\\;\\,\\n"),
        ("", ""),
    ])
    func escape(input: String, expected: String) {
        #expect(VCardText.escape(input) == expected)
    }

    @Test func unescapeUndoesEveryEscapeAndToleratesOthers() {
        #expect(VCardText.unescape("a\\\\b\\;c\\,d\\ne\\Nf\\:g") == "a\\b;c,d\ne\nf:g")
        // vCard 2.1 had no backslash escapes: an unknown one is kept as written.
        #expect(VCardText.unescape("C:\\temp\\x") == "C:\\temp\\x")
        #expect(VCardText.unescape("trailing\\") == "trailing\\")
    }

    @Test func structuredValuesKeepTheirSeparators() {
        #expect(VCardText.structured(["Doe", "Jane;Ann", "", "Dr.", "Jr.,PhD"]) == "Doe;Jane\\;Ann;;Dr.;Jr.\\,PhD")
        let parts = VCardText.split("Doe;Jane\\;Ann;;Dr.;Jr.\\,PhD", separator: ";").map(VCardText.unescape)
        #expect(parts == ["Doe", "Jane;Ann", "", "Dr.", "Jr.,PhD"])
    }

    @Test func escapeRoundTripsOverGeneratedText() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let text = TrickyProfiles.text(&rng, maxParts: 8).replacingCRs()
            #expect(VCardText.unescape(Substring(VCardText.escape(text))) == text)
        }
    }
}

extension String {
    /// Tests compare after the one normalisation escaping does: CRLF and CR read back as LF.
    func replacingCRs() -> String {
        var out = ""
        for character in self {
            if character == "\r\n" || character == "\r" { out.append("\n") } else { out.append(character) }
        }
        return out
    }
}
