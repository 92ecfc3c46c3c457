import TapCardSupport

/// A card site that could not be written to its folder.
enum PageOutputError: TapCardError, Equatable {
    case cannotWrite(path: String, reason: String)

    var origin: ErrorOrigin { .platform }

    var sentence: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "Could not write \(path): \(reason). Nothing else was changed after it; check the folder and try again."
        }
    }
}
