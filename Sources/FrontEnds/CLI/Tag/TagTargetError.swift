import TapCardSupport

/// The virtual tag a command should use could not be found, created or had.
enum TagTargetError: TapCardError, Equatable {
    /// The data directory could not be created; `reason` is the system's wording.
    case cannotCreateDirectory(path: String, reason: String)
    /// Another tapcard held the tag file for all of `--wait` (`seconds`).
    case busy(path: String, seconds: Int)

    var origin: ErrorOrigin {
        switch self {
        case .cannotCreateDirectory: .platform
        case .busy: .refusal
        }
    }

    var sentence: String {
        switch self {
        case .cannotCreateDirectory(let path, let reason):
            "Could not create the data directory \(path): \(reason)."
        case .busy(let path, let seconds):
            "Another tapcard was still using \(path) after \(seconds) s of waiting; nothing was done. Run the command again when it has finished, or wait longer with --wait SECONDS."
        }
    }
}
