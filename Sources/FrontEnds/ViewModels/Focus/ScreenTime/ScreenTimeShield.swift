/// What a focus session blocks on the phone, behind a protocol: the app implements it with Apple's
/// Screen Time frameworks (FamilyControls authorization, a `ManagedSettingsStore`'s shields), the
/// tests with a stand-in that records every call. The decisions (when to raise, when to lower,
/// what to tell the person) are all in `FocusShieldViewModel`; an implementation only does what it
/// is told.
@MainActor
public protocol ScreenTimeShield: AnyObject {
    /// What the device owner has allowed TapCard, read fresh each time (the owner can turn
    /// TapCard's Screen Time access off in Settings at any moment).
    var authorization: ShieldAuthorization { get }

    /// Asks the owner for Screen Time access (the system's own sheet; Face ID or the passcode).
    func authorize() async throws(ShieldFailure)

    /// Shields the apps, categories and web domains of `selection` until ``clear()``.
    func apply(_ selection: ShieldSelection) throws(ShieldFailure)

    /// Lifts every shield TapCard set.
    func clear()
}
