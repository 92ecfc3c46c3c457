/// CC byte 1 bits 1–0 of a Type 5 Tag: may the NDEF area be written (shared/reference/
/// type4-type5-ntag424.md §3.3; AOSP `I93_ICODE_CC_WRITE_ACCESS_GRANTED 0x00`,
/// `I93_ICODE_CC_READ_ONLY 0x03`).
public enum Type5WriteAccess: Sendable, Hashable, CustomStringConvertible {
    /// 00: always.
    case free
    /// 11: never (read-only).
    case readOnly
    /// 01 or 10: proprietary conditions; TapCard treats the area as not writable.
    case proprietary(UInt8)

    public init(bits: UInt8) {
        switch bits & 0x03 {
        case 0x00: self = .free
        case 0x03: self = .readOnly
        default: self = .proprietary(bits & 0x03)
        }
    }

    /// The two bits.
    public var bits: UInt8 {
        switch self {
        case .free: 0x00
        case .readOnly: 0x03
        case .proprietary(let bits): bits & 0x03
        }
    }

    public var description: String {
        switch self {
        case .free: "00 (free)"
        case .readOnly: "11 (read-only)"
        case .proprietary(let bits): "\(bits == 1 ? "01" : "10") (proprietary)"
        }
    }
}
