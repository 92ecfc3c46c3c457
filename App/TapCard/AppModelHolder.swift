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

    /// The store lives in a folder of its own that backups leave out: beside the tags and the
    /// focus history it holds the SUN keys of secure focus tags (their Keychain copies are this
    /// device only, and so must these be), so it never reaches iCloud or a computer's backup. A
    /// restored phone pairs its secure tags again; a store already in Application Support moves
    /// in on the first launch.
    private static func storePath() -> String {
        var directory = URL.applicationSupportDirectory.appending(path: "Store", directoryHint: .isDirectory)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var values = URLResourceValues()
        values.isExcludedFromBackup = true
        try? directory.setResourceValues(values)
        let path = directory.appending(path: "tapcard.sqlite").path(percentEncoded: false)
        let old = URL.applicationSupportDirectory.appending(path: "tapcard.sqlite").path(percentEncoded: false)
        if FileManager.default.fileExists(atPath: old), !FileManager.default.fileExists(atPath: path) {
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: old + suffix) {
                try? FileManager.default.moveItem(atPath: old + suffix, toPath: path + suffix)
            }
        }
        return path
    }
}
