import CoreNFCTransport
import Focus
import Observation
import Originality

/// The NFC half of the Focus screen: reads the tag the user holds up (one session) and hands its
/// identity to the focus engineer's ``FocusViewModel``, which decides what the tap means.
@MainActor
@Observable
public final class FocusTapViewModel {
    public private(set) var state: ActionState<TagIdentity> = .idle
    public let focus: FocusViewModel

    @ObservationIgnored private let service: any TagSessionService
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(service: any TagSessionService, focus: FocusViewModel) {
        self.service = service
        self.focus = focus
    }

    /// Starts or ends a session with a paired tag.
    public func tap() async {
        guard let (identity, info) = await readIdentity() else { return }
        // The verdict goes with the tap: a tag paired with a valid signature refuses a same-UID
        // tag whose signature does not verify (a likely clone).
        focus.tap(identity, signature: Self.focusCheck(info.signatureCheck))
    }

    /// Pairs the tag held up with the focus profile.
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

    private func readIdentity() async -> (TagIdentity, TagInfo)? {
        guard !state.isWorking else { return nil }
        state = .working
        do throws(NFCSessionError) {
            let info = TagInfo(try await service.read())
            let identity = TagIdentity(uid: info.reading.uid, chip: info.tagKey.chip)
            state = .done(identity)
            return (identity, info)
        } catch {
            state = error.isCancellation ? .idle : .failed(error.sentence)
            onFailure?(error)
            return nil
        }
    }
}
