import Testing

@testable import TapCardCLI

/// "read back page 5", never "read back pages 5" (issue 39, item 8).
@Suite struct PagePhraseTests {
    @Test func singularForOnePage() {
        #expect(TagText.pagePhrase([5]) == "page 5")
        #expect(TagText.pagePhrase([5, 6, 7]) == "pages 5–7")
        #expect(TagText.pagePhrase([5, 7]) == "pages 5, 7")
    }
}
