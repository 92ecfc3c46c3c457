import MIFAREClassic
import Testing

/// Access bits against the MF1S50 datasheet tables and the trailers AN1304 writes (also seen in
/// published dumps of NDEF-formatted cards: `…787788C1…` in sector 0, `…7F078840…` in NDEF sectors).
@Suite struct AccessBitsTests {
    func parsed(_ bytes: [UInt8]) throws -> AccessBits { try AccessBits.parse(bytes).get() }

    @Test func transportConfigurationFF0780() throws {
        let bits = try parsed([0xFF, 0x07, 0x80])
        #expect(bits.groups.map(\.code) == [0b000, 0b000, 0b000, 0b001])
        #expect(bits == .transport)
        let data = bits.groups[0].dataBlock
        #expect(data == DataBlockRule(read: .keyAOrB, write: .keyAOrB, increment: .keyAOrB, decrement: .keyAOrB))
        let trailer = bits.trailer.trailer
        #expect(trailer.keyAWrite == .keyA)
        #expect(trailer.accessBitsWrite == .keyA)
        #expect(trailer.keyBRead == .keyA)
        #expect(trailer.keyBReadable)
        #expect(!trailer.isFrozen)
        // Full factory trailer: GPB 69.
        let factory = try SectorTrailer.parse(
            [UInt8](repeating: 0xFF, count: 6) + [0xFF, 0x07, 0x80, 0x69] + [UInt8](repeating: 0xFF, count: 6)
        ).get()
        #expect(factory == .transport)
    }

    @Test func madSector787788() throws {
        let bits = try parsed([0x78, 0x77, 0x88])
        #expect(bits.groups.map(\.code) == [0b100, 0b100, 0b100, 0b011])
        #expect(bits == .madWritable)
        #expect(bits.groups[1].dataBlock.read == .keyAOrB)
        #expect(bits.groups[1].dataBlock.write == .keyB)
        let trailer = bits.trailer.trailer
        #expect(trailer.keyAWrite == .keyB)
        #expect(trailer.accessBitsRead == .keyAOrB)
        #expect(trailer.accessBitsWrite == .keyB)
        #expect(trailer.keyBWrite == .keyB)
        #expect(!trailer.keyBReadable)
    }

    @Test func ndefSector7F0788() throws {
        let bits = try parsed([0x7F, 0x07, 0x88])
        #expect(bits.groups.map(\.code) == [0b000, 0b000, 0b000, 0b011])
        #expect(bits == .ndefWritable)
        #expect(bits.groups[2].dataBlock.write == .keyAOrB)
        #expect(bits.trailer.trailer.keyAWrite == .keyB)
    }

    @Test func readOnly078F0F() throws {
        let bits = try parsed([0x07, 0x8F, 0x0F])
        #expect(bits.groups.map(\.code) == [0b010, 0b010, 0b010, 0b110])
        #expect(bits == .ndefReadOnly)
        #expect(bits.groups[0].dataBlock.write == .never)
        #expect(bits.trailer.trailer.isFrozen)
    }

    @Test func publishedTrailersParse() throws {
        let mad = try SectorTrailer.parse(hex("A0A1A2A3A4A5787788C1FFFFFFFFFFFF")).get()
        #expect(mad.keyA == .madKeyA)
        #expect(mad.accessBits == .madWritable)
        #expect(mad.generalPurposeByte == 0xC1)
        #expect(mad.bytes == hex("A0A1A2A3A4A5787788C1FFFFFFFFFFFF"))
        let ndef = try SectorTrailer.parse(hex("D3F7D3F7D3F77F078840FFFFFFFFFFFF")).get()
        #expect(ndef.keyA == .ndefKeyA)
        #expect(ndef.accessBits == .ndefWritable)
        #expect(ndef.generalPurposeByte == GeneralPurposeByte.ndefReadWrite)
        #expect(SectorTrailer.parse(hex("A0A1A2A3A4A5787788C1FFFFFFFFFF")) == .failure(.wrongLength(count: 15)))
    }

    @Test func corruptedAccessBytesAreRefusedWithTheBitNamed() {
        // FF 07 81: C2 of block 0 is 1 in byte 8, and ¬C2 (byte 6 bit 4) is 1 too.
        #expect(
            AccessBits.parse([0xFF, 0x07, 0x81])
                == .failure(
                    .inverseMismatch(bit: 2, group: 0, value: true, byte: 8, copyByte: 6, copyBit: 4, mismatches: 1)))
        // 00 00 00: every bit equals its copy.
        #expect(
            AccessBits.parse([0x00, 0x00, 0x00])
                == .failure(
                    .inverseMismatch(bit: 1, group: 0, value: false, byte: 7, copyByte: 6, copyBit: 0, mismatches: 12)))
        #expect(AccessBits.parse([0xFF, 0x07]) == .failure(.wrongLength(count: 2)))
        let trailer = hex("D3F7D3F7D3F77F078940FFFFFFFFFFFF")
        guard case .failure(.accessBits(.inverseMismatch(_, _, _, _, _, _, let count))) = SectorTrailer.parse(trailer)
        else {
            Issue.record("a trailer with corrupted access bytes was accepted")
            return
        }
        #expect(count == 1)
    }

    @Test func everyConditionRoundTripsAndEverySingleBitFlipIsRefused() throws {
        for packed in 0..<4096 {
            let groups = (0..<4).map { AccessCondition(code: UInt8(packed >> (3 * $0) & 0b111)) }
            let bits = AccessBits(groups: groups)
            #expect(try parsed(bits.bytes) == bits)
            for bit in 0..<24 {
                var bytes = bits.bytes
                bytes[bit / 8] ^= 1 << (bit % 8)
                guard case .failure(.inverseMismatch(_, _, _, _, _, _, let count)) = AccessBits.parse(bytes) else {
                    Issue.record("flipping bit \(bit) of \(bits.bytes) was accepted")
                    return
                }
                #expect(count == 1)
            }
        }
    }

    @Test func sixteenBlockSectorsGroupFiveBlocks() {
        let bits = AccessBits(groups: [.init(code: 0b000), .init(code: 0b010), .init(code: 0b100), .init(code: 0b011)])
        #expect(bits.condition(ofBlock: 4, blocksInSector: 16)?.code == 0b000)
        #expect(bits.condition(ofBlock: 5, blocksInSector: 16)?.code == 0b010)
        #expect(bits.condition(ofBlock: 14, blocksInSector: 16)?.code == 0b100)
        #expect(bits.condition(ofBlock: 15, blocksInSector: 16)?.code == 0b011)
        #expect(bits.condition(ofBlock: 2, blocksInSector: 4)?.code == 0b100)
        #expect(bits.condition(ofBlock: 3, blocksInSector: 4)?.code == 0b011)
        #expect(bits.condition(ofBlock: 16, blocksInSector: 16) == nil)
    }
}

func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8)
    return stride(from: 0, to: digits.count - 1, by: 2).map { index in
        UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) ?? 0
    }
}
