#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import Foundation
    import NDEF
    import Store
    import TagCatalog
    import TagEmulator

    let sampleUID: [UInt8] = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0x80]

    /// A phone with a tag on the table: the CoreNFC stand-in over an emulated chip.
    @MainActor
    final class Bench {
        let system: NFCStandInSystem
        let chip: EmulatedTag
        let service = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)

        init(model: TagModel = .ntag213, uid: [UInt8] = sampleUID, readingAvailable: Bool = true) {
            system = NFCStandInSystem(readingAvailable: readingAvailable)
            chip = EmulatedTag(model: model, uid: uid)
        }

        /// The chip, as presented to a new session.
        func presented() -> StandInTag {
            chip.present()
            return StandInTag(transport: chip, uid: chip.uid, dynamicLockPage: chip.model.type2Layout?.dynamicLockPage)
        }

        /// The user holds the tag up for the next session.
        func holdTag() { system.script([.present([presented()])]) }

        /// Runs `body` on this phone.
        func run(_ body: () async -> Void) async {
            await NFCStandInSystem.run(system) { await body() }
        }

        var writeCommands: Int { chip.commandLog.filter { $0.command.first == 0xA2 }.count }
    }

    /// A store in a fresh temporary file.
    func temporaryStore() throws -> TapCardStore {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tapcard-vm-\(UUID().uuidString).sqlite"
        ).path
        return try TapCardStore(path: path)
    }

    let fixedNow = Date(timeIntervalSince1970: 1_800_000_000)
#endif
