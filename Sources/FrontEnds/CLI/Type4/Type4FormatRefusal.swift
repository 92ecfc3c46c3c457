import TagCatalog
import TapCardSupport

/// Why `format` does nothing to a Type 4 tag.
enum Type4FormatRefusal: TapCardError, Equatable {
    /// NFC Forum Type 4 has no format procedure: the maker creates the NDEF application, the CC
    /// file and the NDEF file; an NTAG 424 DNA ships with them and they are fixed.
    case shipsFormatted(model: TagModel?)

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        switch self {
        case .shipsFormatted(let model):
            let name = model?.withArticle ?? "a Type 4 tag"
            return
                "TapCard does not format \(name): a Type 4 tag's NDEF application, CC file and NDEF file are created by its maker (an NTAG 424 DNA ships with them, and they are fixed). To empty it, run 'tapcard erase'. Nothing was written."
        }
    }
}
