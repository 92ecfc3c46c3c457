/// How a command and its response are protected after authentication (NTAG 424 DNA datasheet,
/// "Communication modes"; shared/reference/type4-type5-ntag424.md §2.2 and §2.5).
public enum NTAG424CommMode: Sendable, Hashable, CaseIterable {
    /// Nothing added; the command counter still counts the exchange in the authenticated state.
    case plain
    /// An 8-byte truncated CMAC (MACt) after the data, in both directions.
    case mac
    /// The data enciphered (AES-CBC, ISO/IEC 9797-1 method 2 padding), then MACt over the ciphertext.
    case full

    /// The mode a file's FileOption byte selects: bits 1-0 `00` or `10` plain, `01` MAC, `11` FULL.
    public init(fileOption: UInt8) {
        switch fileOption & 0x03 {
        case 0x01: self = .mac
        case 0x03: self = .full
        default: self = .plain
        }
    }
}
