import TLVArea

/// The NDEF data of a MIFARE Classic card (AN1304 §6): the data blocks of the sectors the MAD
/// gives to the NFC Forum AID (``MADApplicationID/ndef``), in ascending sector order, joined
/// into one byte run with the trailers and the MAD sectors (0, and 16 on 4K) left out, and
/// walked as a TLV area with TLVArea's `TLVWalk`. AN1304 defines NULL, NDEF, proprietary and
/// terminator TLVs only, so Lock and Memory Control TLVs are refused as on Type 5.
public struct ClassicNDEFArea: Sendable, Equatable {
    public var layout: ClassicLayout
    /// The NDEF sectors, ascending.
    public var sectors: [Int]
    /// The data blocks of those sectors, in area order: area byte `i` is byte `i % 16` of `blocks[i / 16]`.
    public var blocks: [Int]
    /// The area's bytes the image held (shorter than ``capacity`` when the image stops early).
    public var bytes: [UInt8]
    /// The walk of ``bytes``; TLV offsets are area offsets.
    public var walk: TLVWalk

    /// Bytes the NDEF sectors hold.
    public var capacity: Int { blocks.count * ClassicLayout.blockSize }
    /// The NDEF message, when an NDEF TLV was found whole.
    public var message: [UInt8]? { walk.ndef?.message }

    /// Reads the area of `image` (16-byte blocks from block 0) under `mad`. Total: a block the
    /// image lacks (or that is not 16 bytes) ends the bytes there, and the walk says
    /// `TLVProblem.notRead(upTo:)` if it needed more.
    public static func read(image: [[UInt8]], layout: ClassicLayout, mad: MAD) -> ClassicNDEFArea {
        let sectors = mad.sectors(holding: .ndef, layout: layout)
        let blocks = sectors.flatMap { Array(layout.dataBlocks(ofSector: $0)) }
        var bytes: [UInt8] = []
        for block in blocks {
            guard block < image.count, image[block].count == ClassicLayout.blockSize else { break }
            bytes += image[block]
        }
        let area = DataArea(start: 0, end: blocks.count * ClassicLayout.blockSize, unitSize: ClassicLayout.blockSize)
        let walk = TLVWalk.walk(memory: bytes, area: area, controlTLVs: .refused)
        return ClassicNDEFArea(layout: layout, sectors: sectors, blocks: blocks, bytes: bytes, walk: walk)
    }

    /// Reads the MAD of `image`, then its NDEF area. Refuses a card without a valid MAD or
    /// without an NDEF sector.
    public static func read(image: [[UInt8]], layout: ClassicLayout) -> Result<ClassicNDEFArea, ClassicNDEFError> {
        switch MAD.read(image: image) {
        case .failure(let error):
            return .failure(.mad(error))
        case .success(let mad):
            if mad.version == 2, layout != .fourK {
                return .failure(.madVersionBeyondCard(version: 2, sectors: layout.sectorCount))
            }
            let area = read(image: image, layout: layout, mad: mad)
            guard !area.sectors.isEmpty else { return .failure(.noNDEFSector(madVersion: mad.version)) }
            return .success(area)
        }
    }

    /// The block and the byte in it that hold area byte `offset`, or `nil` past the area.
    public func location(ofAreaOffset offset: Int) -> (block: Int, byte: Int)? {
        guard offset >= 0, offset < capacity else { return nil }
        return (blocks[offset / ClassicLayout.blockSize], offset % ClassicLayout.blockSize)
    }
}
