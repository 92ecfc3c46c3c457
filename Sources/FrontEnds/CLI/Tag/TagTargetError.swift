import TapCardSupport

/// The virtual tag a command should use could not be found or created.
enum TagTargetError: TapCardError, Equatable {
    /// Neither `--tag`, `$TAPCARD_HOME` nor `$HOME` says where a tag could live.
    case noDataDirectory
    /// The data directory could not be created; `reason` is the system's wording.
    case cannotCreateDirectory(path: String, reason: String)

    var origin: ErrorOrigin { .platform }

    var sentence: String {
        switch self {
        case .noDataDirectory:
            "No tag was given (--tag FILE) and neither TAPCARD_HOME nor HOME is set, so there is no place for the default virtual tag."
        case .cannotCreateDirectory(let path, let reason):
            "Could not create the data directory \(path): \(reason)."
        }
    }
}
