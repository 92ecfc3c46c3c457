@testable import ViewModels

/// The phone's secret store in memory, recording what was asked of it; `onSave` runs at each save
/// (a test looks at what the tag had received by then).
@MainActor
final class MemorySecretStore: SecretStore {
    private(set) var items: [[UInt8]: [UInt8]] = [:]
    private(set) var saves = 0
    var onSave: (() -> Void)?

    func saveKeys(_ keys: SUNKeySet, forTag uid: [UInt8]) throws(SecretStoreError) {
        onSave?()
        saves += 1
        items[uid] = keys.encoded
    }

    func loadKeys(forTag uid: [UInt8]) throws(SecretStoreError) -> SUNKeySet? {
        try items[uid].map { bytes throws(SecretStoreError) in try SUNKeySet(encoded: bytes) }
    }

    func deleteKeys(forTag uid: [UInt8]) throws(SecretStoreError) {
        items[uid] = nil
    }
}
