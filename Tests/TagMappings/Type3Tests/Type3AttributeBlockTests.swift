import TagCatalog
import TestSupport
import Testing

@testable import Type3

@Suite struct Type3AttributeBlockTests {
    /// nfcpy `FelicaLite._format` on a fresh Lite-S: Ver 10, Nbr 4, Nbw 1, Nmaxb 13, RW 01,
    /// checksum = 10 + 04 + 01 + 0D + 01 = 0x23.
    @Test func formattedLiteSVector() throws {
        let bytes: [UInt8] = [0x10, 0x04, 0x01, 0x00, 0x0D, 0, 0, 0, 0, 0x00, 0x01, 0, 0, 0, 0x00, 0x23]
        let block = try Type3AttributeBlock.parse(bytes).get()
        #expect(block.blocksPerCheck == 4 && block.blocksPerUpdate == 1 && block.maximumBlocks == 13)
        #expect(block.capacity == 208 && block.length == 0 && !block.isReadOnly && !block.isWriteInProgress)
        #expect(block.problems.isEmpty)
        #expect(block.bytes == bytes)
    }

    @Test func lengthIsThreeBytesBigEndianAndChecksumCoversIt() throws {
        let block = Type3AttributeBlock(blocksPerCheck: 4, blocksPerUpdate: 1, maximumBlocks: 13, length: 0x01_0203)
        let bytes = block.bytes
        #expect(Array(bytes[11...13]) == [0x01, 0x02, 0x03])
        #expect(Int(bytes[14]) << 8 | Int(bytes[15]) == bytes[0..<14].reduce(0) { $0 + Int($1) })
        #expect(block.problems == [.lengthBeyondCapacity(length: 0x01_0203, capacity: 208)])
    }

    @Test func refusesBadChecksumVersionAndLength() {
        var bytes = Type3AttributeBlock(blocksPerCheck: 4, blocksPerUpdate: 1, maximumBlocks: 13).bytes
        bytes[15] ^= 1
        #expect(Type3AttributeBlock.parse(bytes) == .failure(.checksum(stored: 0x0022, computed: 0x0023)))
        var v2 = Type3AttributeBlock(version: 0x20, blocksPerCheck: 4, blocksPerUpdate: 1, maximumBlocks: 13).bytes
        #expect(Type3AttributeBlock.parse(v2) == .failure(.unsupportedVersion(0x20)))
        v2.removeLast()
        #expect(Type3AttributeBlock.parse(v2) == .failure(.length(15)))
        let zero = Type3AttributeBlock(blocksPerCheck: 0, blocksPerUpdate: 0, maximumBlocks: 1)
        #expect(zero.problems == [.noBlocksPerCheck, .noBlocksPerUpdate])
    }

    /// Total and round-tripping: random 16-byte blocks never trap, and any block that parses
    /// encodes back to the same bytes.
    @Test func parseIsTotalAndRoundTrips() {
        var random = SplitMix64(seed: 0x7733)
        var parsed = 0
        for round in 0..<5000 {
            var bytes = random.bytes(round % 2 == 0 ? 16 : Int(random.next() % 20))
            if round % 2 == 0 && bytes.count >= 16 {
                bytes = Array(bytes.prefix(16))
                bytes[0] = 0x10 | bytes[0] & 0x0F
                let sum = bytes[0..<14].reduce(0) { $0 + Int($1) }
                bytes[14] = UInt8(sum >> 8 & 0xFF)
                bytes[15] = UInt8(sum & 0xFF)
            }
            if case .success(let block) = Type3AttributeBlock.parse(bytes) {
                parsed += 1
                #expect(block.bytes == bytes)
            }
        }
        #expect(parsed >= 2500)
    }

    @Test func catalogFormattedFactsAgreeWithTheFormatter() throws {
        let facts = try #require(TagModel.feliCaLiteS.type3)
        let plan = try Type3FormatPlan.make(
            memoryConfiguration: FeliCaLiteSMemoryConfiguration(facts.factoryMemoryConfiguration)
        ).get()
        #expect(plan.writes.map(\.step) == [.enableNDEF, .attribute])
        #expect(plan.writes[0].block == facts.memoryConfigurationBlock)
        #expect(plan.writes[0].bytes == facts.formattedMemoryConfiguration)
        #expect(plan.writes[1].bytes == facts.formattedAttributeBlock)
        #expect(FeliCaLiteS.blocks == facts.blocks)
        #expect(FeliCaLiteS.memoryConfiguration == facts.memoryConfigurationBlock)
    }

    @Test func identificationByICCode() {
        #expect(Type3Identification.identify(pmm: [0, 0xF1, 0, 0, 0, 1, 0x43, 0]).model == .feliCaLiteS)
        #expect(Type3Identification.identify(pmm: [0, 0xF2]).model == .feliCaLiteS)
        #expect(Type3Identification.identify(pmm: [0, 0x01]).model == nil)
        #expect(Type3Identification.identify(pmm: []).icCode == 0)
    }
}
