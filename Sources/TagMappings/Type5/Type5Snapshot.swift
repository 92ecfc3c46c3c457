import TLVArea
import TagCatalog

/// What a Type 5 tag's memory says, read as the NFC Forum T5T mapping defines: the CC, the TLV
/// walk of the data area after it (module `TLVArea`, no control TLVs), the NDEF message, the largest
/// message the CC's area holds (reported by the CC) and whether the area is read-only.
///
/// Built from the bytes read from block 0 on (the CC, then the data area; a prefix is enough:
/// what is missing is reported as `TLVProblem.notRead(upTo:)`), the block size, the memory size
/// (GET SYSTEM INFO, else the model's; `memorySource` says which) and the block security statuses read (GET MULTIPLE BLOCK
/// SECURITY STATUS, or READ with the option flag), if any.
public struct Type5Snapshot: Sendable, Equatable {
    /// Bytes from block 0, as read.
    public var memory: [UInt8]
    public var blockSize: Int
    /// The tag's memory from block 0 in bytes, when known.
    public var memoryBytes: Int?
    /// Where ``memoryBytes`` came from (`.capabilityContainer` when it is not known).
    public var memorySource: Type5MemorySource
    /// Block → locked, for the blocks whose security status was read.
    public var blockSecurity: [Int: Bool]
    public var model: TagModel?
    /// The CC, or why there is none.
    public var capabilityContainer: Result<Type5CapabilityContainer, Type5CCError>
    /// The TLV walk; `nil` when there is no usable, readable CC.
    public var walk: TLVWalk?
    /// The largest message (reported by the CC); 0 when not formatted.
    public var capacity: Capacity

    public init(
        memory: [UInt8], blockSize: Int, memoryBytes: Int?, memorySource: Type5MemorySource = .systemInfo,
        blockSecurity: [Int: Bool] = [:], model: TagModel? = nil, stopAfterNDEF: Bool = false
    ) {
        self.memory = memory
        self.blockSize = max(1, blockSize)
        self.memoryBytes = memoryBytes
        self.memorySource = memoryBytes == nil ? .capabilityContainer : memorySource
        self.blockSecurity = blockSecurity
        self.model = model
        capabilityContainer = Type5CapabilityContainer.parse(Array(memory.prefix(8)), memoryBytes: memoryBytes)
        guard case .success(let cc) = capabilityContainer, cc.isReadable else {
            walk = nil
            capacity = .reported(0, model: model)
            return
        }
        let area = DataArea(start: cc.length, end: cc.length + cc.dataAreaBytes, unitSize: self.blockSize)
        let walk = TLVWalk.walk(memory: memory, area: area, controlTLVs: .refused, stopAfterNDEF: stopAfterNDEF)
        self.walk = walk
        let slot = walk.ndef?.typeAddress ?? walk.ndefSlot
        capacity = .reported(
            slot.map {
                NDEFCapacity.type2MaximumMessage(dataAreaBytes: cc.dataAreaBytes, bytesBeforeNDEF: $0 - cc.length)
            } ?? 0, model: model)
    }

    /// The CC, when block 0 holds one.
    public var cc: Type5CapabilityContainer? { try? capabilityContainer.get() }

    /// True when block 0 holds a version-1 CC.
    public var isFormatted: Bool { cc != nil }

    /// The NDEF TLV, when the walk found one.
    public var ndef: NDEFLocation? { walk?.ndef }

    /// The NDEF message bytes: empty for an empty TLV or none (with no problem), `nil` when the
    /// area is not formatted, a TLV is broken, or the message was not read completely.
    public var message: [UInt8]? {
        guard let walk else { return nil }
        if let ndef = walk.ndef {
            return ndef.message.count == ndef.length ? ndef.message : nil
        }
        return walk.problem == nil ? [] : nil
    }

    /// True when every byte the NDEF TLV announces was read (or there is no NDEF TLV).
    public var isComplete: Bool {
        guard let ndef else { return walk?.problem == nil }
        return ndef.message.count == ndef.length
    }

    /// The blocks the NDEF TLV covers, type byte to last message byte (to its slot when absent).
    public var ndefBlocks: ClosedRange<Int>? {
        guard let walk else { return nil }
        if let ndef = walk.ndef {
            let last = ndef.lengthAddress + ndef.lengthFieldBytes - 1 + ndef.length
            return ndef.typeAddress / blockSize...max(ndef.typeAddress, last) / blockSize
        }
        return walk.ndefSlot.map { $0 / blockSize...$0 / blockSize }
    }

    /// Why the NDEF area is read-only, or `nil` when it is writable as far as was read. A locked
    /// block counts only inside the NDEF TLV's span.
    public var readOnlyReason: Type5ReadOnlyReason? {
        guard let cc else { return nil }
        if cc.writeAccess != .free { return .writeAccess(cc.writeAccess) }
        if let blocks = ndefBlocks, let locked = blocks.first(where: { blockSecurity[$0] == true }) {
            return .lockedBlock(locked)
        }
        return nil
    }

    public var isReadOnly: Bool { readOnlyReason != nil }

    /// The bytes of `block`, when read.
    public func block(_ block: Int) -> [UInt8]? {
        let range = block * blockSize..<(block + 1) * blockSize
        guard block >= 0, range.upperBound <= memory.count else { return nil }
        return Array(memory[range])
    }
}
