import TagCatalog

/// The reads that fetch a Type 5 tag's CC and data area.
///
/// A driver sends GET SYSTEM INFO (``Type5Command/systemInfo()``) for the block size and count,
/// then ``capabilityContainerRead`` (block 0; block 1 too when CC2 is 00 and blocks are 4 bytes,
/// ``capabilityContainerReads(blockZero:blockSize:)``), parses the CC, then sends
/// ``make(cc:blockSize:model:frameLimit:)``'s ``reads`` and builds a ``Type5Snapshot``.
///
/// Chunking: READ MULTIPLE BLOCKS of at most the chip's `maximumBlocksPerRead` (catalog; ST reads
/// ≤ 32, AOSP `rw_i93.cc`), or — for a chip TapCard does not know — as many as fit the frame when
/// the CC's MBREAD bit says the command exists, else READ SINGLE BLOCK; never more than fit a
/// 256-byte response frame (flags + data + CRC, ISO/IEC 15693-3; iOS caps frames at 256 bytes,
/// shared/reference/type4-type5-ntag424.md §4.2).
public struct Type5ReadPlan: Sendable, Hashable {
    /// The reads after the CC, in order.
    public var reads: [Type5BlockRead]
    /// Blocks per READ MULTIPLE (1: single reads).
    public var blocksPerRead: Int

    /// READ SINGLE BLOCK 0: the CC's first (or only) block. Block 0 needs no extended command.
    public static var capabilityContainerRead: Type5BlockRead { Type5BlockRead(first: 0, count: 1, extended: false) }

    /// The reads still needed for the CC after block 0 (`blockZero`): block 1 when CC2 is 00 (an
    /// 8-byte CC) and a block holds fewer than 8 bytes.
    public static func capabilityContainerReads(blockZero: [UInt8], blockSize: Int) -> [Type5BlockRead] {
        guard blockZero.count >= 3, blockZero[2] == 0, blockSize < 8 else { return [] }
        return [Type5BlockRead(first: 1, count: 1, extended: false)]
    }

    /// The most blocks one answer may carry: (256 − flags − CRC) ÷ block size, and 256 (the count byte).
    public static func frameBlocks(blockSize: Int, frameLimit: Int = 256) -> Int {
        max(1, min(256, (frameLimit - 3) / max(1, blockSize)))
    }

    /// Plans the reads of the data area after the CC (from the block after the CC's last byte, up
    /// to the block holding the area's last byte). Refuses a CC whose read access is not 00.
    public static func make(cc: Type5CapabilityContainer, blockSize: Int, model: TagModel? = nil, frameLimit: Int = 256)
        -> Result<Type5ReadPlan, Type5PlanError>
    {
        guard (1...32).contains(blockSize) else { return .failure(.invalidBlockSize(blockSize)) }
        guard cc.isReadable else { return .failure(.notReadable(readAccess: cc.readAccess)) }
        let chip: Int? =
            if let facts = model?.type5 { facts.maximumBlocksPerRead ?? 1 } else { nil }
        let perRead = min(
            chip ?? (cc.features.contains(.multipleBlockRead) ? 256 : 1),
            frameBlocks(blockSize: blockSize, frameLimit: frameLimit))
        let first = (cc.length + blockSize - 1) / blockSize
        let end = cc.length + cc.dataAreaBytes
        let last = (end - 1) / blockSize
        var reads: [Type5BlockRead] = []
        var block = first
        while block <= last {
            let count = min(perRead, last - block + 1)
            if !cc.usesExtendedCommands && block + count - 1 > 255 {
                return .failure(.blockBeyondAddressing(block: block + count - 1))
            }
            reads.append(Type5BlockRead(first: block, count: count, extended: cc.usesExtendedCommands))
            block += count
        }
        return .success(Type5ReadPlan(reads: reads, blocksPerRead: perRead))
    }
}
