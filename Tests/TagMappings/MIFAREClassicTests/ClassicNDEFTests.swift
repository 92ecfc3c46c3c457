import MIFAREClassic
import TLVArea
import Testing

/// The format plan written into a factory image and read back by the area reader, on 1K and 4K;
/// the tearing order; the capacity refusal.
@Suite struct ClassicNDEFTests {
    /// A factory card: manufacturer block, zero data, every trailer the transport trailer.
    func factory(_ layout: ClassicLayout) -> [[UInt8]] {
        (0..<layout.blockCount).map { block in
            if block == 0 { return hex("A43498DED688040047C1252785001906") }
            return layout.isTrailer(block) ? SectorTrailer.transport.bytes : [UInt8](repeating: 0, count: 16)
        }
    }

    func message(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) } }

    @Test(arguments: [ClassicLayout.oneK, .fourK])
    func emptyFormatWrites0300FEInTheFirstNDEFBlock(layout: ClassicLayout) throws {
        let plan = try ClassicFormatPlan.make(layout: layout).get()
        let image = plan.applied(to: factory(layout))
        #expect(Array(image[4][0..<3]) == [0x03, 0x00, 0xFE])
        // MAD1 is the same on both (info 01, fifteen 03E1): the published block, CRC 14.
        #expect(image[1] == hex("140103E103E103E103E103E103E103E1"))
        if layout == .fourK {
            // MAD2: info 00, twenty-three 03E1; CRC 9E worked out with the same CRC-8 in Python
            // (no published 4K dump at hand).
            #expect(image[64] == hex("9E0003E103E103E103E103E103E103E1"))
            #expect(image[67] == image[3])
        }
        #expect(image[2] == hex("03E103E103E103E103E103E103E103E1"))
        #expect(
            image[3] == hex(layout == .oneK ? "A0A1A2A3A4A5787788C1FFFFFFFFFFFF" : "A0A1A2A3A4A5787788C2FFFFFFFFFFFF"))
        #expect(image[7] == hex("D3F7D3F7D3F77F078840FFFFFFFFFFFF"))
        #expect(image[0] == factory(layout)[0])
        let area = try ClassicNDEFArea.read(image: image, layout: layout).get()
        #expect(area.message == [])
        #expect(area.capacity == (layout == .oneK ? 720 : 3360))
        #expect(plan.capacity == area.capacity)
    }

    @Test(arguments: [
        (ClassicLayout.oneK, 40), (.oneK, 300), (.oneK, 716), (.fourK, 254), (.fourK, 2000), (.fourK, 3356),
    ])
    func aWrittenMessageReadsBack(layout: ClassicLayout, length: Int) throws {
        let plan = try ClassicFormatPlan.make(layout: layout, message: message(length)).get()
        let image = plan.applied(to: factory(layout))
        let area = try ClassicNDEFArea.read(image: image, layout: layout).get()
        #expect(area.message == message(length))
        #expect(area.sectors == layout.applicationSectors)
        #expect(area.walk.problem == nil)
        #expect(area.walk.ndef?.lengthFieldBytes == (length < 255 ? 1 : 3))
        // Sector 0 (and 16) hold no NDEF bytes: the TLV starts in block 4 whatever the layout.
        #expect(area.location(ofAreaOffset: 0)?.block == 4)
        #expect(area.location(ofAreaOffset: 48)?.block == 8)
        if layout == .fourK {
            #expect(area.location(ofAreaOffset: 15 * 48)?.block == 68)
            #expect(area.location(ofAreaOffset: 30 * 48)?.block == 128)
        }
    }

    @Test func aMessageTooLongIsRefusedWithFigures() {
        #expect(
            ClassicFormatPlan.make(layout: .oneK, message: message(717))
                == .failure(.messageTooLong(message: 717, tlvBytes: 721, capacity: 720)))
        // 716 bytes fill the area exactly: 4 bytes of TLV header, no room for a terminator.
        #expect((try? ClassicFormatPlan.make(layout: .oneK, message: message(716)).get()) != nil)
    }

    /// The last write (sector 0's trailer) is what makes it an NDEF card: after every shorter
    /// prefix of the plan, the image reads as no NDEF card at all.
    @Test(arguments: [ClassicLayout.oneK, .fourK])
    func everyTornPrefixIsNoNDEFCard(layout: ClassicLayout) throws {
        let plan = try ClassicFormatPlan.make(layout: layout, message: message(100)).get()
        #expect(plan.writes.last?.block == 3)
        #expect(plan.writes.last?.purpose == .mad1Trailer)
        var image = factory(layout)
        for (index, write) in plan.writes.enumerated() {
            #expect(throws: ClassicNDEFError.self, "after \(index) writes") {
                try ClassicNDEFArea.read(image: image, layout: layout).get()
            }
            image = write.applied(to: image)
        }
        #expect(try ClassicNDEFArea.read(image: image, layout: layout).get().message == message(100))
    }

    /// Every write authenticates with the factory key A, which the sector still has: no block of
    /// a sector is written after that sector's trailer.
    @Test(arguments: [ClassicLayout.mini, .oneK, .fourK])
    func noSectorIsWrittenAfterItsTrailer(layout: ClassicLayout) throws {
        let plan = try ClassicFormatPlan.make(layout: layout).get()
        var closed: Set<Int> = []
        for write in plan.writes {
            let sector = try #require(layout.sector(ofBlock: write.block))
            #expect(!closed.contains(sector), "block \(write.block) written after sector \(sector)'s trailer")
            #expect(write.key == .transport && write.keyType == .keyA)
            #expect(write.block != 0)
            if layout.isTrailer(write.block) {
                closed.insert(sector)
                #expect(throws: Never.self) { try SectorTrailer.parse(write.bytes).get() }
            }
        }
        #expect(closed == Set(0..<layout.sectorCount))
        let written = Set(plan.writes.map(\.block))
        #expect(written.count == plan.writes.count)
        #expect(written == Set(1..<layout.blockCount))
    }

    @Test func anImageWithoutNDEFSectorsIsRefused() throws {
        var mad = MAD.allSectors(.free, layout: .oneK)
        mad.info = 0
        var image = factory(.oneK)
        image[1] = mad.mad1Blocks[0]
        image[2] = mad.mad1Blocks[1]
        image[3] =
            SectorTrailer(keyA: .madKeyA, accessBits: .madWritable, generalPurposeByte: 0xC1, keyB: .transport).bytes
        #expect(ClassicNDEFArea.read(image: image, layout: .oneK) == .failure(.noNDEFSector(madVersion: 1)))
    }

    @Test func aTruncatedImageSaysWhereTheWalkStopped() throws {
        let plan = try ClassicFormatPlan.make(layout: .oneK, message: message(200)).get()
        let image = Array(plan.applied(to: factory(.oneK)).prefix(8))
        let area = try ClassicNDEFArea.read(image: image, layout: .oneK).get()
        #expect(area.bytes.count == 48)
        #expect(area.message == nil)
        #expect(area.walk.problem == .notRead(upTo: 202))
    }
}
