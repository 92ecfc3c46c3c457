import Focus
import FocusSessions
import Foundation
import Observation
import Store

/// The Focus screen: the current session, the last outcome in words, history, and the pairing
/// notice. Every action goes through ``/FocusSessions/FocusController`` (the state machine over the store); the
/// clock is injected, so the screen's logic is tested without waiting. With a
/// `FocusShieldViewModel`, every status it reads is handed on, so the chosen apps are shielded
/// when a session starts and unshielded on every kind of end.
@MainActor
@Observable
public final class FocusViewModel {
    /// The snapshot the screen shows (refreshed after every action and by ``refresh()``).
    public private(set) var status: FocusStatus?
    /// What the last action did, in words ("Focus session started …").
    public private(set) var message: String?
    /// Why the last action was refused or failed (the error's sentence).
    public private(set) var errorMessage: String?
    /// The refusal itself, for screens that react to its kind (e.g. show the tag's place).
    public private(set) var lastRefusal: FocusRefusal?
    /// Sessions, newest first.
    public private(set) var history: [FocusSession] = []

    @ObservationIgnored private let controller: FocusController
    @ObservationIgnored private let clock: () -> Date
    /// What the phone blocks during a session; `nil` where Screen Time is not available.
    public let shield: FocusShieldViewModel?
    /// Told every status this model reads (the app shares the running session with its
    /// DeviceActivity monitor and its widget).
    @ObservationIgnored public var onStatus: ((FocusStatus, Date) -> Void)?

    public init(
        controller: FocusController, clock: @escaping () -> Date = Date.init, shield: FocusShieldViewModel? = nil
    ) {
        self.controller = controller
        self.clock = clock
        self.shield = shield
    }

    /// The planned end of the running session: the screen refreshes then, so the shields come
    /// down on time while the app is open.
    public var plannedEnd: Date? { isFocusing ? status?.session?.plannedEnd : nil }

    /// True while a session runs.
    public var isFocusing: Bool { status?.phase == .active }

    /// The tags that can toggle the profile.
    public var pairedTags: [PairedTag] { status?.pairedTags ?? [] }

    /// The security notice for the pairing screen.
    public var pairingNotice: String { PairingNotice.text }

    /// "2 of 3 emergency exits left in any 28 days." (with the next free one when none remain).
    public var emergencyText: String? { status?.emergency.sentence }

    /// Elapsed time of the shown session at `now` (the screen's own timer only redraws; the
    /// figure is always computed from the stored start).
    public func elapsed(at now: Date) -> TimeInterval? {
        status?.session.map { $0.elapsed(at: now) }
    }

    /// Reloads status and history from the store (on appear, and when the app comes back).
    public func refresh() {
        let now = clock()
        perform { () throws(FocusFailure) in
            status = try controller.status(at: now)
            history = try controller.history(limit: 50, at: now)
        }
    }

    /// What the NFC layer calls with the identity of a tapped tag, and the URL it read from it
    /// (a SUN-paired tag counts only with a valid, fresh SUN message there).
    public func tap(
        _ identity: TagIdentity, signature: SignatureCheck = .notChecked, sunURL: String? = nil,
        plan: SessionPlan? = nil
    ) {
        let now = clock()
        perform { () throws(FocusFailure) in
            let outcome = try controller.tap(identity, signature: signature, sunURL: sunURL, at: now, plan: plan)
            message = FocusWords.describe(outcome)
        }
    }

    /// Pairs the tapped tag with the profile.
    public func pair(
        _ identity: TagIdentity, label: String? = nil, location: String? = nil, signature: SignatureCheck = .notChecked
    ) {
        let now = clock()
        perform { () throws(FocusFailure) in
            let outcome = try controller.pair(identity, label: label, location: location, signature: signature, at: now)
            message = FocusWords.describe(outcome)
        }
    }

    /// Pairs an NTAG 424 DNA as a SUN focus tag: `url`, read from it just now, must verify with
    /// `keys` for its own UID; its read counter becomes the last accepted (the CLI's
    /// `FocusController/pairSecured` record and rule). True when the pairing was recorded.
    @discardableResult
    func pairSecured(
        _ identity: TagIdentity, keys: SUNKeyPair, url: String, label: String?, location: String?,
        signature: SignatureCheck
    ) -> Bool {
        let now = clock()
        var paired = false
        perform { () throws(FocusFailure) in
            let result = try controller.pairSecured(
                identity, keys: keys, url: url, label: label, location: location, signature: signature, at: now)
            message =
                FocusWords.describe(result.outcome)
                + " Secure: every tap must carry a fresh SUN message (read counter \(result.counter) now)."
            paired = true
        }
        return paired
    }

    /// Uses one emergency exit.
    public func emergencyExit() {
        let now = clock()
        perform { () throws(FocusFailure) in
            let outcome = try controller.emergencyExit(at: now)
            message = FocusWords.describe(outcome)
        }
    }

    /// A refusal decided on the phone before the focus engine was asked (a tag that looks like a
    /// clone, a Shortcut asked to end a session): shown like the engine's own refusals.
    func refuse(_ sentence: String) {
        errorMessage = sentence
        lastRefusal = nil
        message = nil
    }

    private func perform(_ action: () throws(FocusFailure) -> Void) {
        do {
            try action()
            errorMessage = nil
            lastRefusal = nil
        } catch {
            errorMessage = error.sentence
            lastRefusal = error.refusal
            message = nil
        }
        let now = clock()
        if let status = try? controller.status(at: now) { self.status = status }
        if let history = try? controller.history(limit: 50, at: now) { self.history = history }
        if let status {
            shield?.sync(with: status, at: now)
            onStatus?(status, now)
        }
    }
}
