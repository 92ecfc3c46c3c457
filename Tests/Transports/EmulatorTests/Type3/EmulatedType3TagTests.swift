import Foundation
import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import TestSupport
import Testing

@Suite struct EmulatedType3TagTests {
    static let idm: [UInt8] = [0x01, 0x2E, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]

    static func check(_ blocks: [Int], service: UInt16 = 0x000B) -> FeliCaCommand {
        FeliCaCommand(
            code: 0x06, idm: idm,
            parameters: [0x01, UInt8(service & 0xFF), UInt8(service >> 8), UInt8(blocks.count)]
                + blocks.flatMap { [0x80, UInt8($0)] })
    }

    static func update(_ block: Int, _ data: [UInt8], service: UInt16 = 0x0009) -> FeliCaCommand {
        FeliCaCommand(
            code: 0x08, idm: idm,
            parameters: [0x01, UInt8(service & 0xFF), UInt8(service >> 8), 1, 0x80, UInt8(block)] + data)
    }

    static func polling(_ code: UInt16, requestCode: UInt8 = 1) -> FeliCaCommand {
        FeliCaCommand(code: 0x00, idm: [], parameters: [UInt8(code >> 8), UInt8(code & 0xFF), requestCode, 0])
    }

    @Test func pollingAnswersItsSystemsOnly() async throws {
        let blank = EmulatedType3Tag(idm: Self.idm, formatted: false)
        let any = try await blank.send(Self.polling(0xFFFF))
        #expect(any.code == 0x01 && any.idm == Self.idm && any.payload == blank.pmm + [0x88, 0xB4])
        #expect(try await blank.send(Self.polling(0x88B4, requestCode: 0)).payload == blank.pmm)
        await #expect(throws: ChannelError.self) { _ = try await blank.send(Self.polling(0x12FC)) }
        let formatted = EmulatedType3Tag(idm: Self.idm)
        #expect(try await formatted.send(Self.polling(0x12FC)).payload.suffix(2) == [0x12, 0xFC])
        #expect(try await formatted.send(Self.polling(0x12FF)).payload.suffix(2) == [0x12, 0xFC])
        #expect(formatted.systemCodes == [0x88B4, 0x12FC])
    }

    @Test func formattedCardHoldsTheCatalogAttributeBlock() async throws {
        let tag = EmulatedType3Tag(idm: Self.idm)
        let facts = try #require(TagModel.feliCaLiteS.type3)
        let response = try await tag.send(Self.check([0]))
        #expect(response.payload == [0, 0, 1] + facts.formattedAttributeBlock)
        let four = try await tag.send(Self.check([0, 1, 2, 0x88]))
        #expect(four.payload.count == 3 + 64 && Array(four.payload[51...]) == facts.formattedMemoryConfiguration)
    }

    @Test func statusFlagsOnEveryError() async throws {
        let tag = EmulatedType3Tag(idm: Self.idm)
        #expect(try await tag.send(Self.check([0, 1, 2, 3, 4])).payload == [0xFF, 0xA2])
        #expect(try await tag.send(Self.check([0], service: 0x1234)).payload == [0x01, 0xA6])
        #expect(try await tag.send(Self.check([1, 0x40])).payload == [0x02, 0xA8])
        let data = [UInt8](repeating: 0xAB, count: 16)
        #expect(try await tag.send(Self.update(1, data, service: 0x000B)).payload == [0x01, 0xA6])
        #expect(try await tag.send(Self.update(0x90, data)).payload == [0x01, 0xA5])
        #expect(try await tag.send(Self.update(0x91, data)).payload == [0x01, 0xB2])
        #expect(tag.block(1) == [UInt8](repeating: 0, count: 16))
        // Another IDm: the card stays silent.
        var other = Self.check([0])
        other.idm = [UInt8](repeating: 0, count: 8)
        await #expect(throws: ChannelError.self) { _ = try await tag.send(other) }
    }

