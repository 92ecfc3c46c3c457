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

    /// TapCard's own Type 5 driver on the phone: write and read an emulated ICODE SLIX2 and
    /// ST25DV04K through `.iso15693` — the stand-in frames each request as iOS does (the address
    /// flag and UID on typed calls, the manufacturer code on custom ones), the adapter's ISO 15693
    /// channel routes it. The emulated chip is the witness: its blocks hold what the driver said
    /// it wrote, read here without the mapping.
    @Suite struct Type5DriverOverCoreNFCTests {
        let defects = DefectCollector()
        var sessions: CoreNFCTagSessions {
            CoreNFCTagSessions(polling: .everyTag, defects: defects.log, restartDelaySeconds: 0)
        }

        static func chip(_ model: TagModel, formatted: Bool = true) -> EmulatedType5Tag {
            EmulatedType5Tag(
                model: model,
                uid: model == .icodeSLIX2
                    ? [0xE0, 0x04, 0x01, 0x08, 0x10, 0x20, 0x30, 0x40]
                    : [0xE0, 0x02, 0x24, 0x50, 0x10, 0x20, 0x30, 0x40],
                formatted: formatted)
        }

        /// One session with `chip` presented as a vicinity tag; `body` runs the driver.
        func withDriver<Result: Sendable>(
            _ chip: EmulatedType5Tag, _ body: @escaping (Type5Tag) async throws -> Result
        ) async throws -> Result {
            chip.present()
            let system = NFCStandInSystem()
            system.script([.present([StandInISO15693Tag(channel: chip)])])
            return try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection in
                    guard let channel = connection.iso15693Channel else { throw ChannelError.noTag }
                    #expect(connection.isoDepChannel == nil && connection.feliCaChannel == nil)
                    return try await body(Type5Tag(channel: channel))
                }
            }
        }

        /// The 1-byte-length NDEF TLV right after the 4-byte CC, as the chip's blocks hold it.
        static func ndefTLV(_ chip: EmulatedType5Tag) -> [UInt8]? {
            let bytes = chip.memory.bytes
            guard bytes.count > 6, bytes[4] == 0x03, bytes[5] != 0xFF else { return nil }
            return Array(bytes[6..<6 + Int(bytes[5])])
        }

        @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k])
        func writeThenReadThroughISO15693(model: TagModel) async throws {
            let chip = Self.chip(model)
            let message = NDEFMessage(records: [
                .uri("https://example.com/phone"), .text("written on iOS", language: "en"),
            ])
            let bytes = message.encoded()
            let report = try await withDriver(chip) { try await $0.write(message, verify: true) }
            #expect(report.verification == .readBack(.bytes(bytes.count), match: .bytes))
            #expect(report.identification.model == model)
            #expect(report.identification.blockSizeSource == .systemInfo, "GET SYSTEM INFO crossed the adapter")
            // The chip: CC untouched, the NDEF TLV holds the message, a Terminator after it.
            let cc = Array(chip.memory.bytes.prefix(4))
            #expect(cc[0] == 0xE1 && cc[1] == 0x40 && cc[3] == 0x00)
            #expect(Self.ndefTLV(chip) == bytes)
            #expect(chip.memory.bytes[6 + bytes.count] == 0xFE)
            let read = try await withDriver(chip) { try await $0.read() }
            #expect(read.content.message == message)
            #expect(read.capacity.source == .reported)
            #expect(read.capacity.bytes == (model == .icodeSLIX2 ? 308 : 500))
            #expect(defects.defects.isEmpty)
        }

        @Test func aBlankTagIsFormattedThenWrittenThroughISO15693() async throws {
            let chip = Self.chip(.icodeSLIX2, formatted: false)
            let message = NDEFMessage(records: [.uri("https://example.com/blank")])
            let refused = await #expect(throws: (any Error).self) {
                try await withDriver(chip) { try await $0.write(message) }
            }
            #expect((refused as? any TapCardError)?.sentence.hasPrefix("Block 0 holds 00 00 00 00") == true)
            #expect(chip.memory.bytes.allSatisfy { $0 == 0 })
            let format = try await withDriver(chip) { try await $0.format() }
            #expect(format.verified)
            _ = try await withDriver(chip) { try await $0.write(message) }
            #expect(Self.ndefTLV(chip) == message.encoded())
        }

        @Test func aLockThroughISO15693LocksTheBlocksOnTheChip() async throws {
            let chip = Self.chip(.st25dv04k)
            _ = try await withDriver(chip) { try await $0.write(NDEFMessage(records: [.uri("https://example.com/x")])) }
            let lock = try await withDriver(chip) { try await $0.lock(confirmation: .permanent) }
            #expect(lock.verified && lock.isPermanent)
            #expect(chip.memory.blocks[0][1] & 0x03 == 0x03)
            #expect(lock.blocksToLock.allSatisfy { chip.memory.isLocked($0) })
            #expect(!lock.blocksToLock.isEmpty)
        }
    }
#endif
