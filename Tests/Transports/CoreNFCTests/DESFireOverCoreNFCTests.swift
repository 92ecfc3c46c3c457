#if os(Linux)
    import CoreNFC
    import Foundation
    import NDEF
    import TagCatalog
    import TagEmulator
    import TagTransport
    import TagWorkflows
    import TapCardSupport
    import Testing

    @testable import CoreNFCTransport

    /// A blank MIFARE DESFire EV3 on the phone: iOS delivers it as `NFCMiFareTag` of family
    /// `.desfire` (no system SELECT, since it has no NDEF application yet), the adapter carries
    /// APDUs through `sendMiFareISO7816Command` — native DESFire commands (CLA 90) and ISO 7816
    /// alike — and the one recogniser hands it to the Type 4 driver, which formats it, writes and
    /// reads it through the contract. The emulated card is the witness.
    @Suite struct DESFireOverCoreNFCTests {
        let defects = DefectCollector()
        var sessions: CoreNFCTagSessions { CoreNFCTagSessions(defects: defects.log, restartDelaySeconds: 0) }
        static let uid: [UInt8] = [0x04, 0xD5, 0xE5, 0xF5, 0xA5, 0xB5, 0xC5]

        /// One session with `card` presented as a DESFire-family MIFARE tag; `body` gets the
        /// driver the recogniser picks.
        func withDriver<Result: Sendable>(
            _ card: EmulatedType4Tag, _ body: @escaping (any TagDriver) async throws -> Result
        ) async throws -> Result {
            let system = NFCStandInSystem()
            let tag = StandInTag(isoDep: card, uid: Self.uid, family: .desfire)
            system.script([.present([tag])])
            return try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection in
                    guard let driver = Recognizer.driver(for: connection) else { throw ChannelError.noTag }
                    return try await body(driver)
                }
            }
        }

        @Test func formatWriteAndReadABlankDESFireThroughSendMiFareISO7816Command() async throws {
            let card = EmulatedType4Tag(model: .desfireEV3_4K, uid: Self.uid)
            let blank = try await withDriver(card) { try await $0.readTag() }
            #expect(blank.status == .notFormatted)
            #expect(blank.facts.model == .desfireEV3_4K && blank.facts.forumType == 4)

            let format = try await withDriver(card) { driver in
                guard let formattable = driver as? any FormattableTag else { throw ChannelError.noTag }
                return try await formattable.formatTag(FormatOptions())
            }
            #expect(format.verified)
            guard case .desfireFormat(let report) = format.detail else {
                Issue.record("not a DESFire format: \(format.detail)")
                return
            }
            #expect(report.steps.count == 8 && report.ndefFileSize == 2048)
            // Native commands went through the MIFARE path: CLA 90 CreateApplication reached the card.
            #expect(card.commandLog.contains { $0.command.cla == 0x90 && $0.command.ins == 0xCA })

            let message = NDEFMessage(records: [.uri("https://example.com/desfire-on-iphone")])
            let write = try await withDriver(card) { try await $0.writeMessage(message, verify: true) }
            #expect(write.verified)
            let read = try await withDriver(card) { try await $0.readTag() }
            #expect(read.content.message == message)
            #expect(read.status == .readWrite && read.capacity?.bytes == 2046)
            #expect(defects.defects.isEmpty)
        }

        /// Native DESFire frames through `sendMiFareCommand` (the path the issue names for native
        /// commands): GetVersion's three frames (status AF, AF, then 00) and GetApplicationIDs
        /// answer with the native status first, and carry the same bytes as the ISO 7816-wrapped
        /// commands (CLA 90) the driver sends through `sendMiFareISO7816Command`.
        @Test func nativeFramesThroughSendMiFareCommandAnswerAsTheWrappedOnes() async throws {
            let card = EmulatedType4Tag(model: .desfireEV3_4K, uid: Self.uid)
            let system = NFCStandInSystem()
            let tag = StandInTag(isoDep: card, uid: Self.uid, family: .desfire)
            system.script([.present([tag])])
            let (native, wrapped) = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { _ in
                    var native: [[UInt8]] = []
                    for frame in [[0x60], [0xAF], [0xAF], [0x6A]] as [[UInt8]] {
                        native.append([UInt8](try await tag.sendMiFareCommand(commandPacket: Data(frame))))
                    }
                    var wrapped: [[UInt8]] = []
                    for code in [0x60, 0xAF, 0xAF, 0x6A] as [UInt8] {
                        let apdu = NFCISO7816APDU(
                            instructionClass: 0x90, instructionCode: code, p1Parameter: 0, p2Parameter: 0, data: Data(),
                            expectedResponseLength: 256)
                        let (data, sw1, sw2) = try await tag.sendMiFareISO7816Command(apdu)
                        #expect(sw1 == 0x91)
                        wrapped.append([sw2] + [UInt8](data))
                    }
                    return (native, wrapped)
                }
            }
            #expect(native.map { $0.first } == [0xAF, 0xAF, 0x00, 0x00])
            // The hardware frame: vendor NXP (04), type DESFire (01), major version 3 (EV3), 4K (18h).
            #expect(native[0].count == 8 && native[0][1] == 0x04 && native[0][2] == 0x01 && native[0][6] == 0x18)
            #expect(native[2].count == 15 && Array(native[2][1...7]) == Self.uid)
            // A factory card holds no application: GetApplicationIDs answers the status alone.
            #expect(native[3] == [0x00])
            #expect(native == wrapped)
            #expect(defects.defects.isEmpty)
        }
    }
#endif