    @Test func memoryConfigurationIsEnforced() async throws {
        let tag = EmulatedType3Tag(idm: Self.idm)
        let data = [UInt8](repeating: 0x5A, count: 16)
        #expect(try await tag.send(Self.update(3, data)).payload == [0, 0])
        #expect(tag.block(3) == data)
        #expect(tag.block(0x90)?.prefix(3) == [1, 0, 0])  // WCNT counted the S_PAD write
        var mc = try #require(tag.block(0x88))
        mc[0] = 0xF7  // S_PAD3 read-only
        mc[2] = 0x00  // MC_ALL: MC and system blocks read-only
        #expect(try await tag.send(Self.update(0x88, mc)).payload == [0, 0])
        #expect(try await tag.send(Self.update(3, [UInt8](repeating: 1, count: 16))).payload == [0x01, 0xA5])
        #expect(try await tag.send(Self.update(0x88, [UInt8](repeating: 0xFF, count: 16))).payload == [0x01, 0xA5])
        #expect(tag.block(3) == data && tag.block(0x88) == mc)
    }

    @Test func tearsAndFailures() async throws {
        let old = [UInt8](repeating: 0x11, count: 16)
        let new = [UInt8](repeating: 0x22, count: 16)
        for mode in TearMode.allCases {
            let tag = EmulatedType3Tag(idm: Self.idm)
            tag.setBlock(2, to: old)
            tag.tearAfter(commands: 1, mode: mode)
            _ = try await tag.send(Self.check([0]))
            await #expect(throws: ChannelError.tagLost(command: .felica(0x08))) {
                _ = try await tag.send(Self.update(2, new))
            }
            let expected =
                switch mode {
                case .notDelivered: old
                case .replyLost: new
                case .corruptedWrite: Array(new.prefix(8)) + Array(old.suffix(8))
                }
            #expect(tag.block(2) == expected, "\(mode)")
            await #expect(throws: ChannelError.tagLost(command: nil)) { _ = try await tag.send(Self.check([0])) }
            tag.present()
            #expect(try await tag.send(Self.check([2])).payload == [0, 0, 1] + expected)
        }
        let tag = EmulatedType3Tag(idm: Self.idm)
        tag.failWrites()
        #expect(try await tag.send(Self.update(1, new)).payload == [0x01, 0x70])
        #expect(tag.block(1) == [UInt8](repeating: 0, count: 16))
        tag.placeAmongOtherTags(count: 2)
        await #expect(throws: ChannelError.multipleTags(count: 2)) { _ = try await tag.send(Self.check([0])) }
        #expect(tag.commandLog.last?.outcome == .notSent(.multipleTags(count: 2)))
    }

    /// 212 kbit/s: one bit = 64 / 13.56 MHz; frame = 6 preamble + 2 sync + LEN + packet + 2 CRC
    /// bytes; the answer after T × ((b + 1) n + a + 1) × 4^e with PMm[5] = 01 (a 1, b 0, e 0).
    @Test func modeledTimeOfACheck() async throws {
        let tag = EmulatedType3Tag(idm: Self.idm)
        _ = try await tag.send(Self.check([0]))
        let bit = 64.0 / 13.56
        let commandBits: Double = 26 * 8  // 1 + 8 + 6 packet bytes + 11 frame bytes
        let responseBits: Double = 39 * 8  // 1 + 8 + 3 + 16 packet bytes + 11 frame bytes
        let command = commandBits * bit
        let response = responseBits * bit
        let wait = 4096.0 / 13.56 * 3
        let logged = try #require(tag.commandLog.first?.modeledMicroseconds)
        #expect(abs(logged - (command + wait + response)) < 0.01)
    }

    @Test func neverTrapsOnRandomCommands() async {
        var random = SplitMix64(seed: 0xFE11CA)
        let tag = EmulatedType3Tag(idm: Self.idm)
        var answered = 0
        for round in 0..<5000 {
            let codes: [UInt8] = [0x00, 0x02, 0x04, 0x06, 0x08, UInt8(truncatingIfNeeded: random.next())]
            let code = codes[Int(random.next() % 6)]
            var parameters = random.bytes(Int(random.next() % 40))
            if round % 2 == 0 && (code == 0x06 || code == 0x08) {
                // A well-shaped list: one service (mostly a real one), 0–5 elements with random
                // heads and blocks (mostly real ones), and for Update 16 bytes per element.
                let services: [UInt16] = [0x0009, 0x000B, UInt16(truncatingIfNeeded: random.next())]
                let service = services[Int(random.next() % 3)]
                let count = Int(random.next() % 6)
                parameters = [0x01, UInt8(service & 0xFF), UInt8(service >> 8), UInt8(count)]
                for _ in 0..<count {
                    let head: UInt8 = random.next() % 4 == 0 ? UInt8(truncatingIfNeeded: random.next()) | 0x80 : 0x80
                    let realBlocks = [0, 1, 5, 13, 0x0E, 0x80, 0x82, 0x87, 0x88, 0x90, 0x91, 0x92, 0xA0]
                    let block = random.next() % 4 == 0 ? Int(random.next() % 256) : realBlocks[Int(random.next() % 13)]
                    parameters += [head, UInt8(block)]
                }
                if code == 0x08 { parameters += random.bytes(16 * count) }
            }
            let command = FeliCaCommand(
                code: code, idm: round % 4 == 0 ? random.bytes(8) : Self.idm, parameters: parameters)
            if (try? await tag.send(command)) != nil { answered += 1 }
        }
        #expect(answered > 300)
        #expect(tag.blocks.count == 28 && tag.blocks.values.allSatisfy { $0.count == 16 })
    }

    @Test func flipperFileRoundTrip() throws {
        let tag = EmulatedType3Tag(idm: Self.idm)
        tag.setBlock(5, to: Array(0..<16))
        let text = VirtualTag.type3(tag).encoded
        #expect(text.contains("Device type: FeliCa") && text.contains("Block 27: 00 00"))
        #expect(text.contains("Block 5: 00 00 00 01 02 03"))
        guard case .type3(let loaded) = try VirtualTag.decode(text) else {
            Issue.record("not decoded as a FeliCa tag")
            return
        }
        #expect(loaded.idm == Self.idm && loaded.blocks == tag.blocks)
        let broken = text.replacingOccurrences(of: "Blocks total: 28", with: "Blocks total: 27")
        #expect(
            throws: EmulatorError.malformedFeliCaFile(
                path: "the virtual tag",
                .badValue(line: 10, key: "Blocks total", reason: "a FeliCa Lite-S file has 28 blocks"))
        ) { _ = try VirtualTag.decode(broken) }
        // The Flipper syntax is the shared reader's, as for the NTAG and Type 5 files.
        let shortBlock = text.replacingOccurrences(of: "Block 3: 00 00 00 00", with: "Block 3: 00")
        #expect(
            throws: EmulatorError.malformedFeliCaFile(
                path: "the virtual tag", .syntax(.wrongLength(field: "Block 3", bytes: 15, expected: [18], line: 15)))
        ) { _ = try VirtualTag.decode(shortBlock) }
        #expect(
            throws: EmulatorError.malformedFeliCaFile(
                path: "the virtual tag", .syntax(.notFlipperNFC(line: 1)))
        ) { _ = try FeliCaTagFile.decode(String(text.drop { $0 != "\n" }.dropFirst())) }
        // The chip is the one block 83h (D_ID) names; the header's PMm alone does not decide.
        let otherChip = text.replacingOccurrences(of: "00 F1 00 00 00 01 43 00", with: "00 01 00 00 00 01 43 00")
        #expect(throws: EmulatorError.malformedFeliCaFile(path: "the virtual tag", .unsupportedChip(icCode: 0x01))) {
            _ = try VirtualTag.decode(otherChip)
        }
    }

    @Test func fileParsingIsTotal() {
        var random = SplitMix64(seed: 0xF11E)
        let tag = EmulatedType3Tag(idm: Self.idm)
        let lines = VirtualTag.type3(tag).encoded.split(separator: "\n").map(String.init)
        for _ in 0..<500 {
            var mutated = lines
            let index = Int(random.next() % UInt64(mutated.count))
            mutated[index] = String(decoding: random.bytes(Int(random.next() % 30)), as: UTF8.self)
            _ = try? FeliCaTagFile.decode(mutated.joined(separator: "\n"))
        }
    }
}
