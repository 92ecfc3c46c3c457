import MIFAREClassic
import Testing

/// Geometry from the MF1S50 / MF1S70 datasheets: 1K has 16 sectors of 4 blocks, 4K 32 of 4 then 8 of 16.
@Suite struct ClassicLayoutTests {
    @Test func blockCountsAndSectorBoundaries() {
        #expect(ClassicLayout.mini.blockCount == 20)
        #expect(ClassicLayout.oneK.blockCount == 64)
        #expect(ClassicLayout.fourK.blockCount == 256)
        #expect(ClassicLayout.fourK.sector(ofBlock: 127) == 31)
        #expect(ClassicLayout.fourK.sector(ofBlock: 128) == 32)
        #expect(ClassicLayout.fourK.sector(ofBlock: 255) == 39)
        #expect(ClassicLayout.fourK.sector(ofBlock: 256) == nil)
        #expect(ClassicLayout.oneK.sector(ofBlock: 64) == nil)
        #expect(ClassicLayout.fourK.trailerBlock(ofSector: 31) == 127)
        #expect(ClassicLayout.fourK.trailerBlock(ofSector: 32) == 143)
        #expect(ClassicLayout.fourK.dataBlocks(ofSector: 39) == 240..<255)
        #expect(ClassicLayout.oneK.dataBlocks(ofSector: 1) == 4..<7)
        #expect(ClassicLayout.oneK.isTrailer(63))
        #expect(!ClassicLayout.oneK.isTrailer(62))
    }

    @Test func everyBlockBelongsToTheSectorWhoseRangeHoldsIt() {
        for layout in ClassicLayout.allCases {
            var block = 0
            for sector in 0..<layout.sectorCount {
                for _ in 0..<layout.blocksInSector(sector) {
                    #expect(layout.sector(ofBlock: block) == sector)
                    block += 1
                }
            }
            #expect(block == layout.blockCount)
        }
    }

    @Test func madSectorsAreLeftOutOfTheApplicationSectors() {
        #expect(ClassicLayout.oneK.applicationSectors == Array(1...15))
        #expect(ClassicLayout.fourK.applicationSectors == Array(1...15) + Array(17...39))
        #expect(ClassicLayout.mini.applicationSectors == [1, 2, 3, 4])
    }
}
