import TapCardSupport

/// Why TapCard will not send a planned read, write, format or lock to a Type 5 tag. Every case is
/// decided from what was read before any command is sent: the origin is `.refusal`.
public enum Type5PlanError: TapCardError, Equatable {
    /// Block 0 holds no CC: the tag must be formatted first.
    case notFormatted(blockZero: [UInt8])
    /// The CC could not be used (its own error says why).
    case unreadableCC(Type5CCError)
    /// The CC's read access bits (CC1 bits 3–2) are not 00.
    case notReadable(readAccess: UInt8)
    /// The CC's write access bits (CC1 bits 1–0) are not free.
    case readOnlyByCC(access: Type5WriteAccess)
    /// Block `block`, which the plan must write, is locked (block security status 01).
    case blockLocked(block: Int)
    /// The message is `needed` bytes; the CC's data area (`dataAreaBytes`, from `tlvOffset` on)
    /// holds `capacity` (reported by the CC).
    case tooBig(needed: Int, capacity: Int, dataAreaBytes: Int, tlvOffset: Int)
    /// A block past 255 on a tag whose CC says 1-byte block numbers (E1).
    case blockBeyondAddressing(block: Int)
    /// The tag's memory (`memoryBytes`) is too small for a CC and an empty NDEF TLV.
    case memoryTooSmall(memoryBytes: Int)
    /// The block size is not one ISO/IEC 15693 allows (1…32 bytes).
    case invalidBlockSize(Int)
    /// The memory was read only up to byte `read`; the plan needs it up to `needed`.
    case memoryNotRead(read: Int, needed: Int)
    /// The CC's data area (MLEN × 8 = `declaredDataAreaBytes`) is larger than the whole memory
    /// (`memoryBytes`, from `memorySource`): a misformatted CC, or one copied from a bigger chip.
    /// Other readers trust MLEN and would read past the memory, so TapCard writes nothing until
    /// the tag is formatted again.
    case ccClaimsBeyondMemory(declaredDataAreaBytes: Int, memoryBytes: Int, memorySource: Type5MemorySource)
    /// The plan would write block `block`, past the tag's memory (`memoryBytes`, from `memorySource`).
    case beyondMemory(block: Int, memoryBytes: Int, memorySource: Type5MemorySource)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .notFormatted(let blockZero):
            return
                "Block 0 holds \(Hex.encode(blockZero, uppercase: true, separator: " ")), not a Type 5 CC (E1 or E2): the tag is blank or not NDEF-formatted; format it first: `tapcard format`. Nothing was written."
        case .unreadableCC(let error):
            return error.sentence + " Nothing was sent."
        case .notReadable(let readAccess):
            return
                "The CC's read access bits are \(String(readAccess, radix: 2)) (CC byte 1 bits 3–2), not 00: TapCard reads only areas whose read access is free, so nothing was read."
        case .readOnlyByCC(let access):
            return
                "The CC's write access is \(access) (CC byte 1 bits 1–0): the tag is read-only, so nothing was written."
        case .blockLocked(let block):
            return
                "Block \(block) is locked (its block security status is 01): the tag is read-only there, so nothing was written."
        case .tooBig(let needed, let capacity, let dataAreaBytes, let tlvOffset):
            return
                "The message is \(needed) bytes; the tag holds at most \(capacity) (reported by the CC: a \(dataAreaBytes)-byte data area, NDEF TLV at offset \(tlvOffset), type and length bytes); it is \(needed - capacity) \(needed - capacity == 1 ? "byte" : "bytes") too big. Nothing was written."
        case .blockBeyondAddressing(let block):
            return
                "The plan needs block \(block), but the CC (magic E1) says block numbers are 1 byte (0…255); nothing was sent."
        case .memoryTooSmall(let memoryBytes):
            return
                "The tag has \(memoryBytes) bytes of memory, too few for a 4-byte CC and an empty NDEF TLV; nothing was written."
        case .invalidBlockSize(let size):
            return "A block size of \(size) bytes is not one ISO/IEC 15693 allows (1…32); nothing was sent."
        case .memoryNotRead(let read, let needed):
            return "Memory was read up to byte \(read); the plan needs it up to byte \(needed). Nothing was written."
        case .ccClaimsBeyondMemory(let declared, let memoryBytes, let source):
            return
                "The CC declares a \(declared)-byte data area (MLEN × 8), more than the tag's whole memory of \(memoryBytes) bytes (\(source.phrase)): the CC is wrong for this tag (misformatted, or copied from a bigger chip). Nothing was written; format the tag again: `tapcard format`."
        case .beyondMemory(let block, let memoryBytes, let source):
            return
                "The plan needs block \(block), past the end of the tag's \(memoryBytes)-byte memory (\(source.phrase)); nothing was written."
        }
    }
}
