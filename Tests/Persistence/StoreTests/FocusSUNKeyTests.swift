import Foundation
import Store
import Testing

/// The SUN keys of focus tags (table focus_sun_keys, migration 6).
@Suite("Focus SUN keys")
struct FocusSUNKeyTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let tag = TagKey(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6], chip: "ntag424-dna")
    let keys = SUNKeyPair(metaKey: Array(repeating: 0x11, count: 16), fileKey: Array(repeating: 0x22, count: 16))

    @Test("Keys round-trip, make the file 0600, and mark a pairing secure only once confirmed")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("s.sqlite")
        let store = try TapCardStore(path: path)
        try store.pairTag(tag, profile: "focus", label: nil, location: nil, signature: nil, at: t0)
        #expect(try store.focusSUNKeys(for: tag) == nil)
        try store.saveFocusSUNKeys(keys, for: tag, confirmed: false, at: t0)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try store.focusSUNKeys(for: tag)?.keys == keys)
        #expect(try store.focusSUNKeys(for: tag)?.confirmed == false)
        #expect(try store.pairedTags(profile: "focus").first?.sunSecured == false)
        try store.confirmFocusSUNKeys(for: tag)
        #expect(try store.pairedTags(profile: "focus").first?.sunSecured == true)
        // Another chip with the same UID is another tag: it has no keys.
        #expect(try store.focusSUNKeys(for: TagKey(uid: tag.uid, chip: "ntag213")) == nil)
    }

    @Test("A key pair never shows its keys in a description")
    func hidden() {
        #expect(!"\(keys)".contains("11"))
        #expect(!String(reflecting: keys).contains("22"))
    }
}
