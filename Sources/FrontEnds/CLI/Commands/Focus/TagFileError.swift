import TapCardSupport

/// A virtual tag file that cannot be tapped.
enum TagFileError: TapCardError, Equatable {
    case missing(path: String)
    case noUID(path: String)
    case unknownChip(path: String, deviceType: String)

    var origin: ErrorOrigin { .input }

    var sentence: String {
        switch self {
        case .missing(let path):
            "There is no virtual tag at '\(path)'; create one (tapcard sim new) or pass --tag FILE."
        case .noUID(let path):
            "The virtual tag '\(path)' has no readable 'UID:' line (7 hex bytes)."
        case .unknownChip(let path, let deviceType):
            "The virtual tag '\(path)' is a '\(deviceType)', a chip type TapCard does not model."
        }
    }
}
