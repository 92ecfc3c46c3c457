import TapCardSupport

/// A card that cannot be encoded as asked.
public enum CardError: TapCardError, Equatable {
    /// The `url` format needs a link and the profile has none.
    case noLink
    /// A card needs a name (vCard FN and N are mandatory).
    case noName

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .noLink:
            "The url format writes a link, and there is none: give --link URL or a --url."
        case .noName:
            "A card needs a name: give --name, or --given and --family."
        }
    }
}
