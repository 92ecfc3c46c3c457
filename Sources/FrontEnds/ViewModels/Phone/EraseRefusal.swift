import TapCardSupport

/// Why the phone will not erase a tag, before anything is sent.
enum EraseRefusal: TapCardError, Equatable {
    /// iOS offered no channel TapCard can erase through (no ISO-DEP, ISO 15693, FeliCa or NFC-A).
    case noChannel

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        "iOS offers no way for TapCard to send this tag the commands that empty its message. Nothing was written."
    }
}
