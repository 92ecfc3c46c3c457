import TLVArea
import TagCatalog
import TagFrames

/// The block writes that put an NDEF message on a Type 5 tag so that a tear at any write leaves
/// the old message, an empty one or the new one, in that order.
///
/// Order (ST `ndef_t5t.c` per TS T5T 1.0 §7.5.3.4/.6/.7; AOSP `rw_i93.cc` sub-states RESET_LEN →
/// WRITE_NDEF → UPDATE_LEN; shared/reference/type4-type5-ntag424.md §3.3):
/// 1. `.clearLength`: the block holding the NDEF TLV's first length byte, with that byte 0 (and
///    the type byte 03 when it shares the block); nothing else in the block changes. From here
///    the tag reads as empty.
/// 2. `.data`: every other block the new TLV (and its Terminator TLV FE, written when the data
///    area has room after the message) covers, the type byte's block first; then the length
///    block itself with every new byte except the first length byte, still 0. A 3-byte length
///    (`FF HH LL`, from 255 bytes on) has its `HH LL` written here.
/// 3. `.commit`: the length block again, differing from step 2 in the first length byte only
///    (`L`, or `FF`), so a block write torn part-way leaves either 0 (empty) or the new length.
///
/// Blocks whose bytes do not change are not written: a block already holding its final bytes is
/// the same in every intermediate state, so skipping it changes no state a tear can leave.
/// Blocks past the memory that was read are written whatever they hold. An erase (empty message)
/// ends with the length block holding `03 00 FE` as `.commit`. Refusals (``Type5PlanError``)
/// come before anything is sent: among them a CC that declares more than the memory the tag has
/// (`ccClaimsBeyondMemory`), and any block past that memory (`beyondMemory`).
public struct Type5WritePlan: Sendable, Hashable {
    /// The writes, in the order they must be sent.
    public var writes: [Type5BlockWrite]
    /// The block holding the first length byte.
    public var lengthBlock: Int
    /// Memory as it will be once every write landed.
    public var finalMemory: [UInt8]
    /// Byte offset (from block 0) of the NDEF TLV's type byte.
    public var typeAddress: Int
    /// 1, or 3 from 255 bytes on.
    public var lengthFieldBytes: Int
    public var messageLength: Int

    /// The requests, in order.
    public var requests: [ISO15693Request] { writes.map(\.request) }

