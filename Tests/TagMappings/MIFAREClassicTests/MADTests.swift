import MIFAREClassic
import Testing

/// The MAD against AN10787's worked CRC example and the MAD block of NDEF-formatted cards in
/// published dumps (`140103E103E1…`, sector 0 trailer GPB C1).
@Suite struct MADTests {
    /// AN10787's example MAD1: info 01; sectors 1–3 AID 0801, 4–6 free, 7 card holder (0004),
    /// 8–9 1003, 10–11 1002, 12–14 free, 15 3011; CRC 0x89 (also libfreefare's
    /// `test_mad_crc8_doc_example`).
    static let an10787Body = hex(
        "01" + "0108" + "0108" + "0108" + "0000" + "0000" + "0000" + "0400" + "0310" + "0310" + "0210" + "0210" + "0000"
            + "0000" + "0000" + "1130")

    @Test func an10787ExampleCRCIs89() {
        #expect(Self.an10787Body.count == 31)
        #expect(MADCRC.compute(Self.an10787Body) == 0x89)
    }

    @Test func publishedNDEFMADCRCIs14() {
        #expect(MADCRC.compute([0x01] + Array(repeating: [0x03, 0xE1], count: 15).flatMap { $0 }) == 0x14)
    }

    @Test func crcOfMessageAndItsCRCIsZero() {
        var generator = SplitMix64(seed: 28)
        for length in 0..<64 {
            let message = (0..<length).map { _ in generator.byte() }
            #expect(MADCRC.compute(message + [MADCRC.compute(message)]) == 0)
        }
    }

    func image(_ blocks: [Int: [UInt8]], count: Int = 64) -> [[UInt8]] {
        (0..<count).map { blocks[$0] ?? [UInt8](repeating: 0, count: 16) }
    }

    @Test func an10787ExampleParses() throws {
        let body = [0x89] + Self.an10787Body
        let card = image([
            1: Array(body[0..<16]), 2: Array(body[16..<32]), 3: hex("A0A1A2A3A4A5787788C1FFFFFFFFFFFF"),
        ])
        let mad = try MAD.read(image: card).get()
        #expect(mad.version == 1)
        #expect(mad.info == 0x01)
        #expect(mad.application(ofSector: 1) == MADApplicationID(functionClusterCode: 0x08, applicationCode: 0x01))
        #expect(mad.application(ofSector: 7) == MADApplicationID(functionClusterCode: 0x00, applicationCode: 0x04))
        #expect(mad.application(ofSector: 15) == MADApplicationID(functionClusterCode: 0x30, applicationCode: 0x11))
        #expect(mad.application(ofSector: 4) == .free)
        #expect(mad.sectors(holding: .ndef, layout: .oneK).isEmpty)
        #expect(mad.mad1Blocks == [Array(body[0..<16]), Array(body[16..<32])])
    }

    @Test func publishedNDEFMADFindsFifteenNDEFSectors() throws {
        let card = image([
            1: hex("140103E103E103E103E103E103E103E1"), 2: hex("03E103E103E103E103E103E103E103E1"),
            3: hex("000000000000787788C1000000000000"),
        ])
        let mad = try MAD.read(image: card).get()
        #expect(mad.sectors(holding: .ndef, layout: .oneK) == Array(1...15))
        #expect(mad == MAD.allSectors(.ndef, layout: .oneK))
        #expect(MADApplicationID.ndef.description == "03e1")
    }

    @Test func roundTripsOn1KAnd4K() throws {
        for layout in [ClassicLayout.oneK, .fourK] {
            var mad = MAD.allSectors(.ndef, layout: layout)
            mad.sectors1to15[4] = MADApplicationID(functionClusterCode: 0x00, applicationCode: 0x04)
            mad.info = 0x05
            var blocks: [Int: [UInt8]] = [1: mad.mad1Blocks[0], 2: mad.mad1Blocks[1]]
            blocks[3] =
                SectorTrailer(
                    keyA: .madKeyA, accessBits: .madWritable, generalPurposeByte: mad.generalPurposeByte,
                    keyB: .transport
                ).bytes
            for (index, block) in (mad.mad2Blocks ?? []).enumerated() { blocks[64 + index] = block }
            let read = try MAD.read(image: image(blocks, count: layout.blockCount)).get()
            #expect(read == mad)
            #expect(read.sectors(holding: .ndef, layout: layout).count == (layout == .fourK ? 37 : 14))
            #expect(read.sectors(holding: .ndef, layout: layout).contains(39) == (layout == .fourK))
        }
    }

    @Test func refusalsCarryTheirFigures() {
        let good = MAD.allSectors(.ndef, layout: .oneK)
        var block1 = good.mad1Blocks[0]
        block1[5] ^= 0x01
        let trailer = hex("A0A1A2A3A4A5787788C1FFFFFFFFFFFF")
        let corrupted = image([1: block1, 2: good.mad1Blocks[1], 3: trailer])
        let computed = MADCRC.compute(Array((block1 + good.mad1Blocks[1])[1...]))
        #expect(MAD.read(image: corrupted) == .failure(.crcMismatch(madVersion: 1, stored: 0x14, computed: computed)))
        #expect(computed != 0x14)
        let factory = image([3: SectorTrailer.transport.bytes])
        #expect(MAD.read(image: factory) == .failure(.notAvailable(generalPurposeByte: 0x69)))
        var version3 = trailer
        version3[9] = 0xC3
        #expect(MAD.read(image: image([3: version3])) == .failure(.unknownVersion(3, generalPurposeByte: 0xC3)))
        var version2 = trailer
        version2[9] = 0xC2
        let short = image([1: good.mad1Blocks[0], 2: good.mad1Blocks[1], 3: version2], count: 64)
        #expect(MAD.read(image: short) == .failure(.missingBlock(64)))
        #expect(MAD.read(image: []) == .failure(.missingBlock(3)))
    }
}

/// A small deterministic generator (SplitMix64) so the random tests replay exactly.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}
