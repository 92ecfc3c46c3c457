import Foundation
import Store
import Testing
import ViewModels

@MainActor
@Suite("Tags view model")
struct TagsViewModelTests {
    @Test("Rows say whether capacity was reported or assumed, and show the last write")
    func rows() throws {
        let scratch = try ScratchStore()
        let clock = TestClock()
        let recorder = StoreRecorder(store: scratch.store)
        let reported = TagKey(uid: [0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06], chip: "ntag215")
        let assumed = TagKey(uid: [0x04, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F], chip: "ntag213")
        try recorder.recordWrite(
            uid: reported.uid, chip: reported.chip, message: Array(repeating: 0xAA, count: 23), capacityBytes: 496,
            capacityReported: true, verified: true, pagesWritten: 7, modeledAirTime: 0.031, at: clock.now)
        try recorder.recordRead(
            uid: assumed.uid, chip: assumed.chip, capacityBytes: 144, capacityReported: false,
            at: clock.now.addingTimeInterval(60))
        let model = TagsViewModel(store: scratch.store, clock: clock.function)
        model.refresh()
        #expect(model.rows.count == 2)
        #expect(model.rows[0].key == assumed)  // most recently seen first
        #expect(model.rows[0].capacity == "144 bytes (assumed from the chip type)")
        #expect(model.rows[0].lastWrite == "never written by TapCard")
        #expect(model.rows[1].capacity == "496 bytes (reported by the tag)")
        #expect(model.rows[1].lastWrite == "write: 23 bytes, verified, 2027-01-15 08:00:00 UTC")
        #expect(model.writes(for: reported).first?.pagesWritten == 7)

        model.rename(reported, label: "Desk", location: "office")
        #expect(model.rows.first { $0.key == reported }?.title == "Desk")
        #expect(model.rows.first { $0.key == reported }?.location == "office")
        #expect(model.errorMessage == nil)
    }
}
