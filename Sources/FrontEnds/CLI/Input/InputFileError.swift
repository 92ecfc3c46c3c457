import TapCardSupport

/// An input file that cannot be read. Commands report it and exit 66 (EX_NOINPUT).
struct InputFileError: TapCardError, Equatable {
    let path: String
    let reason: String

    var origin: ErrorOrigin { .platform }
    var sentence: String { "Cannot read '\(path)': \(reason)." }
}
