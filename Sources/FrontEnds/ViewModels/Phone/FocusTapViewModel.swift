import CoreNFCTransport
import Focus
import Foundation
import Observation
import Originality
import Store
import TagCatalog
import TagWorkflows
import Type4

/// The NFC half of the Focus screen: reads the tag the user holds up (one session) and hands its
/// identity to the focus engineer's ``FocusViewModel``, which decides what the tap means.
///
/// Before it does, the phone checks what only a phone read knows: a tag with a paired tag's UID
/// and chip whose originality signature is worse than at pairing (a pairing that verified, a tap
/// that does not) is refused as a likely clone, so a copied UID neither starts nor ends a
/// session. A tap asked for from outside the Focus screen (``FocusEntryPoint``) only starts one.
///
/// A tag that speaks ISO-DEP is read by TapCard's own Type 4 driver, so an NTAG 424 DNA is named
/// as such and its URL is handed on: a tag paired secure (``pairSecure(label:location:key0:)``) counts
/// only with a SUN message that verifies with its keys and carries a read counter above the last
/// one accepted — a replayed URL, a copied UID without SUN and an edited URL are each refused,
/// by the same focus engine and rule as the desk's.
@MainActor
@Observable
public final class FocusTapViewModel {
    public internal(set) var state: ActionState<TagIdentity> = .idle
    public let focus: FocusViewModel

    @ObservationIgnored let service: any TagSessionService
    /// Where a secure pairing keeps the SUN keys (the Keychain, this device only); `nil`: secure
    /// pairing is not offered.
    @ObservationIgnored let secrets: (any SecretStore)?
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(service: any TagSessionService, focus: FocusViewModel, secrets: (any SecretStore)? = nil) {
        self.service = service
        self.focus = focus
        self.secrets = secrets
    }

    /// True when this phone can pair an NTAG 424 DNA as a SUN focus tag (it has a key store).
    public var offersSecurePairing: Bool { secrets != nil }

    /// Starts or ends a session with a paired tag; from a Shortcut or a link, starts only.
    public func tap(from entry: FocusEntryPoint = .app) async {
        focus.refresh()
        if !entry.mayEnd, focus.isFocusing {
            focus.refuse(Self.onlyStarts(entry, since: focus.status?.session?.startedAt))
            return
        }
        guard let (identity, info) = await readIdentity() else { return }
        let check = Self.focusCheck(info.signatureCheck)
        if let paired = focus.pairedTags.first(where: { $0.identity == identity }),
            !Self.signature(check, isNoWorseThan: paired.signature)
        {
            focus.refuse(Self.looksLikeAClone(paired, now: check, since: focus.status?.session?.startedAt))
            return
        }
        // The pure layer checks the same rule again and records nothing over the pairing.
        focus.tap(identity, signature: check, sunURL: Self.url(in: info))
    }

    /// Pairs the tag held up with the focus profile.
    /// Read through the same drivers as a tap, so the chip is named alike at pairing and at every
    /// tap (an NTAG 424 DNA is `ntag424-dna`, as at the desk, not iOS's "type4").
    public func pair(label: String?, location: String?) async {
        guard let (identity, info) = await readIdentity() else { return }
        focus.pair(identity, label: label, location: location, signature: Self.focusCheck(info.signatureCheck))
    }

    /// The originality verdict in the focus engine's terms.
    static func focusCheck(_ check: Originality.SignatureCheck) -> Focus.SignatureCheck {
        switch check.verdict {
        case .valid: .valid
        case .invalid: .invalid
        case .unavailable: .unsupported
        }
    }

    /// A tap's signature against the pairing's: a pairing that verified accepts only a tap that
    /// verifies; one with no signature refuses a signature that does not verify (a different
    /// chip); a pairing nobody checked, or one that did not verify, accepts what it was.
    static func signature(_ now: Focus.SignatureCheck, isNoWorseThan paired: Focus.SignatureCheck) -> Bool {
        switch paired {
        case .valid: now == .valid
        case .unsupported: now != .invalid
        case .invalid, .notChecked: true
        }
    }

    static func looksLikeAClone(_ paired: PairedTag, now: Focus.SignatureCheck, since: Date?) -> String {
        let then = paired.signature == .valid ? "verified" : "was absent"
        let tapped = now == .invalid ? "does not verify" : "could not be checked"
        var text =
            "This tag has the UID and chip of your focus tag (\(paired.whereabouts)), but its originality signature \(tapped), and it \(then) when you paired it: it looks like a clone, so it neither starts nor ends a session."
        if let since { text += " Your focus session keeps running (since \(DurationText.timestamp(since)))." }
        return text
    }

    static func onlyStarts(_ entry: FocusEntryPoint, since: Date?) -> String {
        let running = since.map { " (since \(DurationText.timestamp($0)))" } ?? ""
        return
            "A focus session is already running\(running). \(entry.phrase.prefix(1).uppercased() + entry.phrase.dropFirst()) can only start one: it ends by your paired tag on the Focus screen, at its planned end, or through the emergency exit."
    }

    /// The first URI record of the message read, where a SUN tag mirrors its message.
    static func url(in info: TagInfo) -> String? {
        for row in info.records {
            if case .uri(let record) = row.view { return record.uri }
        }
        return nil
    }

    /// Reads the tag held up in one session, through TapCard's drivers where the tag has one
    /// (iOS's own read otherwise), as the Scan screen does.
    private func readIdentity() async -> (TagIdentity, TagInfo)? {
        guard !state.isWorking else { return nil }
        state = .working
        do throws(TagSessionFailure<any Error>) {
            let outcome = try await service.read { connection async throws -> TagInfo? in
                try await PhoneDrivers.inspect(connection)
            }
            let info =
                switch outcome {
                case .driver(let info): info
                case .iOS(let reading): TagInfo(reading)
                }
            let identity = TagIdentity(uid: info.reading.uid, chip: info.tagKey.chip)
            state = .done(identity)
            return (identity, info)
        } catch {
            switch error {
            case .session(let session):
                state = session.isCancellation ? .idle : .failed(session.sentence)
                onFailure?(session)
            case .operation(let failure):
                state = .failed(PhoneWords.sentence(for: failure))
            }
            return nil
        }
    }
}
