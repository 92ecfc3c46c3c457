import Foundation
import ViewModels

/// Keeps the focus shield's record (selection, shield state, events) in the app's user defaults
/// as JSON, so a relaunch knows whether shields are up and what happened.
enum ShieldRecordDefaults {
    static let key = "focus.shield.record"

    static func load() -> ShieldRecord {
        guard let data = UserDefaults.standard.data(forKey: key),
            let record = try? JSONDecoder().decode(ShieldRecord.self, from: data)
        else { return ShieldRecord() }
        return record
    }

    static func save(_ record: ShieldRecord) {
        guard let data = try? JSONEncoder().encode(record) else { return }
        UserDefaults.standard.set(data, forKey: key)
    }
}
