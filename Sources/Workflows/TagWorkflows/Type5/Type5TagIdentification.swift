import TagCatalog
import TapCardSupport
import Type5

/// What a Type 5 driver learnt before reading the CC: which chip, its block size and memory size,
/// and where each figure came from (GET SYSTEM INFO, or the fallback when the carrier or the tag
/// does not take it: the UID, the first READ SINGLE BLOCK, the catalog, the CC's MLEN).
public struct Type5TagIdentification: Sendable, Equatable {
    /// Where the block size came from.
    public enum BlockSizeSource: String, Sendable, Equatable {
        /// GET SYSTEM INFO's memory-size field (reported by the tag).
        case systemInfo = "get-system-info"
        /// The payload length of the first READ SINGLE BLOCK answer (block 0), reported by the tag.
        case firstRead = "read-single-block"
    }

    /// Where the memory size came from (one home: the Type 5 mapping, whose plans name it).
    public typealias MemorySource = Type5MemorySource

    /// The chip, from the UID (and the IC reference when GET SYSTEM INFO answered).
    public var chip: Type5Identification
    /// The model a virtual tag file declares, used when the UID names none.
    public var declaredModel: TagModel?
    /// GET SYSTEM INFO's answer, when there was one.
    public var systemInfo: Type5SystemInfo?
    /// Why GET SYSTEM INFO gave nothing (the carrier's or the tag's refusal), when it did not.
    public var systemInfoUnavailable: String?
    /// True when the carrier refused GET SYSTEM INFO as a command it cannot send (a PC/SC Part 3
    /// storage-card interface): TapCard then expects it cannot send LOCK BLOCK or custom commands
    /// either.
    public var carrierIsRestricted: Bool
    public var blockSize: Int
    public var blockSizeSource: BlockSizeSource
    /// The memory from block 0 in bytes, or `nil` when only the CC's MLEN will tell.
    public var memoryBytes: Int?
    public var memorySource: MemorySource

    public init(
        chip: Type5Identification, declaredModel: TagModel?, systemInfo: Type5SystemInfo?,
        systemInfoUnavailable: String?, carrierIsRestricted: Bool, blockSize: Int, blockSizeSource: BlockSizeSource,
        memoryBytes: Int?, memorySource: MemorySource
    ) {
        self.chip = chip
        self.declaredModel = declaredModel
        self.systemInfo = systemInfo
        self.systemInfoUnavailable = systemInfoUnavailable
        self.carrierIsRestricted = carrierIsRestricted
        self.blockSize = blockSize
        self.blockSizeSource = blockSizeSource
        self.memoryBytes = memoryBytes
        self.memorySource = memorySource
    }

    /// The model: the UID's, else the declared one.
    public var model: TagModel? { chip.model ?? declaredModel }

    /// "ICODE SLIX2 (UID E0 04 01 … has ICODE SLIX2's prefix …; IC reference 0x01 agrees.)"
    public var phrase: String {
        let name = model?.displayName ?? "a Type 5 chip TapCard does not know"
        if chip.model == nil, let declaredModel {
            return "\(declaredModel.displayName) (as the virtual tag file declares; \(chip.evidence))"
        }
        return "\(name) (\(chip.evidence))"
    }

    /// "4-byte blocks (reported by GET SYSTEM INFO); 320 bytes of memory (reported by GET SYSTEM INFO)".
    public var geometryPhrase: String {
        let size =
            switch blockSizeSource {
            case .systemInfo: "\(blockSize)-byte blocks (reported by GET SYSTEM INFO)"
            case .firstRead: "\(blockSize)-byte blocks (reported by the length of READ SINGLE BLOCK 0's answer)"
            }
        let memory: String =
            switch memorySource {
            case .systemInfo:
                "\(memoryBytes ?? 0) bytes of memory (reported by GET SYSTEM INFO: \(systemInfo?.blockCount ?? 0) blocks)"
            case .catalog:
                "\(memoryBytes ?? 0) bytes of user memory (assuming the \(model?.displayName ?? "model")'s datasheet figure)"
            case .capabilityContainer: "memory size unknown: the data area is the CC's MLEN × 8 (reported by the CC)"
            }
        var text = "\(size); \(memory)"
        if let why = systemInfoUnavailable { text += "; GET SYSTEM INFO unavailable: \(why)" }
        return text
    }
}
