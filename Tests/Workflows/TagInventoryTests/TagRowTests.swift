import Foundation
import Store
import TagInventory
import Testing

/// A line of the inventory in words, as the Tags screen and `tapcard tags` show it.
@Suite("Tag inventory rows")
struct TagRowTests {
    let seen = Date(timeIntervalSince1970: 1_800_000_000)
    let key = TagKey(uid: [0x04, 0x20, 0x00, 0x00, 0x00, 0x00, 0x01], chip: "ntag213")

    func row(_ tag: TagRecord, writes: Int = 0, lastWrite: WriteRecord? = nil) -> TagRow {
        TagRow(InventoryEntry(tag: tag, writeCount: writes, lastWrite: lastWrite))
    }

    @Test("The signature verdict is said in words, and a tag never inspected says so")
    func signatureWords() {
        let cases: [(SignatureRecord?, String)] = [
            (.valid, "valid under NXP's key (the UID was programmed by NXP once; a clone can replay it)"),
            (
                .invalid,
                "invalid: no signature by NXP's key for this UID (all zeros, or not NXP's): a virtual tag, an emulator, a clone or not NXP silicon"
            ),
            (.unsupported, "none: this chip has no originality signature"),
            (.notChecked, "not checked (no inspection has read it yet)"),
            (nil, "not checked (no inspection has read it yet)"),
        ]
        for (signature, words) in cases {
            let tag = TagRecord(key: key, firstSeen: seen, lastSeen: seen, signature: signature)
            #expect(row(tag).signature == words)
        }
    }

    @Test("Capacity says whether the tag reported it or it was assumed; the chip stands in for a missing label")
    func capacityAndTitle() {
        let reported = TagRecord(
            key: key, capacity: CapacityRecord(bytes: 137, source: .reported), firstSeen: seen, lastSeen: seen)
        #expect(row(reported).capacity == "137 bytes (reported by the tag)")
        #expect(row(reported).title == "ntag213")
        #expect(row(reported).uid == "04:20:00:00:00:00:01")
        let assumed = TagRecord(
            key: key, capacity: CapacityRecord(bytes: 137, source: .assumed), label: "Desk", firstSeen: seen,
            lastSeen: seen)
        #expect(row(assumed).capacity == "137 bytes (assumed from the chip type)")
        #expect(row(assumed).title == "Desk")
        #expect(row(TagRecord(key: key, firstSeen: seen, lastSeen: seen)).capacity == "unknown (not read yet)")
    }

    @Test("The last write names its size, whether it was verified and when; a lock has no size")
    func lastWrite() {
        let tag = TagRecord(key: key, firstSeen: seen, lastSeen: seen)
        #expect(row(tag).lastWrite == "never written by TapCard")
        let write = WriteRecord(
            tag: key, message: [0xD1, 0x01, 0x00], capacity: nil, verified: true, pagesWritten: 1, modeledAirTime: nil,
            at: seen)
        #expect(row(tag, writes: 1, lastWrite: write).lastWrite == "write: 3 bytes, verified, 2027-01-15 08:00:00 UTC")
        let lock = WriteRecord(
            tag: key, operation: .lock, message: [], capacity: nil, verified: false, pagesWritten: 2,
            modeledAirTime: nil, at: seen)
        #expect(row(tag, writes: 2, lastWrite: lock).lastWrite == "lock, not verified, 2027-01-15 08:00:00 UTC")
        #expect(row(tag, writes: 2, lastWrite: lock).writeCount == 2)
    }
}
