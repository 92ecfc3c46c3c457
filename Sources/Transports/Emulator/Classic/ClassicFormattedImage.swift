import TagCatalog

/// The blocks of a MIFARE Classic card NDEF-formatted as NXP AN1304 describes it, built by the
/// emulator's own code (the MIFAREClassic mapping's format plan builds the same card through a
/// reader; the two are kept apart so that each can catch the other's mistakes):
///
/// - sector 0 (and 16 on 4K) holds the MIFARE Application Directory (AN10787): block 1 starts
///   with the CRC and the info byte `01`, then the AID `03 E1` (the NFC Forum's) for every sector;
///   on 4K blocks 64–66 hold MAD2 the same way for sectors 17–39. Trailer: key A `A0A1A2A3A4A5`,
///   access bits `78 77 88`, GPB `C1` (MAD version 1) or `C2` (version 2, 4K), key B `FF…FF`;
/// - every other sector is an NDEF sector: key A `D3F7D3F7D3F7`, access bits `7F 07 88`, GPB `40`,
///   key B `FF…FF`; its data blocks hold the empty NDEF TLV `03 00` and the terminator `FE`
///   at the start of sector 1, zeros after.
///
/// The published NDEF dumps agree on block 1 of a 1K card: `14 01 03 E1 03 E1 …` (CRC `14`).
enum ClassicFormattedImage {
    static let madKeyA: [UInt8] = [0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5]
    static let ndefKeyA: [UInt8] = [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7]
    static let keyB = [UInt8](repeating: 0xFF, count: 6)

    /// `blocks` (a factory card's) formatted.
    static func formatted(_ blocks: [[UInt8]], facts: ClassicFacts, chip: ClassicChip) -> [[UInt8]] {
        var image = blocks
        let fourK = facts.sectors > 16
        let madSectors: Set<Int> = fourK ? [0, 16] : [0]
        let aid: [UInt8] = [0x03, 0xE1]
        let zeros = [UInt8](repeating: 0, count: ClassicFacts.blockSize)
        for sector in 0..<facts.sectors where !madSectors.contains(sector) {
            let first = chip.firstBlock(ofSector: sector)
            for block in first..<chip.trailerBlock(ofSector: sector) { image[block] = zeros }
            image[chip.trailerBlock(ofSector: sector)] = ndefKeyA + [0x7F, 0x07, 0x88, 0x40] + keyB
        }
        image[4] = [0x03, 0x00, 0xFE] + [UInt8](repeating: 0, count: 13)
        let mad1Body: [UInt8] = [0x01] + Array(Array(repeating: aid, count: 15).joined())
        let mad1 = [crc(mad1Body)] + mad1Body
        image[1] = Array(mad1[0..<16])
        image[2] = Array(mad1[16..<32])
        let gpb: UInt8 = fourK ? 0xC2 : 0xC1
        let madTrailer = madKeyA + [0x78, 0x77, 0x88, gpb] + keyB
        image[3] = madTrailer
        if fourK {
            let mad2Body: [UInt8] = [0x00] + Array(Array(repeating: aid, count: 23).joined())
            let mad2 = [crc(mad2Body)] + mad2Body
            for index in 0..<3 { image[64 + index] = Array(mad2[(index * 16)..<(index * 16 + 16)]) }
            image[67] = madTrailer
        }
        return image
    }

    /// AN10787 §3.7's CRC-8: polynomial x⁸ + x⁴ + x³ + x² + 1 (`1D`), preset `C7`, most
    /// significant bit first, over the info byte and the AIDs.
    static func crc(_ bytes: [UInt8]) -> UInt8 {
        var crc: UInt8 = 0xC7
        for byte in bytes {
            crc ^= byte
            for _ in 0..<8 { crc = crc & 0x80 != 0 ? crc << 1 ^ 0x1D : crc << 1 }
        }
        return crc
    }
}
