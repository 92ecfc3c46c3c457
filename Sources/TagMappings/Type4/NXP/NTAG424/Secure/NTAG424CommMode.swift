/// How an NTAG 424 DNA file's data, and a command and its response after authentication, are
/// protected (FileOption bits 1-0, NT4H2421Gx datasheet §8.2.3.2 and "Communication modes";
/// shared/reference/type4-type5-ntag424.md §2.2 and §2.5): `00` and `10` plain, `01` MAC, `11` FULL.
public enum NTAG424CommMode: String, Sendable, Hashable, CaseIterable {
    /// Nothing added; the command counter still counts the exchange in the authenticated state.
    case plain
    /// An 8-byte truncated CMAC (MACt) after the data, in both directions.
    case mac
    /// The data enciphered (AES-CBC, ISO/IEC 9797-1 method 2 padding), then MACt over the ciphertext.
    case full

    /// The mode a file's FileOption byte selects.
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
