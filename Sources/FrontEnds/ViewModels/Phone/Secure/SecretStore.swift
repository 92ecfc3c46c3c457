/// Where the phone keeps the SUN keys it put on a tag, one set per tag UID. The app's store is
/// the Keychain (this device only); tests use an in-memory one. Keys go in before a ChangeKey is
/// sent, so a tear never leaves a tag with keys nobody knows.
@MainActor
public protocol SecretStore: AnyObject {
    /// Saves `keys` for the tag `uid`, replacing any set stored for it.
    func saveKeys(_ keys: SUNKeySet, forTag uid: [UInt8]) throws(SecretStoreError)
    /// The keys stored for the tag `uid`; `nil` when none are.
    func loadKeys(forTag uid: [UInt8]) throws(SecretStoreError) -> SUNKeySet?
    /// Forgets the keys of the tag `uid` (nothing happens when none are stored).
    func deleteKeys(forTag uid: [UInt8]) throws(SecretStoreError)
}
