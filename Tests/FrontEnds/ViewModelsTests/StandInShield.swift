import Foundation
import ViewModels

/// Screen Time for the tests: an authorization the test sets (as the owner would in Settings) and
/// a log of every call, with the shield state a `ManagedSettingsStore` would hold.
@MainActor
final class StandInShield: ScreenTimeShield {
    enum Call: Equatable {
        case authorize
        case apply(ShieldSelection)
        case clear
    }

    var authorization: ShieldAuthorization
    /// What ``authorize()`` sets (the owner's answer to the system sheet).
    var answer: ShieldAuthorization = .approved
    /// When set, ``apply(_:)`` throws it.
    var applyFailure: ShieldFailure?
    private(set) var calls: [Call] = []
    /// What is shielded now, as the system would hold it.
    private(set) var shielded: ShieldSelection?

    init(authorization: ShieldAuthorization = .approved) {
        self.authorization = authorization
    }

    func authorize() async throws(ShieldFailure) {
        calls.append(.authorize)
        authorization = answer
        if answer != .approved {
            throw .authorizationFailed(domain: "FamilyControls.FamilyControlsError", code: 5, detail: "declined")
        }
    }

    func apply(_ selection: ShieldSelection) throws(ShieldFailure) {
        calls.append(.apply(selection))
        if let applyFailure { throw applyFailure }
        shielded = selection
    }

    func clear() {
        calls.append(.clear)
        shielded = nil
    }

    /// The owner turns TapCard's access off in Settings: iOS lifts the shields itself.
    func ownerTurnsAccessOff() {
        authorization = .notDetermined
        shielded = nil
    }

    var isShielding: Bool { shielded != nil }
}

extension ShieldSelection {
    static let social = ShieldSelection(data: Data([0x7B, 0x7D]), applications: 3, categories: 1, webDomains: 0)
    static let everything = ShieldSelection(data: Data([0x5B, 0x5D]), applications: 0, categories: 12, webDomains: 2)
}
