import Foundation
import Security
import TapCardSupport
import ViewModels

/// The SUN keys "Make this a secure tag" puts on tags, in the iPhone's Keychain: one generic
/// password per tag (service "TapCard SUN keys", account the UID in hex), readable only while the
/// device is unlocked and never migrated to another device or backup
/// (`kSecAttrAccessibleWhenUnlockedThisDeviceOnly`). Nothing here prints or logs a key; errors
/// carry the `OSStatus` only.
@MainActor
final class KeychainSecretStore: SecretStore {
    static let service = "TapCard SUN keys"

    private func query(_ uid: [UInt8]) -> [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: Self.service,
            kSecAttrAccount as String: Hex.encode(uid, uppercase: true),
        ]
    }

    func saveKeys(_ keys: SUNKeySet, forTag uid: [UInt8]) throws(SecretStoreError) {
        let data = Data(keys.encoded)
        let match = query(uid)
        let update: [String: Any] = [
            kSecValueData as String: data,
            kSecAttrAccessible as String: kSecAttrAccessibleWhenUnlockedThisDeviceOnly,
        ]
        let updated = SecItemUpdate(match as CFDictionary, update as CFDictionary)
        if updated == errSecSuccess { return }
        guard updated == errSecItemNotFound else { throw .keychain(operation: "save", status: updated) }
        let added = SecItemAdd(match.merging(update) { _, new in new } as CFDictionary, nil)
        guard added == errSecSuccess else { throw .keychain(operation: "save", status: added) }
    }

    func loadKeys(forTag uid: [UInt8]) throws(SecretStoreError) -> SUNKeySet? {
        var search = query(uid)
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &result)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess else { throw .keychain(operation: "load", status: status) }
        guard let data = result as? Data else { throw .corrupt(bytes: 0) }
        return try SUNKeySet(encoded: [UInt8](data))
    }

    func deleteKeys(forTag uid: [UInt8]) throws(SecretStoreError) {
        let status = SecItemDelete(query(uid) as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else {
            throw .keychain(operation: "delete", status: status)
        }
    }
}
