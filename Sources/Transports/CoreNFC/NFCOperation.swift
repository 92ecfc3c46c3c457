/// What a session is doing, for the sheet's `alertMessage` and for error sentences. The sheet
/// shows these words, never the Info.plist `NFCReaderUsageDescription`.
public enum NFCOperation: String, Sendable, CaseIterable {
    case reading
    case writing
    case verifying
    case locking

    /// The sheet's first message for a user action.
    public var holdNearMessage: String {
        switch self {
        case .reading: "Hold the top of your iPhone near the tag to read it."
        case .writing, .verifying: "Hold your iPhone near the tag to write."
        case .locking: "Hold your iPhone near the tag to lock it. Locking is permanent."
        }
    }

    /// Shown while the step runs, so the user keeps the tag in place.
    public var workingMessage: String {
        switch self {
        case .reading: "Reading… keep the tag still."
        case .writing: "Writing… keep the tag still."
        case .verifying: "Checking what was written… keep the tag still."
        case .locking: "Locking… keep the tag still."
        }
    }

    /// The gerund used in sentences ("while writing").
    var gerund: String {
        switch self {
        case .reading: "reading"
        case .writing: "writing"
        case .verifying: "checking what was written"
        case .locking: "locking"
        }
    }

    /// Sheet text when more than one tag is near the phone.
    public static let multipleTagsMessage =
        "More than one tag is near the phone. Move the others away and hold just one."
}
