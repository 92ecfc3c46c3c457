import TapCardSupport

/// A DESFire command or format plan TapCard refuses to build, with the figure that is out of the
/// datasheet's range. The origin is `.refusal`: nothing was sent.
public enum DESFireCommandError: TapCardError, Equatable {
    /// CreateApplication with `count` keys; an application has 1 to 14.
    case numberOfKeys(Int)
    /// A DF name of `bytes` bytes; ISO/IEC 7816-4 allows 1 to 16.
    case dfNameLength(bytes: Int)
    /// A DF name without an ISO file ID: the card takes the name only after the ISO FID.
    case dfNameWithoutFileID
    /// File number `number`; a DESFire application numbers its files 0 to 31.
    case fileNumber(UInt8)
    /// A file of `bytes` bytes; the size is 3 bytes on the wire and a file holds at least 1 byte.
    case fileSize(bytes: Int)
    /// An NDEF file of `bytes` bytes; the CC's 2-byte field allows `minimum`…`maximum`.
    case ndefFileSize(bytes: Int, minimum: Int, maximum: Int)

    public var origin: ErrorOrigin { .refusal }

    public var sentence: String {
        switch self {
        case .numberOfKeys(let count):
            "A DESFire application has 1 to 14 keys; \(count) was asked."
        case .dfNameLength(let bytes):
            "A DF name is 1 to 16 bytes; this one is \(bytes)."
        case .dfNameWithoutFileID:
            "A DESFire application takes a DF name only together with an ISO file ID."
        case .fileNumber(let number):
            "DESFire file numbers go from 0 to 31; \(number) was asked."
        case .fileSize(let bytes):
            "A DESFire file holds 1 to 16777215 bytes; \(bytes) was asked."
        case .ndefFileSize(let bytes, let minimum, let maximum):
            "An NDEF file of \(bytes) bytes does not fit the CC's size field (\(minimum) to \(maximum) bytes)."
        }
    }
}
