import TapCardSupport

/// A tapped tag that cannot serve as a focus tag.
enum TagFileError: TapCardError, Equatable {
    case noUID(path: String)
    case unknownChip(path: String)

    var origin: ErrorOrigin { .tag }

    var sentence: String {
        switch self {
        case .noUID(let path):
            "The tag '\(path)' did not give its UID (pages 0–2), so it cannot be told apart from other tags."
        case .unknownChip(let path):
            "The tag '\(path)' is a chip TapCard cannot identify (no known GET_VERSION answer), so it cannot be paired by UID and chip type."
        }
    }
}
