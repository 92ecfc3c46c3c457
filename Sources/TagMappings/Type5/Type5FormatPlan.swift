import TagCatalog

/// The writes that NDEF-format a Type 5 tag: a CC at block 0 and an empty NDEF TLV `03 00 FE 00`
/// right after it (shared/reference/type4-type5-ntag424.md §3.3: ST writes `03 00 FE 00`).
///
/// - CC: `E1 40 MLEN FEATURES` with MLEN = (memory − 4) ÷ 8 rounded down
///   (`TagModel.type5FormattedMLEN` for a known chip: the NFC Forum/ST reading, MLEN × 8 = data
///   area after the CC). When that MLEN is 256 or more, the 8-byte form `E1 40 00 FEATURES 00 00
///   MLEN(2, MSB first)` with MLEN = (memory − 8) ÷ 8, and magic E2 when the tag has more than
///   256 blocks (2-byte block numbers; ST's NFC Forum format).
/// - MBREAD stays clear unless asked for: iOS refuses NDEF on a CC with it set
///   (shared/reference/users-asks.md §5, Apple forums 713375). LOCK BLOCK is set when the chip
///   takes LOCK BLOCK (catalog), so readers know the tag can be made read-only for good.
/// - Order: the empty NDEF TLV's block(s) first, the CC last, block 0 (the magic) the very last:
///   a tear before it leaves the old state ("no CC" on a blank tag, or the old CC over an empty
///   TLV), a tear after it a formatted tag. When CC and TLV share a block (blocks ≥ 8 bytes) it
///   is one write.
///
/// Refused when a block to write is locked, or the current CC's write access is not free.
public struct Type5FormatPlan: Sendable, Hashable {
    public var writes: [Type5BlockWrite]
    public var capabilityContainer: Type5CapabilityContainer
    /// Memory from block 0 once every write landed (the blocks written).
    public var finalMemory: [UInt8]

    /// Plans formatting a tag of `memoryBytes` bytes in blocks of `blockSize` (user memory from
    /// block 0: GET SYSTEM INFO, or `TagModel.type5.userBytes` on a known chip), over `snapshot`
    /// (what was read; its block security statuses and current CC are checked).
    public static func make(
        snapshot: Type5Snapshot, memoryBytes: Int, multipleBlockRead: Bool = false, lockBlock: Bool? = nil
    ) -> Result<Type5FormatPlan, Type5PlanError> {
        let size = snapshot.blockSize
        guard (1...32).contains(size) else { return .failure(.invalidBlockSize(size)) }
        guard memoryBytes >= 12 else { return .failure(.memoryTooSmall(memoryBytes: memoryBytes)) }
        if let cc = snapshot.cc, cc.writeAccess != .free { return .failure(.readOnlyByCC(access: cc.writeAccess)) }
        var features: Type5CCFeatures = []
        if multipleBlockRead { features.insert(.multipleBlockRead) }
        if lockBlock ?? snapshot.model?.type5?.supportsLockBlock ?? false { features.insert(.lockBlock) }
        let shortMLEN = (memoryBytes - 4) / 8
        let blocks = memoryBytes / size
        let cc =
            shortMLEN < 256
            ? Type5CapabilityContainer(mlen: shortMLEN, features: features)
            : Type5CapabilityContainer(
                magic: blocks > 256 ? 0xE2 : 0xE1, mlen: (memoryBytes - 8) / 8, features: features, length: 8)
        let image = cc.bytes + [0x03, 0x00, 0xFE, 0x00]
        let lastBlock = (image.count - 1) / size
        var final = snapshot.memory
        let end = (lastBlock + 1) * size
        if final.count < end { final += [UInt8](repeating: 0, count: end - final.count) }
        final.replaceSubrange(0..<image.count, with: image)
        let extended = cc.usesExtendedCommands
        var writes: [Type5BlockWrite] = []
        for block in stride(from: lastBlock, through: 0, by: -1) {
            let range = block * size..<(block + 1) * size
            let role: Type5BlockWrite.Role = range.lowerBound < cc.length ? .capabilityContainer : .emptyNDEF
            writes.append(Type5BlockWrite(block: block, bytes: Array(final[range]), role: role, extended: extended))
        }
        if let locked = writes.first(where: { snapshot.blockSecurity[$0.block] == true }) {
            return .failure(.blockLocked(block: locked.block))
        }
        var parsed = cc
        parsed.reconcile(memoryBytes: memoryBytes)
        return .success(Type5FormatPlan(writes: writes, capabilityContainer: parsed, finalMemory: final))
    }
}
