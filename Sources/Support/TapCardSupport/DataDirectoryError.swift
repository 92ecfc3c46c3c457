/// The data directory could not be determined from the environment.
public enum DataDirectoryError: TapCardError, Equatable {
    /// None of `TAPCARD_HOME`, `XDG_DATA_HOME` (Linux, absolute) or `HOME` is set.
    case noHome

    public var origin: ErrorOrigin { .platform }

    public var sentence: String {
        switch self {
        case .noHome:
            #if os(macOS)
                "Cannot find the data directory: neither TAPCARD_HOME nor HOME is set."
            #else
                "Cannot find the data directory: none of TAPCARD_HOME, XDG_DATA_HOME (an absolute path) or HOME is set."
            #endif
        }
    }
}
