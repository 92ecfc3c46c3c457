/// How an NTAG 424 DNA file's data travels (FileOption bits 1-0; NT4H2421Gx datasheet §8.2.3.2;
/// reference §2.2): `00` and `10` plain, `01` MACed, `11` fully enciphered.
public enum NTAG424CommunicationMode: String, Sendable, Hashable {
    case plain
    case mac
    case full

    /// Reads bits 1-0 of a FileOption byte.
    public init(fileOption: UInt8) {
        switch fileOption & 0x03 {
        case 0x01: self = .mac
        case 0x03: self = .full
        default: self = .plain
        }
    }

    /// The bits as the tag writes them (`10`, the second plain coding, reads back as `00`).
    public var bits: UInt8 {
        switch self {
        case .plain: 0x00
        case .mac: 0x01
        case .full: 0x03
        }
    }
}
