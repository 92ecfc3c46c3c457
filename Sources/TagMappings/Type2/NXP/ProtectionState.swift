/// Who can write a password-protected chip's protected pages, as far as the writes that landed
/// tell.
public enum ProtectionState: String, Sendable, Equatable, Comparable, CaseIterable {
    /// AUTH0 is off: no page needs a password.
    case unprotected
    /// Protected by the password the tag had before (the one TapCard authenticated with).
    case protectedWithCurrentPassword = "protected-with-current-password"
    /// Protected by the new password.
    case protectedWithNewPassword = "protected-with-new-password"
    /// Protected by bytes nobody knows (a torn PWD write while AUTH0 was on). No TapCard plan can
    /// end here; the case exists so that tests can prove it.
    case protectedWithUnknownPassword = "protected-with-unknown-password"

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }

    private var rank: Int {
        switch self {
        case .unprotected: 0
        case .protectedWithCurrentPassword: 1
        case .protectedWithNewPassword: 2
        case .protectedWithUnknownPassword: 3
        }
    }

    public var phrase: String {
        switch self {
        case .unprotected: "unprotected (no page needs a password)"
        case .protectedWithCurrentPassword: "protected with its previous password"
        case .protectedWithNewPassword: "protected with the new password"
        case .protectedWithUnknownPassword: "protected by a password nobody knows"
        }
    }
}
