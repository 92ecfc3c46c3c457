import TapCardSupport

/// Data a QR code cannot carry.
public enum QRCodeError: TapCardError, Equatable {
    /// More bytes than the biggest allowed version holds at this level in byte mode.
    case tooLong(bytes: Int, capacity: Int, version: Int, level: QRErrorCorrection)
    /// A version outside 1–40 was asked for.
    case versionOutOfRange(Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .tooLong(let bytes, let capacity, let version, let level):
            "A QR code cannot hold \(bytes) bytes at level \(level.rawValue): version \(version), the biggest "
                + "allowed, holds \(capacity) in byte mode. Shorten the data or lower the error correction."
        case .versionOutOfRange(let version):
            "QR code versions run from 1 to 40, not \(version)."
        }
    }
}