    /// Plans writing `message` (the encoded NDEF message; empty to erase) over what `snapshot` read.
    public static func make(message: [UInt8], snapshot: Type5Snapshot) -> Result<Type5WritePlan, Type5PlanError> {
        let cc: Type5CapabilityContainer
        switch snapshot.capabilityContainer {
        case .success(let parsed): cc = parsed
        case .failure(.noMagic(let bytes)): return .failure(.notFormatted(blockZero: bytes))
        case .failure(let error): return .failure(.unreadableCC(error))
        }
        guard cc.isReadable else { return .failure(.notReadable(readAccess: cc.readAccess)) }
        guard cc.writeAccess == .free else { return .failure(.readOnlyByCC(access: cc.writeAccess)) }
        guard let walk = snapshot.walk else { return .failure(.notReadable(readAccess: cc.readAccess)) }
        if walk.ndef == nil, case .notRead(let upTo) = walk.problem {
            return .failure(.memoryNotRead(read: snapshot.memory.count, needed: upTo))
        }
        if cc.mlenConvention == .beyondMemory, let memoryBytes = snapshot.memoryBytes {
            return .failure(
                .ccClaimsBeyondMemory(
                    declaredDataAreaBytes: cc.declaredDataAreaBytes, memoryBytes: memoryBytes,
                    memorySource: snapshot.memorySource))
        }
        let area = walk.area
        let slot = walk.ndef?.typeAddress ?? walk.ndefSlot ?? area.start
        let capacity = snapshot.capacity.bytes
        let lengthFieldBytes = message.count < 255 ? 1 : 3
        // The capacity is never below 0, so an empty message "fits" an area with no room even for
        // `03 00`: the TLV itself must fit what is left of the area.
        guard message.count <= capacity, 1 + lengthFieldBytes + message.count <= area.usableCount(from: slot) else {
            return .failure(
                .tooBig(
                    needed: message.count, capacity: capacity, dataAreaBytes: cc.dataAreaBytes,
                    tlvOffset: slot - area.start))
        }
        var tlv: [UInt8] = [0x03]
        tlv +=
            lengthFieldBytes == 1
            ? [UInt8(message.count)] : [0xFF, UInt8(message.count >> 8), UInt8(message.count & 0xFF)]
        tlv += message
        if area.usableCount(from: slot) > tlv.count { tlv.append(0xFE) }
        let size = snapshot.blockSize
        let lengthAddress = slot + 1
        let lengthBlock = lengthAddress / size
        let typeBlock = slot / size
        let lastBlock = (slot + tlv.count - 1) / size
        let unread = snapshot.memory.count
        var current = snapshot.memory
        let end = (lastBlock + 1) * size
        if current.count < end { current += [UInt8](repeating: 0, count: end - current.count) }
        var target = current
        target.replaceSubrange(slot..<slot + tlv.count, with: tlv)

        func bytes(_ memory: [UInt8], _ block: Int) -> [UInt8] { Array(memory[block * size..<(block + 1) * size]) }
        func isUnread(_ block: Int) -> Bool { (block + 1) * size > unread }

        var afterClear = current
        afterClear[lengthAddress] = 0
        if typeBlock == lengthBlock { afterClear[slot] = 0x03 }
        var beforeCommit = target
        beforeCommit[lengthAddress] = 0

        var writes: [Type5BlockWrite] = []
        let extended = cc.usesExtendedCommands
        func add(_ block: Int, _ content: [UInt8], _ role: Type5BlockWrite.Role) {
            writes.append(Type5BlockWrite(block: block, bytes: content, role: role, extended: extended))
        }
        var lengthState = bytes(current, lengthBlock)
        if bytes(afterClear, lengthBlock) != lengthState || isUnread(lengthBlock) {
            lengthState = bytes(afterClear, lengthBlock)
            add(lengthBlock, lengthState, .clearLength)
        }
        var dataBlocks = Array(typeBlock...lastBlock).filter {
            $0 != lengthBlock && (isUnread($0) || bytes(current, $0) != bytes(target, $0))
        }
        if let index = dataBlocks.firstIndex(of: typeBlock), index > 0 {
            dataBlocks.remove(at: index)
            dataBlocks.insert(typeBlock, at: 0)
        }
        for block in dataBlocks { add(block, bytes(target, block), .data) }
        if bytes(beforeCommit, lengthBlock) != lengthState {
            lengthState = bytes(beforeCommit, lengthBlock)
            add(lengthBlock, lengthState, .data)
        }
        if bytes(target, lengthBlock) != lengthState {
            add(lengthBlock, bytes(target, lengthBlock), .commit)
        } else if let last = writes.lastIndex(where: { $0.block == lengthBlock }) {
            // An erase: the length is already 0 in the final state, so the last write of the
            // length block is the one that leaves the final state.
            writes[last].role = .commit
        }
        for write in writes {
            if let memoryBytes = snapshot.memoryBytes, (write.block + 1) * size > memoryBytes {
                return .failure(
                    .beyondMemory(block: write.block, memoryBytes: memoryBytes, memorySource: snapshot.memorySource))
            }
            if snapshot.blockSecurity[write.block] == true { return .failure(.blockLocked(block: write.block)) }
            if !extended && write.block > 255 { return .failure(.blockBeyondAddressing(block: write.block)) }
        }
        return .success(
            Type5WritePlan(
                writes: writes, lengthBlock: lengthBlock, finalMemory: target, typeAddress: slot,
                lengthFieldBytes: lengthFieldBytes, messageLength: message.count))
    }
}
