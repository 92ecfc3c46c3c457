import TagCatalog
import TapCardSupport

/// Why TapCard will not send a planned read or write to a Type 4 tag. Every case is decided from
/// the CC file before a command is sent, so the origin is `.refusal`.
public enum Type4PlanError: TapCardError, Equatable {
    /// The message is `needed` bytes; the NDEF file holds `capacity` (its CC's maximum size
    /// `maximumSize` less the `lengthFieldBytes`-byte NLEN or ENLEN).
    case tooBig(needed: Int, capacity: Int, maximumSize: Int, lengthFieldBytes: Int)
    /// The CC's write access for the NDEF file is not free (00).
    case notWritable(access: Type4Access)
    /// The CC's read access for the NDEF file is not free (00).
    case notReadable(access: Type4Access)
    /// A command would start at `offset`, past the 15-bit offset of READ/UPDATE BINARY (0x7FFF);
    /// the ODO forms (`00 B1` / `00 D7`, T4T 3.0) that reach further are not implemented.
    case offsetBeyondShortAddressing(offset: Int)
    /// One UPDATE BINARY carries only `writeChunk` bytes (MLc or the carrier), fewer than the
    /// `lengthFieldBytes`-byte NLEN: the length would have to be split, and a tear between its
    /// halves would leave a wrong length, so TapCard does not write.
    case chunkSmallerThanLength(writeChunk: Int, lengthFieldBytes: Int)
    /// The CC file declares the NDEF file (`fileIdentifier`) as `maximumSize` bytes, more than the
    /// identified chip's file holds (`chipFileBytes`, the datasheet figure in the catalog): a CC
    /// written for another chip. An UPDATE past the file would fail half-way through a write.
    case ndefFileBeyondChip(fileIdentifier: UInt16, maximumSize: Int, chipFileBytes: Int, chip: TagModel)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .tooBig(let needed, let capacity, let maximumSize, let lengthFieldBytes):
            let field = lengthFieldBytes == 4 ? "ENLEN" : "NLEN"
            return
                "The message is \(needed) bytes; the NDEF file holds at most \(capacity) (reported by the tag's CC file: max size \(maximumSize) − \(lengthFieldBytes)-byte \(field)); it is \(needed - capacity) \(needed - capacity == 1 ? "byte" : "bytes") too big. Nothing was written."
        case .notWritable(let access):
            return
                "The CC file says the NDEF file's write access is \(access); TapCard writes only files whose write access is free (00), so nothing was written."
        case .notReadable(let access):
            return
                "The CC file says the NDEF file's read access is \(access); TapCard reads only files whose read access is free (00), so nothing was read."
        case .offsetBeyondShortAddressing(let offset):
            return
                "The plan needs a command at offset \(offset) (0x\(String(offset, radix: 16, uppercase: true))) of the NDEF file, past the 32767 (0x7FFF) that READ/UPDATE BINARY address; the T4T 3.0 ODO commands (00 B1, 00 D7) that reach further are not implemented, so nothing was sent."
        case .chunkSmallerThanLength(let writeChunk, let lengthFieldBytes):
            let field = lengthFieldBytes == 4 ? "ENLEN" : "NLEN"
            return
                "One UPDATE BINARY may carry only \(writeChunk) bytes (the CC file's MLc and the carrier's limit), fewer than the \(lengthFieldBytes)-byte \(field); TapCard does not split the length field, so nothing was written."
        case .ndefFileBeyondChip(let fileIdentifier, let maximumSize, let chipFileBytes, let chip):
            let file = String(fileIdentifier, radix: 16, uppercase: true)
            return
                "The CC file declares NDEF file \(file) as \(maximumSize) bytes, but the \(chip.displayName)'s file \(file) holds \(chipFileBytes) (assuming the datasheet's figure): the CC claims more than the chip has, so nothing was written."
        }
    }
}
