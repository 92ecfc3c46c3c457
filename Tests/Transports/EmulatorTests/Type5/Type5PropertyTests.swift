import TagCatalog
import TagEmulator
import TagFrames
import TagTransport
import TestSupport
import Testing

/// Seeded properties over many random requests.
@Suite struct Type5PropertyTests {
    @Test(arguments: EmulatedType5Tag.supportedModels)
    func neverTrapsOnRandomRequests(model: TagModel) throws {
        var generator = SplitMix64(seed: model == .icodeSLIX2 ? 0x5117 : 0x5725)
        let tag = EmulatedType5Tag(model: model)
        tag.seedRandom(1)
        let facts = try #require(model.type5)
        for round in 0..<5_000 {
            // Commands mostly from the meaningful ranges, flags and lengths anything.
            let command: UInt8 =
                switch round % 4 {
                case 0: UInt8.random(in: 0x00...0x3F, using: &generator)
                case 1: UInt8.random(in: 0xA0...0xDF, using: &generator)
                default: UInt8.random(in: 0x20...0x2C, using: &generator)
                }
            let flags = UInt8.random(in: 0...255, using: &generator)
            let parameters = generator.bytes(Int.random(in: 0...12, using: &generator))
            let uid =
                Bool.random(using: &generator) ? tag.uid : generator.bytes(Int.random(in: 0...9, using: &generator))
            let air = Type5AirRequest(
                request: ISO15693Request(flags: .init(rawValue: flags), command: command, parameters: parameters),
                addressedUID: flags & 0x20 != 0 ? uid : nil,
                manufacturerCode: (0xA0...0xDF).contains(command) ? UInt8.random(in: 0...4, using: &generator) : nil)
            do {
                let response = try tag.exchange(air)
                // An answer is a success (flags 00) or an error with exactly one code byte.
                #expect(response.flags == 0x00 || (response.flags == 0x01 && response.payload.count == 1))
            } catch {
                #expect(error == .timeout(command: air.request.label, milliseconds: 20))
            }
            if round % 500 == 0 { tag.present() }
            #expect(tag.memory.blocks.count == facts.blockCount)
            #expect(tag.memory.blocks.allSatisfy { $0.count == facts.blockSize })
        }
    }

    @Test(arguments: EmulatedType5Tag.supportedModels)
    func writesReadBackAndLocksHold(model: TagModel) async throws {
        var generator = SplitMix64(seed: 0x7157)
        let tag = EmulatedType5Tag(model: model)
        let facts = try #require(model.type5)
        var expected = tag.memory.blocks
        for _ in 0..<400 {
            let block = Int.random(in: facts.userBlocks, using: &generator)
            let data = generator.bytes(facts.blockSize)
            if Int.random(in: 0..<10, using: &generator) == 0 {
                _ = try await tag.send(request(0x22, 0x22, [UInt8(block)]))
            }
            let response = try await tag.send(request(0x22, 0x21, [UInt8(block)] + data))
            if response.isError {
                #expect(response.errorCode == 0x12 && tag.memory.locked[block])
            } else {
                expected[block] = data
            }
            #expect(try await tag.send(request(0x22, 0x20, [UInt8(block)])).payload == expected[block])
        }
        #expect(tag.memory.blocks == expected)
    }
}
