import TapCardSupport

/// A card on a reader that TapCard's tag commands do not handle (neither a Type 2 storage card nor
/// an ISO-DEP card): refused before anything is sent.
enum ReaderTagError: TapCardError, Equatable {
    case notSupported(reader: String, kind: String)
    /// A FeliCa (Type 3) card: recognised from the ATR, but no FeliCa command crosses a PC/SC
    /// Part 3 storage-card interface, and TapCard sends no vendor pass-through.
    case feliCaCannotCross(reader: String, kind: String)

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        switch self {
        case .notSupported(let reader, let kind):
            "The card on reader '\(reader)' is a \(kind); on a reader TapCard's tag commands handle NFC Forum Type 2 tags (NTAG, MIFARE Ultralight), Type 4 tags (ISO-DEP) and Type 5 tags (ISO 15693). Nothing was sent."
        case .feliCaCannotCross(let reader, let kind):
            "The card on reader '\(reader)' is a \(kind): a FeliCa (Type 3) card, whose commands cannot cross this reader's PC/SC interface (TapCard sends no FeliCa pass-through). Nothing was sent; a virtual FeliCa Lite-S (`tapcard sim new felica-lite-s`) and the iPhone app read and write FeliCa."
        }
    }
}
