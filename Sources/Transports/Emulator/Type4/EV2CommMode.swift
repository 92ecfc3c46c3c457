/// How a native command and its response travel in the authenticated state (NTAG 424 DNA datasheet
/// §9.1.8–§9.1.10; shared/reference/type4-type5-ntag424.md §2.5). Outside a session every command
/// is plain.
enum EV2CommMode: Sendable, Equatable {
    /// Nothing added in either direction; the command counter still counts the pair (§9.1.8).
    case plain
    /// MACt after the command data and after the response data.
    case mac
    /// Command data and response data enciphered, then MACt as in `mac`.
    case full

    /// The mode a file's FileOption selects: bits 1-0 `00` or `10` plain, `01` MAC, `11` FULL (§2.2).
    init(fileOption: UInt8) {
        switch fileOption & 0x03 {
        case 0x01: self = .mac
        case 0x03: self = .full
        default: self = .plain
        }
    }
}
