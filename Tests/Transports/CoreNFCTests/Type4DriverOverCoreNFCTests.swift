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

    /// TapCard's own Type 4 driver on the phone: read, write and lock an emulated NTAG 424 DNA (and a
    /// generic T4T) through `.iso7816` — the stand-in delivers the tag after iOS's SELECT of the app's
    /// AID, the adapter's ISO-DEP channel carries `sendCommand(apdu:)`, and the driver's SELECT again is
    /// harmless. The emulated chip is the witness: its files hold what the driver said it wrote.
    @Suite struct Type4DriverOverCoreNFCTests {
        let defects = DefectCollector()
        var sessions: CoreNFCTagSessions { CoreNFCTagSessions(defects: defects.log, restartDelaySeconds: 0) }
        static let uid: [UInt8] = [0x04, 0x24, 0x4E, 0x46, 0x43, 0x00, 0x07]

        /// One session with `chip` presented as an ISO 7816 tag; `body` runs the driver.
        func withDriver<Result: Sendable>(
            _ chip: EmulatedType4Tag, _ body: @escaping (Type4Tag) async throws -> Result
        ) async throws -> Result {
            let system = NFCStandInSystem()
            system.script([.present([StandInISO7816Tag(channel: chip, uid: Self.uid)])])
            return try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection in
                    guard let channel = connection.isoDep else { throw ChannelError.noTag }
                    return try await body(Type4Tag(channel: channel, uid: connection.uid))
                }
            }
        }

        @Test(arguments: [TagModel.ntag424DNA, .genericType4])
        func readAndWriteThroughISO7816(model: TagModel) async throws {
            let chip = EmulatedType4Tag(model: model, uid: Self.uid)
            let message = NDEFMessage(records: [
                .uri("https://example.com/phone"), .text("written on iOS", language: "en"),
            ])
            let report = try await withDriver(chip) { try await $0.write(message, verify: true) }
            #expect(report.verified)
            #expect(report.identification.model == (model == .ntag424DNA ? .ntag424DNA : .genericType4))
            // The chip holds NLEN and the message.
            let file = try #require(chip.contents(ofFile: 0xE104))
            let bytes = message.encoded()
            #expect(
                Array(file.prefix(2 + bytes.count)) == [UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes)
            let read = try await withDriver(chip) { try await $0.read() }
            #expect(read.content.message == message)
            #expect(read.capacity?.source == .reported)
            #expect(read.capacity?.bytes == (model == .ntag424DNA ? 254 : 2046))
            #expect(defects.defects.isEmpty)
        }

        @Test func lockAnNTAG424ThroughISO7816() async throws {
            let chip = EmulatedType4Tag(model: .ntag424DNA, uid: Self.uid)
            _ = try await withDriver(chip) { try await $0.write(NDEFMessage(records: [.uri("https://example.com/x")])) }
            let lock = try await withDriver(chip) { try await $0.lock(confirmation: .permanent) }
            #expect(lock.verified && lock.steps.count == 3)
            let after = try await withDriver(chip) { try await $0.read() }
            #expect(!after.isWritable)
            await #expect(throws: (any Error).self) {
                try await withDriver(chip) { try await $0.write(NDEFMessage(records: [.uri("https://example.com/y")])) }
            }
            #expect(chip.contents(ofFile: 0xE103)?[14] == 0xFF)
        }

        @Test func aGenericT4TLockIsRefusedAndTheTagUnchanged() async throws {
            let chip = EmulatedType4Tag(model: .genericType4, uid: Self.uid)
            let before = chip.memory
            // The session hands the driver's refusal on, wrapped as the work's failure.
            let error = await #expect(throws: (any Error).self) {
                try await withDriver(chip) { try await $0.lock(confirmation: .permanent) }
            }
            #expect(
                (error as? any TapCardError)?.sentence == Type4LockRefusal.noProcedure(model: .genericType4).sentence)
            #expect(chip.memory == before)
        }
    }
#endif
