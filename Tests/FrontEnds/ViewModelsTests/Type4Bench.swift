#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import TagCatalog
    import TagEmulator

    /// A phone with a Type 4 tag on the table: the CoreNFC stand-in's `.iso7816` tag over an
    /// emulated Type 4 chip (a generic T4T or an NTAG 424 DNA as it leaves the factory).
    @MainActor
    final class Type4Bench {
        let system = NFCStandInSystem()
        let chip: EmulatedType4Tag
        let service = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)
        /// The tag as presented to the last session.
        private(set) var tag: StandInISO7816Tag?

        init(model: TagModel, uid: [UInt8] = sampleUID) {
            chip = EmulatedType4Tag(model: model, uid: uid)
        }

        /// The user holds the tag up for the next session; `tearAfter` makes it leave the field
        /// after that many of the session's commands.
        func holdTag(tearAfter commands: Int? = nil) {
            let presented = StandInISO7816Tag(channel: chip, uid: chip.uid)
            if let commands { presented.leaveField(afterCommands: commands) }
            tag = presented
            system.script([.present([presented])])
        }

        func run(_ body: () async -> Void) async {
            await NFCStandInSystem.run(system) { await body() }
        }

        /// The NDEF file E104 as the chip holds it.
        var ndefFile: [UInt8] { chip.contents(ofFile: 0xE104) ?? [] }

        /// The message the NDEF file holds after its NLEN.
        var message: [UInt8] {
            let file = ndefFile
            guard file.count >= 2 else { return [] }
            return Array(file.dropFirst(2).prefix(Int(file[0]) << 8 | Int(file[1])))
        }
    }
#endif
