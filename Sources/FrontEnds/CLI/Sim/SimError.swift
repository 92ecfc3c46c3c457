import TapCardSupport

/// `tapcard sim` refused to do something that would lose data.
enum SimError: TapCardError, Equatable {
    /// The output file exists and `--force` was not given.
    case fileExists(path: String)

    var origin: ErrorOrigin { .refusal }

    var sentence: String {
        switch self {
        case .fileExists(let path):
            "\(path) already exists; nothing was written. Pass --force to replace it."
        }
    }
}
