import TagCatalog
import TagFrames

/// The Checks that read an NDEF message from a Type 3 tag once its attribute block is known
/// (block 0 is read first, alone: ``attributeCheck(idm:service:)``).
///
/// Blocks 1 … ⌈Ln / 16⌉ are read through the read service (000B) in groups of at most Nbr and at
/// most what the chip takes (the catalog's ``/TagCatalog/Type3Facts/maximumBlocksPerCheck``, when
/// the chip is known), in 2-byte block list elements (nfcpy `tt3.py` `_read_ndef_data`). A card
/// whose WriteF is 0F has no valid message: the plan reads nothing more and the snapshot says
/// "interrupted write" (nfcpy reads the Ln bytes anyway and marks the NDEF unreadable).
public struct Type3ReadPlan: Sendable, Hashable {
    /// The block numbers of each Check, in order.
    public var checks: [[Int]]
    public var service: UInt16

    /// The Check of block 0.
    public static func attributeCheck(idm: [UInt8], service: UInt16 = 0x000B) -> FeliCaCommand {
        Type3Command.check(idm: idm, service: service, blocks: [Type3Facts.attributeBlock])
    }

    /// Plans the Checks for `attribute`. Refused (``Type3PlanError``) when Nbr is 0 or Nmaxb is
    /// more than the chip's data blocks. Ln beyond Nmaxb × 16 plans no Check, as WriteF 0F does:
    /// no message fits such a length, so the card holds a damaged length, reported as such and
    /// written over by a write (refusing the read left a card no write could repair).
    public static func make(attribute: Type3AttributeBlock, facts: Type3Facts? = nil, service: UInt16 = 0x000B)
        -> Result<Type3ReadPlan, Type3PlanError>
    {
        guard attribute.blocksPerCheck > 0 else { return .failure(.attribute(.noBlocksPerCheck)) }
        if let facts, attribute.maximumBlocks > facts.dataBlocks {
            return .failure(.beyondChip(maximumBlocks: attribute.maximumBlocks, chipBlocks: facts.dataBlocks))
        }
        if attribute.isWriteInProgress || attribute.length > attribute.capacity {
            return .success(Type3ReadPlan(checks: [], service: service))
        }
        let group = min(attribute.blocksPerCheck, facts?.maximumBlocksPerCheck ?? attribute.blocksPerCheck)
        let last = (attribute.length + Type3Facts.blockSize - 1) / Type3Facts.blockSize
        let blocks = last == 0 ? [] : Array(1...last)
        let checks = stride(from: 0, to: blocks.count, by: group).map {
            Array(blocks[$0..<min(blocks.count, $0 + group)])
        }
        return .success(Type3ReadPlan(checks: checks, service: service))
    }

    /// The Check commands, in order.
    public func commands(idm: [UInt8]) -> [FeliCaCommand] {
        checks.map { Type3Command.check(idm: idm, service: service, blocks: $0) }
    }
}
