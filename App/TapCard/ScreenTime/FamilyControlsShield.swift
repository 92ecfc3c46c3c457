@preconcurrency import FamilyControls
import Foundation
@preconcurrency import ManagedSettings
import ViewModels

/// Screen Time for real: FamilyControls' individual authorization (the device owner's own Face ID
/// or passcode) and the shields of one `ManagedSettingsStore`. Only does what
/// `FocusShieldViewModel` decides.
@MainActor
final class FamilyControlsShield: ScreenTimeShield {
    private let store = ManagedSettingsStore()

    var authorization: ShieldAuthorization {
        switch AuthorizationCenter.shared.authorizationStatus {
        case .approved: .approved
        case .denied: .denied
        case .notDetermined: .notDetermined
        @unknown default: .notDetermined
        }
    }

    func authorize() async throws(ShieldFailure) {
        do {
            try await AuthorizationCenter.shared.requestAuthorization(for: .individual)
        } catch {
            let ns = error as NSError
            throw .authorizationFailed(domain: ns.domain, code: ns.code, detail: ns.localizedDescription)
        }
    }

    func apply(_ selection: ShieldSelection) throws(ShieldFailure) {
        guard let chosen = Self.decode(selection) else { throw .unreadableSelection(bytes: selection.data.count) }
        store.shield.applications = chosen.applicationTokens.isEmpty ? nil : chosen.applicationTokens
        store.shield.applicationCategories = chosen.categoryTokens.isEmpty ? nil : .specific(chosen.categoryTokens)
        store.shield.webDomains = chosen.webDomainTokens.isEmpty ? nil : chosen.webDomainTokens
        store.shield.webDomainCategories = chosen.categoryTokens.isEmpty ? nil : .specific(chosen.categoryTokens)
    }

    func clear() {
        store.clearAllSettings()
    }

    /// The picker's selection as the view models keep it (JSON of the Codable selection).
    static func encode(_ chosen: FamilyActivitySelection) -> ShieldSelection {
        ShieldSelection(
            data: (try? JSONEncoder().encode(chosen)) ?? Data(), applications: chosen.applicationTokens.count,
            categories: chosen.categoryTokens.count, webDomains: chosen.webDomainTokens.count)
    }

    static func decode(_ selection: ShieldSelection?) -> FamilyActivitySelection? {
        guard let data = selection?.data, !data.isEmpty else { return nil }
        return try? JSONDecoder().decode(FamilyActivitySelection.self, from: data)
    }
}
