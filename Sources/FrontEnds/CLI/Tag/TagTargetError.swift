import TapCardSupport

/// The virtual tag a command should use could not be found or created.
enum TagTargetError: TapCardError, Equatable {
    /// The data directory could not be created; `reason` is the system's wording.
    case cannotCreateDirectory(path: String, reason: String)

    var origin: ErrorOrigin { .platform }

    var sentence: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "Could not create the data directory \(path): \(reason)."
        }
    }
}
