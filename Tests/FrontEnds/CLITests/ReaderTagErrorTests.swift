import Testing

@testable import TapCardCLI

@Suite struct ReaderTagErrorTests {
    /// A FeliCa card on a reader is refused in words that say why (no FeliCa crosses PC/SC here)
    /// and where FeliCa does work, as TapCard's refusal, not the tag's.
    @Test func aFeliCaCardOnAReaderIsRefusedWithTheReason() {
        let error = ReaderTagError.feliCaCannotCross(reader: "ACS ACR1252 00 00", kind: "FeliCa storage card")
        #expect(error.origin == .refusal)
        #expect(error.sentence.contains("cannot cross this reader's PC/SC interface"))
        #expect(error.sentence.contains("Nothing was sent"))
        #expect(error.sentence.contains("tapcard sim new felica-lite-s"))
        #expect(ReaderTagError.notSupported(reader: "r", kind: "k").sentence.contains("Type 5 tags (ISO 15693)"))
    }
}
