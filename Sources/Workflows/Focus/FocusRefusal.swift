import Foundation
import TapCardSupport

/// Every way the focus state machine says no. A refusal never changes the state.
public enum FocusRefusal: TapCardError, Equatable {
    /// The profile has no paired tag, so nothing can start or end a session.
    case noPairedTag(profile: String)
    /// The tapped tag is not one of the profile's paired tags.
    /// `runningSince` is the start of the session that keeps running, if one does.
    case notYourTag(tapped: TagIdentity, paired: [PairedTag], runningSince: Date?)
    /// The tapped tag has the paired UID and chip, but its originality signature is worse than
    /// at pairing (`signature`: what the tap found): it looks like a clone.
    case signatureWorseThanAtPairing(
        tapped: TagIdentity, paired: PairedTag, signature: SignatureCheck, runningSince: Date?)
    /// The tapped tag has the UID of a SUN-paired tag but no SUN message that verifies: a UID
    /// clone (a plain tag written with the UID, or an NTAG 424 DNA without the pairing's keys).
    case uidCloneOfSecureTag(tapped: TagIdentity, paired: PairedTag, runningSince: Date?)
    /// The tag showed a SUN message whose MAC does not verify with the pairing's keys: a copied
    /// URL that was edited, or another tag's URL.
    case sunMacInvalid(tapped: TagIdentity, paired: PairedTag, runningSince: Date?)
    /// The SUN message verifies, but its read counter is not above the last one accepted: a
    /// recorded URL played back (by a clone or a tag it was written onto).
    case sunCounterNotIncreasing(
        tapped: TagIdentity, paired: PairedTag, counter: Int, lastAccepted: Int, runningSince: Date?)
    /// Ending by tag before the minimum duration.
    case tooEarly(minimum: TimeInterval, remaining: TimeInterval, minimumEnd: Date)
    /// The emergency exit was asked for with no session running.
    case noActiveSession
    /// Every emergency exit of the rolling window is used (or exits are turned off).
    case emergencyExhausted(budget: EmergencyBudget)
    /// Pairing or unpairing while a session runs: that would let any tag at hand end it.
    case pairingDuringSession
    /// Unpairing a tag that is not paired.
    case notPaired(TagIdentity)
    /// A session plan that cannot be kept (negative, or a minimum longer than the planned length).
    case invalidPlan(minimum: TimeInterval?, planned: TimeInterval?)

    public var origin: ErrorOrigin {
        switch self {
        case .invalidPlan: .input
        default: .refusal
        }
    }

    public var sentence: String {
        switch self {
        case .noPairedTag(let profile):
            return "No tag is paired with the focus profile '\(profile)' yet; pair a tag first."
        case .notYourTag(let tapped, let paired, let runningSince):
            let places = paired.map(\.whereabouts)
            var text: String
            switch places.count {
            case 0: text = "This isn't your focus tag — no tag is paired yet."
            case 1: text = "This isn't your focus tag — it's \(places[0])."
            default:
                text =
                    "This isn't your focus tag — it's \(places.dropLast().joined(separator: ", ")) or \(places[places.count - 1])."
            }
            if let twin = paired.first(where: { $0.identity.uid == tapped.uid && $0.identity.chip != tapped.chip }) {
                text +=
                    " This tag has the paired UID \(tapped.uidText) but reports chip type \(tapped.chip), not the paired \(twin.identity.chip): it may be a clone."
            }
            if let runningSince {
                text += " Your focus session keeps running (since \(DurationText.timestamp(runningSince)))."
            }
            return text
        case .signatureWorseThanAtPairing(let tapped, let paired, let signature, let runningSince):
            let found =
                switch signature {
                case .invalid: "its originality signature does not verify"
                case .unsupported: "it has no originality signature"
                case .notChecked, .valid: "its originality signature could not be checked"
                }
            var text =
                "This tag has the UID \(tapped.uidText) of your focus tag (\(paired.whereabouts)), but \(found), while your focus tag's signature verified when it was paired: it looks like a clone, so it is refused."
            if let runningSince {
                text += " Your focus session keeps running (since \(DurationText.timestamp(runningSince)))."
            }
            return text
        case .uidCloneOfSecureTag(let tapped, let paired, let runningSince):
            let shows =
                tapped.chip == paired.identity.chip
                ? "it shows no SUN message that your focus tag's keys verify"
                : "it reports chip type \(tapped.chip), not the paired \(paired.identity.chip), so any SUN URL it holds is a copy"
            return Self.keepsRunning(
                "This tag has the UID \(tapped.uidText) of your focus tag (\(paired.whereabouts)), but \(shows): it is a UID clone, so it is refused.",
                runningSince)
        case .sunMacInvalid(let tapped, let paired, let runningSince):
            return Self.keepsRunning(
                "This tag has the UID \(tapped.uidText) of your focus tag (\(paired.whereabouts)), but its SUN message's MAC does not verify with your focus tag's keys: a copied URL that was edited, or another tag's URL, so it is refused.",
                runningSince)
        case .sunCounterNotIncreasing(let tapped, let paired, let counter, let lastAccepted, let runningSince):
            return Self.keepsRunning(
                "This tag shows a genuine SUN message of your focus tag (\(paired.whereabouts), UID \(tapped.uidText)), but its read counter \(counter) is not above \(lastAccepted), the last one accepted: it is a recorded URL played back (a replay or a clone), so it is refused.",
                runningSince)
        case .tooEarly(let minimum, let remaining, let minimumEnd):
            return
                "This session has a minimum of \(DurationText.describe(minimum)); \(DurationText.describe(remaining)) remain (until \(DurationText.timestamp(minimumEnd))). The emergency exit can end it sooner."
        case .noActiveSession:
            return "No focus session is running, so there is nothing to end."
        case .emergencyExhausted(let budget):
            if budget.allowance == 0 {
                return
                    "Emergency exits are turned off for this session (it keeps the rules it started with); only a paired tag can end it."
            }
            var text =
                "All \(budget.allowance) emergency exits of the last \(DurationText.describe(budget.period)) are used; only a paired tag can end the session now."
            if let next = budget.nextAvailableAt {
                text += " The next emergency exit becomes available at \(DurationText.timestamp(next))."
            }
            return text
        case .pairingDuringSession:
            return
                "Tags cannot be paired or unpaired while a focus session is running (otherwise any tag at hand could end it); end the session first."
        case .notPaired(let identity):
            return "The tag \(identity) is not paired with this profile."
        case .invalidPlan(let minimum, let planned):
            let m = minimum.map { DurationText.describe($0) } ?? "none"
            let p = planned.map { DurationText.describe($0) } ?? "none"
            return
                "This session plan cannot be kept (minimum \(m), planned length \(p)): durations must be positive and the minimum no longer than the planned length."
        }
    }

    private static func keepsRunning(_ text: String, _ runningSince: Date?) -> String {
        guard let runningSince else { return text }
        return text + " Your focus session keeps running (since \(DurationText.timestamp(runningSince)))."
    }
}
