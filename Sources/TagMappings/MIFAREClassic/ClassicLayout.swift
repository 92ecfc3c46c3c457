/// The memory geometry of a MIFARE Classic card (MF1S50 / MF1S70 datasheets): blocks of 16 bytes
/// grouped into sectors, the last block of each sector being its trailer (keys and access bits).
///
/// - Mini: 5 sectors of 4 blocks (320 bytes).
/// - 1K: 16 sectors of 4 blocks (blocks 0–63).
/// - 4K: 32 sectors of 4 blocks (blocks 0–127), then 8 sectors of 16 blocks (blocks 128–255).
public enum ClassicLayout: String, Sendable, Equatable, CaseIterable {
    case mini
    case oneK = "1k"
    case fourK = "4k"

    /// Bytes per block, on every Classic card.
    public static let blockSize = 16

    /// How many sectors the card has.
    public var sectorCount: Int {
        switch self {
        case .mini: 5
        case .oneK: 16
        case .fourK: 40
        }
    }

    /// How many blocks the card has.
    public var blockCount: Int { firstBlock(ofSector: sectorCount) }

    /// Whether `sector` exists on this card.
    public func contains(sector: Int) -> Bool { sector >= 0 && sector < sectorCount }

    /// Blocks in `sector`: 4 for sectors 0–31, 16 for sectors 32–39 (4K only).
    public func blocksInSector(_ sector: Int) -> Int { sector < 32 ? 4 : 16 }

    /// The first block of `sector` (for `sector == sectorCount`, the block count).
    public func firstBlock(ofSector sector: Int) -> Int {
        sector <= 32 ? sector * 4 : 128 + (sector - 32) * 16
    }

    /// The sector holding `block`, or `nil` outside the card.
    public func sector(ofBlock block: Int) -> Int? {
        guard block >= 0, block < blockCount else { return nil }
        return block < 128 ? block / 4 : 32 + (block - 128) / 16
    }

    /// The trailer (last) block of `sector`.
    public func trailerBlock(ofSector sector: Int) -> Int {
        firstBlock(ofSector: sector) + blocksInSector(sector) - 1
    }

    /// The data blocks of `sector`: every block but the trailer (block 0 of sector 0, the
    /// manufacturer block, included: callers that store data skip sector 0 altogether).
    public func dataBlocks(ofSector sector: Int) -> Range<Int> {
        firstBlock(ofSector: sector)..<trailerBlock(ofSector: sector)
    }

    /// Whether `block` is a sector trailer.
    public func isTrailer(_ block: Int) -> Bool {
        guard let sector = sector(ofBlock: block) else { return false }
        return trailerBlock(ofSector: sector) == block
    }

    /// The sectors that hold the MIFARE Application Directory (AN10787): sector 0, and sector 16 on 4K.
    public var madSectors: [Int] { self == .fourK ? [0, 16] : [0] }

    /// The sectors an application may use: every sector but the MAD sectors.
    public var applicationSectors: [Int] { (1..<sectorCount).filter { !madSectors.contains($0) } }
}
