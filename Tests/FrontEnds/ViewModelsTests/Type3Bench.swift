#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import TagCatalog
    import TagEmulator

    /// A phone with a FeliCa card on the table: the CoreNFC stand-in's `.feliCa` tag over an
    /// emulated FeliCa Lite-S (formatted as TapCard formats it, or blank), found — as iOS finds
    /// it — by polling the app's Info.plist system codes (12FC, 88B4), in a session that polls
    /// every technology.
    @MainActor
    final class Type3Bench {
        static let idm: [UInt8] = [0x01, 0x2E, 0x50, 0x48, 0x4F, 0x4E, 0x45, 0x82]

        let system = NFCStandInSystem()
        let chip: EmulatedType3Tag
        let service = CoreNFCTagSessions(polling: .everyTag, defects: DefectLog { _ in }, restartDelaySeconds: 0)
        /// The card as presented to the last session.
        private(set) var tag: StandInFeliCaTag?

        init(formatted: Bool = true) {
            chip = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: formatted)
        }

        /// The user holds the card up for the next session; `tearAfter` makes the card leave the
        /// field after that many commands (the system's discovery Pollings count: they reach the
        /// card), `mode` saying what happens to the next one.
        func holdTag(tearAfter commands: Int? = nil, mode: TearMode = .notDelivered) {
            chip.present()
            if let commands { chip.tearAfter(commands: commands, mode: mode) }
            let presented = StandInFeliCaTag(channel: chip)
            tag = presented
            system.script([.present([presented])])
        }

        func run(_ body: () async -> Void) async {
            await NFCStandInSystem.run(system) { await body() }
        }

        /// Every block by number (the attribute block, the data blocks, MC), as the card holds them.
        var memory: [Int: [UInt8]] { chip.blocks }

        /// The message the card holds, read without TapCard's mapping: Ln from attribute block
        /// bytes 11–13, the data from block 1 on; `nil` while WriteF (byte 9) is not 00.
        var message: [UInt8]? {
            guard let attribute = chip.block(0), attribute[9] == 0x00 else { return nil }
            let length = Int(attribute[11]) << 16 | Int(attribute[12]) << 8 | Int(attribute[13])
            let data = (1...13).flatMap { chip.block($0) ?? [] }
            guard length <= data.count else { return nil }
            return Array(data.prefix(length))
        }

        /// The Update commands (08) the card received in the last session.
        var updates: Int { tag?.feliCaCommandsReceived.filter { $0.code == 0x08 }.count ?? 0 }
    }
#endif
