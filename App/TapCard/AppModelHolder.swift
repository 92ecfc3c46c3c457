import CoreNFCTransport
import FocusSessions
import Foundation
import Store
import ViewModels

/// The one app model, for the scene and for App Intents (which iOS may run before the scene
/// exists, in the same process).
@MainActor
enum AppModelHolder {
    static let model: TapCardAppModel = makeModel()

    private static func makeModel() -> TapCardAppModel {
        // Every tag TapCard has a channel for: NFC-A and ISO-DEP, ISO 15693 (Type 5) and FeliCa
        // (Type 3, for the Info.plist system codes 12FC and 88B4).
        let service = CoreNFCTagSessions(polling: .everyTag)
        // Without a store the app still scans, writes and locks; Focus and Tags need it.
        let store = try? TapCardStore(path: storePath())
        let shield = FocusShieldViewModel(
            shield: FamilyControlsShield(), record: ShieldRecordDefaults.load(),
            save: { ShieldRecordDefaults.save($0) })
        let model = TapCardAppModel(
            service: service, store: store, shield: shield, secrets: KeychainSecretStore(),
            monotonicClock: SystemMonotonicClock())
        // The monitor extension lifts the shields at the planned end; the widget shows the session.
        model.focus?.onStatus = { status, now in
            FocusEndSchedule.update(FocusSharedState(status, shieldsUp: shield.isShielding), now: now)
        }
        return model
    }

    private static func storePath() -> String {
        let directory = URL.applicationSupportDirectory
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appending(path: "tapcard.sqlite").path(percentEncoded: false)
    }
}
