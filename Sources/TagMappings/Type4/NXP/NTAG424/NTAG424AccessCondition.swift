/// One nibble of an NTAG 424 DNA access-rights word: who may perform that kind of access
/// (NT4H2421Gx datasheet §8.2.3.3; `Amperstrand/ntag424 …/types/file_settings/access.rs`).
///
/// `0…4`: after authenticating with application key 0…4; `E`: free, without authentication;
/// `F`: never. `5…D` are RFU.
public enum NTAG424AccessCondition: Sendable, Hashable, CustomStringConvertible {
    case key(UInt8)
    case free
    case never
    case reserved(UInt8)

    /// Reads the low nibble of `nibble`.
    public init(nibble: UInt8) {
        let value = nibble & 0x0F
        switch value {
        case 0...4: self = .key(value)
        case 0x0E: self = .free
        case 0x0F: self = .never
        default: self = .reserved(value)
        }
    }

    public var nibble: UInt8 {
        switch self {
        case .key(let key), .reserved(let key): key & 0x0F
        case .free: 0x0E
        case .never: 0x0F
        }
    }

    /// "key 2", "free", "never", "reserved value 0x7".
    public var phrase: String {
        switch self {
        case .key(let key): "key \(key)"
        case .free: "free"
        case .never: "never"
        case .reserved(let value): "reserved value 0x\(String(value, radix: 16, uppercase: true))"
        }
    }

    public var description: String { phrase }
}
