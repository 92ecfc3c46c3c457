import TapCardSupport

/// A card on a reader that TapCard's tag commands do not handle (neither a Type 2 storage card nor
/// an ISO-DEP card): refused before anything is sent.
enum ReaderTagError: TapCardError, Equatable {
    case notSupported(reader: String, kind: String)

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        switch self {
        case .notSupported(let reader, let kind):
            "The card on reader '\(reader)' is a \(kind); TapCard's tag commands handle NFC Forum Type 2 tags (NTAG, MIFARE Ultralight) and Type 4 tags (ISO-DEP). Nothing was sent."
        }
    }
}
