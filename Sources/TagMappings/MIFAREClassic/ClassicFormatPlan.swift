/// The writes that NDEF-format a factory MIFARE Classic card (AN1304 §5, AN10787): every
/// application sector becomes an NDEF sector (key A `D3F7D3F7D3F7`, access bits `7F 07 88`, GPB
/// 40), sector 0 (and 16 on 4K) the MAD (key A `A0A1A2A3A4A5`, access bits `78 77 88`, GPB C1 or
/// C2), and the NDEF sectors' data blocks hold the message's NDEF TLV (`03 00 FE` when empty)
/// followed by zeros. A pure value: a transport carries it out.
///
/// Every write authenticates with the factory key A (`FFFFFFFFFFFF`, transport access bits let
/// key A write the data blocks and the whole trailer), because each sector's data blocks are
/// written before its trailer, and nothing is written to a sector after its trailer.
///
/// Order, and why a tear leaves no half card behind:
/// 1. The NDEF sectors' data blocks, then their trailers. A reader finds NDEF only through a
///    MAD, and there is none yet: torn here, the card is still no NDEF card.
/// 2. On 4K, MAD2 (blocks 64–66), then sector 16's trailer. Still invisible: the MAD version
///    lives in sector 0's GPB, not written yet.
/// 3. MAD1 (blocks 1–2). Still sector 0 under the factory key A, so a reader authenticating
///    sector 0 with the MAD key A is refused: no MAD yet.
/// 4. Last, sector 0's trailer: the MAD key A and the GPB's DA bit appear in one block write.
///    This write makes it an NDEF card, and everything it points at is already in place.
///
/// A tear inside a trailer write can leave that sector under either key (or, as on any Classic
/// card, blocked): a re-run must try the factory and the NDEF keys sector by sector.
public struct ClassicFormatPlan: Sendable, Equatable {
    public var layout: ClassicLayout
    /// The sectors given to NDEF, ascending.
    public var ndefSectors: [Int]
    /// The writes, in the order they must be made.
    public var writes: [ClassicBlockWrite]
    /// The MAD the plan writes.
    public var mad: MAD
    /// Bytes of NDEF data the card holds (16 per data block of every NDEF sector): 720 on 1K, 3360 on 4K.
    public var capacity: Int

    /// Plans formatting a factory `layout` card with `message` (empty: the empty NDEF TLV
    /// `03 00 FE`). `keyB` is written as key B of every sector (the access bits AN1304 gives make
    /// it the key that can change the trailers and the MAD); the factory key by default.
    public static func make(
        layout: ClassicLayout, message: [UInt8] = [], keyB: ClassicKey = .transport
    ) -> Result<ClassicFormatPlan, ClassicFormatError> {
        let ndefSectors = layout.applicationSectors
        let dataBlocks = ndefSectors.flatMap { Array(layout.dataBlocks(ofSector: $0)) }
        let capacity = dataBlocks.count * ClassicLayout.blockSize
        var tlv: [UInt8] =
            message.count < 0xFF
            ? [0x03, UInt8(message.count)]
            : [0x03, 0xFF, UInt8(message.count >> 8 & 0xFF), UInt8(message.count & 0xFF)]
        tlv += message
        guard message.count <= 0xFFFE, tlv.count <= capacity else {
            return .failure(.messageTooLong(message: message.count, tlvBytes: tlv.count, capacity: capacity))
        }
        if tlv.count < capacity { tlv.append(0xFE) }
        let area = tlv + [UInt8](repeating: 0, count: capacity - tlv.count)

        let factory = ClassicKey.transport
        var writes: [ClassicBlockWrite] = []
        var offset = 0
        let ndefTrailer = SectorTrailer(
            keyA: .ndefKeyA, accessBits: .ndefWritable, generalPurposeByte: GeneralPurposeByte.ndefReadWrite,
            keyB: keyB)
        for sector in ndefSectors {
            for block in layout.dataBlocks(ofSector: sector) {
                writes.append(
                    ClassicBlockWrite(
                        block: block, bytes: Array(area[offset..<offset + ClassicLayout.blockSize]), keyType: .keyA,
                        key: factory, purpose: .ndefData))
                offset += ClassicLayout.blockSize
            }
            writes.append(
                ClassicBlockWrite(
                    block: layout.trailerBlock(ofSector: sector), bytes: ndefTrailer.bytes, keyType: .keyA,
                    key: factory, purpose: .ndefTrailer))
        }
        let mad = MAD.allSectors(.ndef, layout: layout)
        let madTrailer = SectorTrailer(
            keyA: .madKeyA, accessBits: .madWritable, generalPurposeByte: mad.generalPurposeByte, keyB: keyB)
        if let mad2 = mad.mad2Blocks {
            for (index, bytes) in mad2.enumerated() {
                writes.append(
                    ClassicBlockWrite(block: 64 + index, bytes: bytes, keyType: .keyA, key: factory, purpose: .mad2))
            }
            writes.append(
                ClassicBlockWrite(
                    block: layout.trailerBlock(ofSector: 16), bytes: madTrailer.bytes, keyType: .keyA, key: factory,
                    purpose: .mad2Trailer))
        }
        for (index, bytes) in mad.mad1Blocks.enumerated() {
            writes.append(
                ClassicBlockWrite(block: 1 + index, bytes: bytes, keyType: .keyA, key: factory, purpose: .mad1))
        }
        writes.append(
            ClassicBlockWrite(
                block: layout.trailerBlock(ofSector: 0), bytes: madTrailer.bytes, keyType: .keyA, key: factory,
                purpose: .mad1Trailer))
        return .success(
            ClassicFormatPlan(layout: layout, ndefSectors: ndefSectors, writes: writes, mad: mad, capacity: capacity))
    }

    /// `image` after every write.
    public func applied(to image: [[UInt8]]) -> [[UInt8]] {
        writes.reduce(image) { $1.applied(to: $0) }
    }
}
