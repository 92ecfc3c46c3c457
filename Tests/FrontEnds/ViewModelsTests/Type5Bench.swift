#if os(Linux)
    import CoreNFC
    import CoreNFCTransport
    import TagCatalog
    import TagEmulator

    /// A phone with a Type 5 tag on the table: the CoreNFC stand-in's `.iso15693` tag over an
    /// emulated ISO 15693 chip (an ICODE SLIX2 or an ST25DV04K, formatted as TapCard formats them
    /// or blank), in a session that polls every technology, as the app's does.
    @MainActor
    final class Type5Bench {
        static let slix2UID: [UInt8] = [0xE0, 0x04, 0x01, 0x08, 0x66, 0x55, 0x5E, 0x80]
        static let st25UID: [UInt8] = [0xE0, 0x02, 0x24, 0x51, 0x66, 0x55, 0x5E, 0x81]

        let system = NFCStandInSystem()
        let chip: EmulatedType5Tag
        let service = CoreNFCTagSessions(polling: .everyTag, defects: DefectLog { _ in }, restartDelaySeconds: 0)
        /// The tag as presented to the last session.
        private(set) var tag: StandInISO15693Tag?

        init(model: TagModel, formatted: Bool = true) {
            chip = EmulatedType5Tag(
                model: model, uid: model == .icodeSLIX2 ? Self.slix2UID : Self.st25UID, formatted: formatted)
        }

        /// The user holds the tag up for the next session; `tearAfter` makes the chip leave the
        /// field after that many of the session's requests (`mode`: what happens to the next one).
        func holdTag(tearAfter commands: Int? = nil, mode: TearMode = .notDelivered) {
            chip.present()
            if let commands { chip.tearAfter(commands: commands, mode: mode) }
            let presented = StandInISO15693Tag(channel: chip)
            tag = presented
            system.script([.present([presented])])
        }

        func run(_ body: () async -> Void) async {
            await NFCStandInSystem.run(system) { await body() }
        }

        /// Every byte of the chip's memory, block 0 first.
        var memory: [UInt8] { chip.memory.bytes }

        /// The NDEF message in the chip's memory, read without TapCard's mapping: after the 4-byte
        /// CC (8 bytes when CC byte 2 is 0), the TLVs up to the NDEF TLV (type 03) or a Terminator.
        /// `nil` when there is no CC or no complete NDEF TLV.
        var message: [UInt8]? {
            let bytes = memory
            guard bytes.count > 8, bytes[0] == 0xE1 || bytes[0] == 0xE2 else { return nil }
            var index = bytes[2] == 0 ? 8 : 4
            while index < bytes.count {
                let type = bytes[index]
                if type == 0x00 {
                    index += 1
                    continue
                }
                if type == 0xFE { return nil }
                guard index + 1 < bytes.count else { return nil }
                var length = Int(bytes[index + 1])
                var start = index + 2
                if length == 0xFF {
                    guard index + 3 < bytes.count else { return nil }
                    length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
                    start = index + 4
                }
                guard start + length <= bytes.count else { return nil }
                if type == 0x03 { return Array(bytes[start..<start + length]) }
                index = start + length
            }
            return nil
        }

        /// The WRITE SINGLE BLOCK requests (21) the last session's tag received.
        var blockWrites: Int { tag?.requestsReceived.filter { $0.command == 0x21 }.count ?? 0 }
    }
#endif
