import TapCardSupport

/// Why the phone's secret store failed. Never holds a key.
public enum SecretStoreError: TapCardError, Equatable {
    /// The Keychain answered `status` (an `OSStatus`) to `operation` ("save", "load", "delete").
    case keychain(operation: String, status: Int32)
    /// The stored item is `bytes` long and is not a key set this app wrote.
    case corrupt(bytes: Int)

    public var origin: ErrorOrigin { .platform }

    public var sentence: String {
        switch self {
        case .keychain(let operation, let status):
            "The iPhone's Keychain refused to \(operation) the SUN keys (OSStatus \(status))."
        case .corrupt(let bytes):
            "The SUN keys stored for this tag are unreadable (\(bytes) bytes, not a key set TapCard wrote)."
        }
    }
}
