import TapCardSupport

/// A MIFARE DESFire native answer that does not have the shape the datasheet gives it. The origin
/// is `.tag`: the card answered, and the bytes do not fit.
public enum DESFireParseError: TapCardError, Equatable {
    /// GetVersion came in `count` parts; DESFire answers in 3 (7 + 7 + 14 bytes).
    case versionPartCount(Int)
    /// GetVersion part `part` (1…3) is `bytes` long; it must be `expected` (7, 7, 14).
    case versionPartLength(part: Int, bytes: Int, expected: Int)
    /// The joined GetVersion answer is `bytes` long; it must be 28.
    case versionLength(bytes: Int)
    /// Answer frame `frame` (1-based) of `command` ended in `status` (two bytes, high first):
    /// every frame but the last must end in `91 AF`, the last in `91 00`.
    case frameStatus(command: String, frame: Int, status: UInt16)
    /// `command` got no answer frame at all.
    case noFrames(command: String)
    /// GetApplicationIDs returned `bytes` bytes of AIDs: not a multiple of 3.
    case applicationIDsLength(bytes: Int)
    /// GetFreeMemory returned `bytes` bytes; it must be 3.
    case freeMemoryLength(bytes: Int)
    /// Frame `frame` (1-based) of GetDFNames is `bytes` long; an entry is 5 to 21 bytes.
    case dfNameLength(frame: Int, bytes: Int)
    /// GetISOFileIDs returned `bytes` bytes: not a multiple of 2.
    case isoFileIDsLength(bytes: Int)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .versionPartCount(let count):
            "The card's GetVersion answer came in \(count) parts; a DESFire answers in 3."
        case .versionPartLength(let part, let bytes, let expected):
            "Part \(part) of the card's GetVersion answer is \(bytes) bytes; it must be \(expected)."
        case .versionLength(let bytes):
            "The card's GetVersion answer is \(bytes) bytes; a DESFire answers 28 (7 + 7 + 14)."
        case .frameStatus(let command, let frame, let status):
            "Frame \(frame) of the card's \(command) answer ended in status \(Hex.encode([UInt8(status >> 8), UInt8(status & 0xFF)], uppercase: true, separator: " "))."
        case .noFrames(let command):
            "The card gave no answer frame to \(command)."
        case .applicationIDsLength(let bytes):
            "The card's GetApplicationIDs answer is \(bytes) bytes; application IDs are 3 bytes each."
        case .freeMemoryLength(let bytes):
            "The card's GetFreeMemory answer is \(bytes) bytes; it must be 3."
        case .dfNameLength(let frame, let bytes):
            "Frame \(frame) of the card's GetDFNames answer is \(bytes) bytes; an entry is 5 to 21 (AID, ISO DF identifier, DF name)."
        case .isoFileIDsLength(let bytes):
            "The card's GetISOFileIDs answer is \(bytes) bytes; ISO file identifiers are 2 bytes each."
        }
    }
}
