import TagCatalog
import TagFrames

/// The Updates that write an NDEF message into a Type 3 tag, in the order that survives a tear at
/// any command (the NFC Forum Type 3 write procedure as nfcpy `tt3.py` `_write_ndef_data` follows
/// it):
///
/// 1. the attribute block with WriteF = 0F, everything else as read (``Type3BlockWrite/Role/clearLength``);
/// 2. the message in blocks 1 … ⌈n / 16⌉, zero-padded, in Updates of at most Nbw blocks and at
///    most what the chip takes (``Type3BlockWrite/Role/data``);
/// 3. the attribute block with WriteF = 00, the new Ln and checksum (``Type3BlockWrite/Role/commit``).
///
/// A tear before step 3 lands leaves WriteF = 0F: no valid message ("empty" for a tear verdict;
/// nfcpy reads such a card's Ln bytes but reports it not readable). A block torn half-way keeps
/// its old bytes 8–15: the attribute writes change only bytes 9–15 (WriteF, RW, Ln, checksum), so a
/// torn attribute write reads as the old attribute block (its checksum covers the old bytes) or
/// fails its checksum; Type3WritePlanTests checks every prefix and every torn block.
///
/// An empty message (an erase) is step 3 alone: Ln 0 lands in one block.
public struct Type3WritePlan: Sendable, Hashable {
    public var writes: [Type3BlockWrite]

    /// The Update commands, in order.
    public func commands(idm: [UInt8]) -> [FeliCaCommand] { writes.map { $0.command(idm: idm) } }

    /// Plans writing `message` on a card whose attribute block is `attribute`. `facts` (the chip,
    /// when known) caps the blocks per Update and Nmaxb; `memoryConfiguration` (a Lite-S MC block,
    /// when read) refuses blocks MC_SP makes read-only. Nothing is sent when it refuses.
    public static func make(
        message: [UInt8], attribute: Type3AttributeBlock, facts: Type3Facts? = nil,
        memoryConfiguration: FeliCaLiteSMemoryConfiguration? = nil, service: UInt16 = 0x0009
    ) -> Result<Type3WritePlan, Type3PlanError> {
        guard !attribute.isReadOnly else { return .failure(.readOnlyFlag) }
        guard attribute.blocksPerUpdate > 0 else { return .failure(.attribute(.noBlocksPerUpdate)) }
        if let facts, attribute.maximumBlocks > facts.dataBlocks {
            return .failure(.beyondChip(maximumBlocks: attribute.maximumBlocks, chipBlocks: facts.dataBlocks))
        }
        guard message.count <= attribute.capacity else {
            return .failure(
                .tooBig(needed: message.count, capacity: attribute.capacity, maximumBlocks: attribute.maximumBlocks))
        }
        let size = Type3Facts.blockSize
        let dataBlocks = (message.count + size - 1) / size
        if let memoryConfiguration {
            let locked = (0...dataBlocks).filter { !memoryConfiguration.isWritable(scratchPad: $0) }
            guard locked.isEmpty else { return .failure(.readOnlyBlocks(locked)) }
        }
        var commit = attribute
        commit.writeFlag = Type3AttributeBlock.writeDone
        commit.length = message.count
        let commitWrite = Type3BlockWrite(
            blocks: [Type3Facts.attributeBlock], bytes: commit.bytes, role: .commit, service: service)
        guard !message.isEmpty else { return .success(Type3WritePlan(writes: [commitWrite])) }

        var clear = attribute
        clear.writeFlag = Type3AttributeBlock.writeInProgress
        var writes = [
            Type3BlockWrite(
                blocks: [Type3Facts.attributeBlock], bytes: clear.bytes, role: .clearLength, service: service)
        ]
        let group = min(attribute.blocksPerUpdate, facts?.maximumBlocksPerUpdate ?? attribute.blocksPerUpdate)
        let padded = message + [UInt8](repeating: 0, count: dataBlocks * size - message.count)
        var block = 1
        while block <= dataBlocks {
            let last = min(dataBlocks, block + group - 1)
            writes.append(
                Type3BlockWrite(
                    blocks: Array(block...last), bytes: Array(padded[(block - 1) * size..<last * size]), role: .data,
                    service: service))
            block = last + 1
        }
        writes.append(commitWrite)
        return .success(Type3WritePlan(writes: writes))
    }
}
