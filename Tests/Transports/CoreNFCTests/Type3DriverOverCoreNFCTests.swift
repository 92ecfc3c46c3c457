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

    /// TapCard's own Type 3 driver on the phone: write and read an emulated FeliCa Lite-S through
    /// `.feliCa` — the stand-in delivers the card only after it answered Polling for one of the
    /// app's Info.plist system codes (12FC, 88B4), refuses the driver's Polling for FFFF as iOS
    /// does (SecurityViolation), and carries Check and Update through `sendFeliCaCommand`. The
    /// emulated card is the witness: its blocks hold what the driver said it wrote.
    @Suite struct Type3DriverOverCoreNFCTests {
        let defects = DefectCollector()
        var sessions: CoreNFCTagSessions {
            CoreNFCTagSessions(polling: .everyTag, defects: defects.log, restartDelaySeconds: 0)
        }
        static let idm: [UInt8] = [0x01, 0x2E, 0x46, 0x45, 0x4C, 0x49, 0x43, 0x41]

        /// One session with `card` presented as a FeliCa tag; `body` runs the driver.
        func withDriver<Result: Sendable>(
            _ card: EmulatedType3Tag, _ body: @escaping (Type3Tag) async throws -> Result
        ) async throws -> Result {
            card.present()
            let system = NFCStandInSystem()
            system.script([.present([StandInFeliCaTag(channel: card)])])
            return try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection in
                    guard let channel = connection.feliCaChannel else { throw ChannelError.noTag }
                    #expect(connection.isoDepChannel == nil && connection.iso15693Channel == nil)
                    return try await body(Type3Tag(channel: channel))
                }
            }
        }

        /// Ln (attribute bytes 11–13) and the data blocks from block 1, as the card holds them.
        static func message(_ card: EmulatedType3Tag) -> [UInt8]? {
            guard let attribute = card.block(0), attribute[9] == 0x00 else { return nil }
            let length = Int(attribute[11]) << 16 | Int(attribute[12]) << 8 | Int(attribute[13])
            return Array((1...13).flatMap { card.block($0) ?? [] }.prefix(length))
        }

        @Test func writeThenReadThroughFeliCa() async throws {
            let card = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm)
            let message = NDEFMessage(records: [
                .uri("https://example.com/phone"), .text("written on iOS", language: "en"),
            ])
            let bytes = message.encoded()
            let report = try await withDriver(card) { try await $0.write(message, verify: true) }
            #expect(report.verification == .readBack(.bytes(bytes.count), match: .bytes))
            #expect(report.identification.model == .feliCaLiteS)
            #expect(report.idm == Self.idm)
            #expect(Self.message(card) == bytes)
            let attribute = try #require(card.block(0))
            #expect(attribute[10] == 0x01, "RW flag still 01")
            let read = try await withDriver(card) { try await $0.read() }
            #expect(read.content.message == message)
            #expect(read.capacity == .reported(208, model: .feliCaLiteS))
            let inspection = try await withDriver(card) { try await $0.inspect() }
            #expect(inspection.systemCodes == [0x12FC, 0x88B4], "88B4 polled where iOS refuses FFFF")
            #expect(defects.defects.isEmpty)
        }

        @Test func aBlankCardFoundBy88B4IsFormattedThenWrittenThroughFeliCa() async throws {
            let card = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm, formatted: false)
            let message = NDEFMessage(records: [.uri("https://example.com/blank")])
            // The silent Polling for 12FC reads as "NDEF not enabled", not as a carrier failure.
            let read = try await withDriver(card) { try await $0.read() }
            #expect(read.identification.systemCode == 0x88B4)
            #expect(read.area == .notEnabled)
            let blocks = card.blocks
            let refused = await #expect(throws: (any Error).self) {
                try await withDriver(card) { try await $0.write(message) }
            }
            #expect((refused as? any TapCardError)?.sentence.hasPrefix("The card is not NDEF-formatted") == true)
            #expect(card.blocks == blocks)
            let format = try await withDriver(card) { try await $0.format() }
            #expect(format.verified)
            #expect(card.isNDEFEnabled)
            _ = try await withDriver(card) { try await $0.write(message) }
            #expect(Self.message(card) == message.encoded())
        }

        @Test func aLockThroughFeliCaLocksTheMCOnTheCard() async throws {
            let card = EmulatedType3Tag(model: .feliCaLiteS, idm: Self.idm)
            _ = try await withDriver(card) { try await $0.write(NDEFMessage(records: [.uri("https://example.com/x")])) }
            let lock = try await withDriver(card) { try await $0.lock(confirmation: .permanent) }
            #expect(lock.verified)
            #expect(card.block(0)?[10] == 0x00)
            #expect(card.block(0x88)?[2] == 0x00, "MC_ALL 00")
        }
    }
#endif
