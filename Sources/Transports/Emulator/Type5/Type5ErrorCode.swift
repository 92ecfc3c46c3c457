/// ISO/IEC 15693-3 response error codes (table 7; shared/reference/type4-type5-ntag424.md §3.1),
/// answered as flags `01` and the code.
public enum Type5ErrorCode: UInt8, Sendable, CaseIterable {
    case notSupported = 0x01
    /// Not recognised: a format error, such as parameters of the wrong length.
    case notRecognised = 0x02
    case optionNotSupported = 0x03
    case unknown = 0x0F
    /// The block does not exist.
    case blockNotAvailable = 0x10
    case alreadyLocked = 0x11
    /// The block (or DSFID, AFI) is locked and cannot be changed.
    case blockLocked = 0x12
    case writeFailed = 0x13
    case lockFailed = 0x14
}
