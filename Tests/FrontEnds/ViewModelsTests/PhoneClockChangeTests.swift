#if os(Linux)
    import Focus
    import Foundation
    import TagCatalog
    import Testing

    @testable import ViewModels

    /// The phone's focus sessions record a monotonic reference too (issue 17 item 3): a wall clock
    /// set ahead on the iPhone ends nothing early, and the status says by how much it moved.
    @MainActor
    @Suite("Phone: a changed clock is caught")
    struct PhoneClockChangeTests {
        /// A monotonic clock the test moves by hand, in step with (or against) the wall clock.
        final class StagedMonotonic: MonotonicClock, @unchecked Sendable {
            var reading_: MonotonicReading
            init(_ reading: MonotonicReading) { reading_ = reading }
            func reading() -> MonotonicReading? { reading_ }
        }

        @Test("The app model's focus session keeps its minimum when the wall clock jumps an hour ahead")
        func clockSetAheadOnThePhone() throws {
            let bench = Bench(model: .ntag213)
            var now = Date(timeIntervalSince1970: 1_800_000_000)
            let monotonic = StagedMonotonic(MonotonicReading(bootID: "phone-boot", sinceBoot: 1_000))
            let app = TapCardAppModel(
                service: bench.service, store: try temporaryStore(), clock: { now }, monotonicClock: monotonic)
            let focus = try #require(app.focus)
            let desk = TagIdentity(uid: [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60], chip: "ntag213")
            focus.pair(desk, location: "desk", signature: .notChecked)
            focus.tap(desk, plan: SessionPlan(minimumDuration: 30 * 60))
            #expect(focus.isFocusing)

            // An hour on the wall clock, one minute on the monotonic one.
            now += 3_600
            monotonic.reading_ = MonotonicReading(bootID: "phone-boot", sinceBoot: 1_060)
            focus.refresh()
            #expect(focus.status?.clock == .jumped(by: 3_540))
            focus.tap(desk)
            #expect(focus.isFocusing, "the minimum follows the minute that passed, not the hour on the clock")
            if case .tooEarly? = focus.lastRefusal {
            } else {
                Issue.record("expected too-early, got \(String(describing: focus.lastRefusal))")
            }
        }

        @Test("Without a monotonic clock (the default) the phone follows the wall clock, and says nothing")
        func noMonotonicClock() throws {
            let bench = Bench(model: .ntag213)
            let now = Date(timeIntervalSince1970: 1_800_000_000)
            let app = TapCardAppModel(service: bench.service, store: try temporaryStore(), clock: { now })
            let focus = try #require(app.focus)
            let desk = TagIdentity(uid: [0x04, 0x10, 0x20, 0x30, 0x40, 0x50, 0x60], chip: "ntag213")
            focus.pair(desk, location: "desk", signature: .notChecked)
            focus.tap(desk)
            #expect(focus.status?.clock == .notRecorded)
        }
    }
#endif
