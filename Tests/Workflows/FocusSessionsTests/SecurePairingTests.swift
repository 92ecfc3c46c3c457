import Focus
import FocusSessions
import Foundation
import Store
import Testing

/// Pairing an NTAG 424 DNA as SUN-secured: the URL read from the tag must verify for the tag's own
/// UID, every byte of it. (Mutation audit, issue 29: comparing the first 6 of the 7 UID bytes passed
/// every suite; no test paired with a URL of another tag.)
@Suite("Secure pairing: the SUN's UID is the tag's")
struct SecurePairingTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    let zero = SUNKeyPair(metaKey: [UInt8](repeating: 0, count: 16), fileKey: [UInt8](repeating: 0, count: 16))
    /// AN12196's worked URL (reference §2.8 S2): UID 04 DE 5F 1E AC C0 40, counter 61, factory keys.
    let url = "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086"
    let uid: [UInt8] = [0x04, 0xDE, 0x5F, 0x1E, 0xAC, 0xC0, 0x40]

    @Test("The URL's own UID pairs, with its counter as the last accepted")
    func theTagsOwnUIDPairs() throws {
        let scratch = try ScratchStore()
        let controller = FocusController(store: scratch.store)
        let paired = try controller.pairSecured(
            TagIdentity(uid: uid, chip: "ntag424-dna"), keys: zero, url: url, at: t0)
        #expect(paired.counter == 61)
        #expect(try controller.load().profile.pairedTags.map(\.identity.uid) == [uid])
    }

    @Test("A UID differing in any one byte, or a byte shorter or longer, is refused and nothing is stored")
    func anyOtherUIDIsRefused() throws {
        var others: [[UInt8]] = [Array(uid.dropLast()), uid + [0x00]]
        for index in uid.indices {
            for bit: UInt8 in [0x01, 0x80] {
                var changed = uid
                changed[index] ^= bit
                others.append(changed)
            }
        }
        for other in others {
            let scratch = try ScratchStore()
            let controller = FocusController(store: scratch.store)
            #expect(throws: FocusFailure.sunUIDMismatch, "UID \(other)") {
                try controller.pairSecured(TagIdentity(uid: other, chip: "ntag424-dna"), keys: zero, url: url, at: t0)
            }
            #expect(try controller.load().profile.pairedTags.isEmpty)
        }
    }
}
