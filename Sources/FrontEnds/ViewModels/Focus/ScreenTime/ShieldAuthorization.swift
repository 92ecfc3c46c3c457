/// Whether the device owner lets TapCard use Screen Time (FamilyControls' `AuthorizationStatus`,
/// in TapCard's words).
public enum ShieldAuthorization: String, Sendable, Equatable, Codable {
    /// Never asked, or the owner turned TapCard's access off in Settings (iOS reports both so).
    case notDetermined = "not-determined"
    /// The owner declined, or turned the access off.
    case denied
    /// TapCard may shield apps.
    case approved

    /// A sentence for the Focus screen.
    public var sentence: String {
        switch self {
        case .notDetermined:
            "TapCard has no Screen Time access yet: a focus session is a timer until you allow it."
        case .denied:
            "Screen Time access is off for TapCard (Settings › Screen Time): a focus session blocks nothing until you allow it again."
        case .approved:
            "TapCard may block the apps you chose while a focus session runs."
        }
    }
}
