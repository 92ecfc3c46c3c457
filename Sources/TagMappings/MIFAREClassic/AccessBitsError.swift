import TapCardSupport

/// Why 3 access bytes (bytes 6–8 of a sector trailer) were refused. Writing bytes whose inverted
/// copies disagree blocks the whole sector for good on a real card (MF1S50 datasheet §8.7.1), so
/// no plan ever writes them and no reader trusts them.
public enum AccessBitsError: TapCardError, Equatable {
    /// Not 3 bytes.
    case wrongLength(count: Int)
    /// Bit `bit` (1, 2 or 3 for C1, C2, C3) of block group `group` (0–2 the data blocks, 3 the
    /// trailer) is `value` in byte `byte`, and its inverted copy in byte `copyByte` (bit `copyBit`)
    /// is not its inverse. `mismatches` counts every disagreeing bit of the 12.
    case inverseMismatch(bit: Int, group: Int, value: Bool, byte: Int, copyByte: Int, copyBit: Int, mismatches: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .wrongLength(let count):
            "Access bits are 3 bytes (trailer bytes 6 to 8); \(count) were given."
        case .inverseMismatch(let bit, let group, let value, let byte, let copyByte, let copyBit, let mismatches):
            "The access bytes are inconsistent: C\(bit) of \(group == 3 ? "the trailer" : "block \(group)") is "
                + "\(value ? 1 : 0) in trailer byte \(byte), but its inverted copy (byte \(copyByte), bit \(copyBit)) "
                + "is not its inverse (\(mismatches) of 12 bits disagree). A card given these bytes blocks the "
                + "sector for good."
        }
    }
}
