import TapCardSupport

/// An access condition byte of a Type 4 File Control TLV (NFC Forum T4T 2.0 §5.1.2; the ranges
/// Android applies in `rw_t4t.cc` `rw_t4t_validate_cc_file`).
///
/// - `00`: access granted without any security ("free").
/// - `80…FE`: proprietary; the chip grants access once its own condition holds (NTAG 424 DNA
///   writes the key number there: `82` is key 2).
/// - `FF`: no access ("never"); valid for write (a read-only file), invalid for read.
/// - `01…7F`: reserved for future use.
public enum Type4Access: Sendable, Hashable, CustomStringConvertible {
    case free
    case proprietary(UInt8)
    case never
    case reserved(UInt8)

    /// Reads the byte as the CC file holds it; every byte has a meaning, so this never fails.
    public init(byte: UInt8) {
        switch byte {
        case 0x00: self = .free
        case 0xFF: self = .never
        case 0x80...0xFE: self = .proprietary(byte)
        default: self = .reserved(byte)
        }
    }

    /// The byte as the CC file holds it.
    public var byte: UInt8 {
        switch self {
        case .free: 0x00
        case .never: 0xFF
        case .proprietary(let byte), .reserved(let byte): byte
        }
    }

    /// True only for `00`: the one condition a reader meets without a chip-specific step.
    public var isFree: Bool { self == .free }

    /// "free", "proprietary condition 0x82", "never", "reserved value 0x05".
    public var phrase: String {
        switch self {
        case .free: "free"
        case .never: "never"
        case .proprietary(let byte): "proprietary condition 0x\(Hex.encode([byte], uppercase: true))"
        case .reserved(let byte): "reserved value 0x\(Hex.encode([byte], uppercase: true))"
        }
    }

    /// The phrase with the byte where the phrase does not already carry it: "never (FF)",
    /// "free (00)", "proprietary condition 0x82".
    public var description: String {
        switch self {
        case .free, .never: "\(phrase) (\(Hex.encode([byte], uppercase: true)))"
        case .proprietary, .reserved: phrase
        }
    }
}
