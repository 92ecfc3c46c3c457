import TapCardSupport

/// Why a file the user named was not written. Nothing was written when any of these is thrown
/// before the first file (``OutputFiles`` checks all first).
enum OutputFileError: UnwritableFileError, Equatable {
    /// These files exist; `--force` replaces them.
    case wouldReplace(paths: [String])
    /// The path, or a folder on the way to it, is a symbolic link.
    case symbolicLink(path: String)
    /// A folder stands where the file would go.
    case isDirectory(path: String)
    case cannotWrite(path: String, reason: String)

    var origin: ErrorOrigin {
        switch self {
        case .wouldReplace, .symbolicLink, .isDirectory: .refusal
        case .cannotWrite: .platform
        }
    }

    /// A folder in the way, or a write the system refused: the file could not be written (74).
    /// An existing file or a link is TapCard's refusal (1): `--force`, or another name, is the way.
    var isUnwritable: Bool {
        switch self {
        case .isDirectory, .cannotWrite: true
        case .wouldReplace, .symbolicLink: false
        }
    }

    var sentence: String {
        switch self {
        case .wouldReplace(let paths):
            if paths.count == 1 {
                return
                    "\(paths[0]) already exists and would be replaced. Give --force to replace it. Nothing was written."
            }
            return
                "These \(paths.count) files already exist and would be replaced: \(paths.joined(separator: ", ")). Give --force to replace them. Nothing was written."
        case .symbolicLink(let path):
            return
                "\(path) is a symbolic link; TapCard never writes through one (it could lead anywhere, and a dangling one would create its target), not even with --force. Remove the link or name another file. Nothing was written."
        case .isDirectory(let path):
            return "\(path) is a folder, where a file would go. Nothing was written."
        case .cannotWrite(let path, let reason):
            return "Could not write \(path): \(reason)."
        }
    }
}
