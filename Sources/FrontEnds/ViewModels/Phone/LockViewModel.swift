import CoreNFCTransport
import Foundation
import Observation
import TapCardSupport

/// The Lock screen. Locking is permanent, so it needs a scanned tag and a typed confirmation
/// naming that tag ("LOCK" and the last two UID bytes); the session then refuses any other tag.
@MainActor
@Observable
public final class LockViewModel {
    public private(set) var state: ActionState<LockReceipt> = .idle
    /// The tag to lock, from the last scan.
    public private(set) var target: TagInfo?
    /// What the user typed.
    public var typedConfirmation = ""

    @ObservationIgnored private let service: any TagSessionService
    @ObservationIgnored public var onFailure: ((NFCSessionError) -> Void)?

    public init(service: any TagSessionService) {
        self.service = service
    }

    /// Chooses the tag to lock (from a scan) and clears any earlier confirmation.
    public func select(_ info: TagInfo?) {
        target = info
        typedConfirmation = ""
        state = .idle
    }

    public static let warning =
        "Locking is permanent: the tag becomes read-only and nobody, including you, can change or erase it again."

    /// The words to type, naming the tag: "LOCK 5E80".
    public var requiredPhrase: String? {
        guard let uid = target?.reading.uid, !uid.isEmpty else { return nil }
        return "LOCK " + Hex.encode(uid.suffix(2), uppercase: true)
    }

    /// Why the lock button is not offered, or `nil` when it is.
    public var blocker: String? {
        guard let target else { return "Scan the tag you want to lock first." }
        switch target.reading.access {
        case .readOnly: return "This tag is already read-only."
        case .notFormatted: return "This tag is not NDEF formatted; there is nothing to lock."
        case .readWrite: break
        }
        guard requiredPhrase != nil else { return "This tag has no UID to confirm against." }
        return nil
    }

    public var isConfirmed: Bool {
        guard let requiredPhrase else { return false }
        return typedConfirmation.trimmingCharacters(in: .whitespaces).uppercased() == requiredPhrase
    }

    public var canLock: Bool { blocker == nil && isConfirmed && !state.isWorking }

    public func lock() async {
        guard canLock, let uid = target?.reading.uid else { return }
        state = .working
        do throws(NFCSessionError) {
            let receipt = try await service.lock(expectedUID: uid)
            state = .done(receipt)
            typedConfirmation = ""
        } catch {
            state = error.isCancellation ? .idle : .failed(error.sentence)
            onFailure?(error)
        }
    }
}
