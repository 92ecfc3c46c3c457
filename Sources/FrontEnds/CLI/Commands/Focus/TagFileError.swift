import TapCardSupport

/// A virtual tag file that cannot be tapped.
enum TagFileError: TapCardError, Equatable {
    case missing(path: String)
    case noUID(path: String)

    var origin: ErrorOrigin { .input }

    var sentence: String {
        switch self {
        case .missing(let path):
            "There is no virtual tag at '\(path)'; create one (tapcard sim new) or pass --tag FILE."
        case .noUID(let path):
            "The virtual tag '\(path)' did not answer READ of page 0 with its UID."
        }
    }
}
