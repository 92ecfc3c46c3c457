/// What a MIFARE Classic card is when it leaves the factory (MF1S50yyX datasheet for 1K,
/// MF1S70yyX for 4K): its geometry, what anticollision shows of it, and the name a PC/SC Part 3
/// reader gives it. Facts only: the sector rules (access bits, MAD, NDEF per AN1304) are the
/// MIFAREClassic mapping's; the emulator reads these facts and enforces the rules its own way.
public struct ClassicFacts: Sendable, Equatable {
    /// Sectors on the card: 16 (1K), 40 (4K: 32 of 4 blocks, then 8 of 16).
    public var sectors: Int
    /// Blocks of 16 bytes: 64 (1K), 256 (4K).
    public var blocks: Int
    /// SAK after anticollision: `08` (1K), `18` (4K) (datasheets §9.3 "SAK").
    public var sak: UInt8
    /// ATQA for a 4-byte UID, as sent (LSB first): `04 00` (1K), `02 00` (4K); a 7-byte UID sets
    /// bit 6 (`44 00`, `42 00`) (datasheets §9.3 "ATQA").
    public var atqaFourByteUID: [UInt8]
    /// The PC/SC Part 3 card name (NN NN of the ATR's historical bytes, standard `03`):
    /// `00 01` (1K), `00 02` (4K) (PC/SC Part 3 supplement; pcsc-tools' `smartcard_list.txt`).
    public var pcscCardName: UInt16
    /// What Flipper Zero writes after `Mifare Classic type:`: `1K`, `4K`.
    public var flipperType: String

    public static let blockSize = 16

    public init(
        sectors: Int, blocks: Int, sak: UInt8, atqaFourByteUID: [UInt8], pcscCardName: UInt16, flipperType: String
    ) {
        self.sectors = sectors
        self.blocks = blocks
        self.sak = sak
        self.atqaFourByteUID = atqaFourByteUID
        self.pcscCardName = pcscCardName
        self.flipperType = flipperType
    }

    /// The ATQA for a UID of `uidLength` bytes (bit 6 of the first byte set for a double-size UID).
    public func atqa(uidLength: Int) -> [UInt8] {
        uidLength == 7 ? [atqaFourByteUID[0] | 0x40, atqaFourByteUID[1]] : atqaFourByteUID
    }

    /// Bytes of NDEF data a card formatted per AN1304 holds: 16 per data block of every sector but
    /// the MAD sectors (0, and 16 on 4K): 15 × 3 × 16 = 720 (1K), 30 × 3 × 16 + 8 × 15 × 16 = 3360 (4K).
    public var ndefAreaBytes: Int {
        let madSectors = sectors > 16 ? 2 : 1
        let smallSectors = min(sectors, 32) - madSectors
        let largeSectors = max(0, sectors - 32)
        return (smallSectors * 3 + largeSectors * 15) * Self.blockSize
    }
}

extension TagModel {
    /// The MIFARE Classic facts, or `nil` for a model of another family.
    public var classic: ClassicFacts? {
        switch self {
        case .mifareClassic1K:
            ClassicFacts(
                sectors: 16, blocks: 64, sak: 0x08, atqaFourByteUID: [0x04, 0x00], pcscCardName: 0x0001,
                flipperType: "1K")
        case .mifareClassic4K:
            ClassicFacts(
                sectors: 40, blocks: 256, sak: 0x18, atqaFourByteUID: [0x02, 0x00], pcscCardName: 0x0002,
                flipperType: "4K")
        default:
            nil
        }
    }
}
