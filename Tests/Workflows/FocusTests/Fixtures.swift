import Focus
import Foundation

/// Tags and instants shared by the focus tests. Times are fixed instants, never the wall clock.
enum Fixture {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    static let minute: TimeInterval = 60
    static let day: TimeInterval = 86_400

    static let kitchen = TagIdentity(uid: [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80], chip: "ntag213")
    static let office = TagIdentity(uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x80], chip: "ntag215")
    static let stranger = TagIdentity(uid: [0x04, 0x99, 0x88, 0x77, 0x66, 0x55, 0x80], chip: "ntag213")

    static func at(minutes: Double) -> Date { t0.addingTimeInterval(minutes * minute) }

    static func kitchenPairing() -> PairedTag {
        PairedTag(identity: kitchen, label: nil, location: "kitchen drawer", pairedAt: t0)
    }

    static func machine(
        minimum: TimeInterval? = nil, planned: TimeInterval? = nil, emergency: EmergencyPolicy = .standard
    ) throws -> FocusMachine {
        var machine = FocusMachine(
            profile: FocusProfile(
                name: "focus", minimumDuration: minimum, plannedDuration: planned, emergency: emergency))
        try machine.pair(kitchenPairing())
        return machine
    }
}
