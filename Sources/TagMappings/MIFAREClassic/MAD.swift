/// The MIFARE Application Directory (AN10787): which application owns each sector.
///
/// MAD1 lives in sector 0, blocks 1–2: byte 0 CRC, byte 1 info (bits 5–0 the card publisher
/// sector, 0 for none), then 15 AIDs for sectors 1–15. MAD2 (4K cards, MAD version 2) lives in
/// sector 16, blocks 64–66: byte 0 CRC, byte 1 info, then 23 AIDs for sectors 17–39. Sector 0's
/// general purpose byte says whether a MAD is there and which version (``GeneralPurposeByte``).
public struct MAD: Sendable, Equatable {
    /// 1 or 2.
    public var version: Int
    /// Sector 0's GPB as read (DA, MA and ADV bits).
    public var generalPurposeByte: UInt8
    /// The info byte of MAD1.
    public var info: UInt8
    /// AIDs of sectors 1–15, in order (always 15).
    public var sectors1to15: [MADApplicationID]
    /// The info byte of MAD2 (version 2 only).
    public var info2: UInt8?
    /// AIDs of sectors 17–39 (version 2 only; then always 23).
    public var sectors17to39: [MADApplicationID]?

    /// A MAD for `layout` that gives every application sector to `aid` (version 2 on 4K).
    /// `info` is the MAD1 info byte: 01 is what NDEF-formatted cards carry (block 1
    /// `14 01 03E1 …` in published dumps; 14 is its CRC).
    public static func allSectors(_ aid: MADApplicationID, layout: ClassicLayout, info: UInt8 = 0x01) -> MAD {
        let first = (1...15).map { layout.contains(sector: $0) ? aid : .free }
        guard layout == .fourK else {
            return MAD(
                version: 1, generalPurposeByte: GeneralPurposeByte.mad1, info: info, sectors1to15: first, info2: nil,
                sectors17to39: nil)
        }
        return MAD(
            version: 2, generalPurposeByte: GeneralPurposeByte.mad2, info: info, sectors1to15: first, info2: 0x00,
            sectors17to39: Array(repeating: aid, count: 23))
    }

    public init(
        version: Int, generalPurposeByte: UInt8, info: UInt8, sectors1to15: [MADApplicationID], info2: UInt8?,
        sectors17to39: [MADApplicationID]?
    ) {
        self.version = version
        self.generalPurposeByte = generalPurposeByte
        self.info = info
        self.sectors1to15 = sectors1to15
        self.info2 = info2
        self.sectors17to39 = sectors17to39
    }

    /// The AID of `sector`, or `nil` for the MAD sectors and sectors the MAD does not cover.
    public func application(ofSector sector: Int) -> MADApplicationID? {
        switch sector {
        case 1...15: return sector - 1 < sectors1to15.count ? sectors1to15[sector - 1] : nil
        case 17...39:
            guard let second = sectors17to39, sector - 17 < second.count else { return nil }
            return second[sector - 17]
        default: return nil
        }
    }

    /// The sectors given to `aid`, in ascending order, limited to those `layout` has.
    public func sectors(holding aid: MADApplicationID, layout: ClassicLayout) -> [Int] {
        layout.applicationSectors.filter { application(ofSector: $0) == aid }
    }

    /// Parses the MAD of a card image (16-byte blocks from block 0): sector 0's trailer GPB, blocks
    /// 1–2, and for version 2 blocks 64–66. The keys in the trailer are not looked at.
    public static func read(image: [[UInt8]]) -> Result<MAD, MADError> {
        func block(_ number: Int) -> [UInt8]? {
            number < image.count && image[number].count == ClassicLayout.blockSize ? image[number] : nil
        }
        guard let trailer = block(3) else { return .failure(.missingBlock(3)) }
        let gpb = trailer[9]
        guard GeneralPurposeByte.madAvailable(gpb) else { return .failure(.notAvailable(generalPurposeByte: gpb)) }
        let version = GeneralPurposeByte.madVersion(gpb)
        guard version == 1 || version == 2 else {
            return .failure(.unknownVersion(version, generalPurposeByte: gpb))
        }
        guard let one = block(1) else { return .failure(.missingBlock(1)) }
        guard let two = block(2) else { return .failure(.missingBlock(2)) }
        let mad1 = one + two
        let crc1 = MADCRC.compute(Array(mad1[1...]))
        guard crc1 == mad1[0] else { return .failure(.crcMismatch(madVersion: 1, stored: mad1[0], computed: crc1)) }
        var mad = MAD(
            version: version, generalPurposeByte: gpb, info: mad1[1], sectors1to15: aids(Array(mad1[2...])),
            info2: nil, sectors17to39: nil)
        guard version == 2 else { return .success(mad) }
        var mad2: [UInt8] = []
        for number in 64...66 {
            guard let bytes = block(number) else { return .failure(.missingBlock(number)) }
            mad2 += bytes
        }
        let crc2 = MADCRC.compute(Array(mad2[1...]))
        guard crc2 == mad2[0] else { return .failure(.crcMismatch(madVersion: 2, stored: mad2[0], computed: crc2)) }
        mad.info2 = mad2[1]
        mad.sectors17to39 = aids(Array(mad2[2...]))
        return .success(mad)
    }

    private static func aids(_ bytes: [UInt8]) -> [MADApplicationID] {
        stride(from: 0, to: bytes.count - 1, by: 2).map { MADApplicationID(cardBytes: bytes[$0], bytes[$0 + 1]) }
    }

    /// Blocks 1 and 2 of sector 0 (CRC computed here), 16 bytes each.
    public var mad1Blocks: [[UInt8]] {
        let body = [info] + Array(padded(sectors1to15, to: 15).flatMap(\.cardBytes))
        let bytes = [MADCRC.compute(body)] + body
        return [Array(bytes[0..<16]), Array(bytes[16..<32])]
    }

    /// Blocks 64, 65 and 66 of sector 16 (CRC computed here), or `nil` for version 1.
    public var mad2Blocks: [[UInt8]]? {
        guard version == 2 else { return nil }
        let body = [info2 ?? 0] + Array(padded(sectors17to39 ?? [], to: 23).flatMap(\.cardBytes))
        let bytes = [MADCRC.compute(body)] + body
        return [Array(bytes[0..<16]), Array(bytes[16..<32]), Array(bytes[32..<48])]
    }

    private func padded(_ aids: [MADApplicationID], to count: Int) -> [MADApplicationID] {
        Array((aids + Array(repeating: .free, count: count)).prefix(count))
    }
}
