import TapCardSupport

/// Which command something happened to, in words and bytes: "READ (0x30)", "SELECT (00 A4 04 00)",
/// "ISO 15693 READ SINGLE BLOCK (0x20)", "FeliCa Update Without Encryption (0x08)".
///
/// Errors carry a label instead of a bare opcode, because one opcode byte cannot name an APDU
/// (CLA INS P1 P2), an ISO 15693 command or a FeliCa command code. An integer literal is an NFC-A
/// command's first byte, so `.nak(code: 0, command: 0x30)` reads as it always did.
public struct CommandLabel: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral {
    /// The technology the command was sent over.
    public let technology: AirTechnology
    /// The bytes that identify the command: the NFC-A opcode, the APDU header (CLA INS P1 P2), the
    /// ISO 15693 command code, or the FeliCa command code.
    public let header: [UInt8]
    /// The command's name, where TapCard knows it.
    public let name: String?

    public init(technology: AirTechnology, header: [UInt8], name: String?) {
        self.technology = technology
        self.header = header
        self.name = name
    }

    public init(integerLiteral value: UInt8) {
        self = .nfcA(value)
    }

    /// An NFC-A command by its first byte; Type 2 and NXP opcodes are named.
    public static func nfcA(_ opcode: UInt8) -> CommandLabel {
        CommandLabel(technology: .nfcA, header: [opcode], name: nfcANames[opcode])
    }

    /// An APDU by its header; ISO 7816-4, NXP native (CLA 90) and PC/SC reader (CLA FF) commands are named.
    public static func apdu(cla: UInt8, ins: UInt8, p1: UInt8, p2: UInt8) -> CommandLabel {
        CommandLabel(technology: .isoDep, header: [cla, ins, p1, p2], name: apduName(cla: cla, ins: ins))
    }

    /// An ISO 15693 command by its code.
    public static func iso15693(_ code: UInt8) -> CommandLabel {
        CommandLabel(technology: .iso15693, header: [code], name: iso15693Names[code])
    }

    /// A FeliCa command by its code.
    public static func felica(_ code: UInt8) -> CommandLabel {
        CommandLabel(technology: .felica, header: [code], name: felicaNames[code])
    }

    /// The first byte: the NFC-A opcode, the APDU's CLA, the ISO 15693 or FeliCa command code.
    public var opcode: UInt8 { header.first ?? 0 }

    /// "READ (0x30)", "SELECT (00 A4 04 00)", "command 0x99" when the name is unknown.
    public var description: String {
        let bytes =
            header.count == 1
            ? "0x" + Hex.encode(header, uppercase: true)
            : Hex.encode(header, uppercase: true, separator: " ")
        let prefix =
            switch technology {
            case .nfcA, .isoDep: ""
            case .iso15693: "ISO 15693 "
            case .felica: "FeliCa "
            }
        if let name { return "\(prefix)\(name) (\(bytes))" }
        return "\(prefix)command \(bytes)"
    }

    static let nfcANames: [UInt8: String] = [
        0x30: "READ", 0xA2: "WRITE", 0xA0: "COMP_WRITE", 0x3A: "FAST_READ", 0x60: "GET_VERSION",
        0x1B: "PWD_AUTH", 0x3C: "READ_SIG", 0x39: "READ_CNT", 0xA5: "INCR_CNT", 0x3E: "CHECK_TEARING_EVENT",
        0x50: "HLTA",
    ]

    static func apduName(cla: UInt8, ins: UInt8) -> String? {
        switch cla {
        case 0x90:
            nativeNames[ins]
        case 0xFF:
            readerNames[ins]
        default:
            isoNames[ins]
        }
    }

    static let isoNames: [UInt8: String] = [
        0xA4: "SELECT", 0xB0: "READ BINARY", 0xB1: "READ BINARY (ODO)", 0xD6: "UPDATE BINARY",
        0xD7: "UPDATE BINARY (ODO)", 0xC0: "GET RESPONSE",
    ]

    /// NTAG 424 DNA / DESFire native commands wrapped in ISO 7816-4 (CLA 90): the instruction table
    /// (``DESFireInstruction``), and GetTTStatus, which only NTAG 424 DNA TT answers.
    static let nativeNames: [UInt8: String] = Dictionary(
        uniqueKeysWithValues: DESFireInstruction.allCases.map { ($0.rawValue, $0.name) } + [(0xF7, "GetTTStatus")])

    /// PC/SC part 3 pseudo-APDUs a reader answers itself.
    static let readerNames: [UInt8: String] = [
        0xB0: "reader READ BINARY", 0xD6: "reader UPDATE BINARY", 0xCA: "reader GET DATA",
        0x00: "reader pass-through",
    ]

    static let iso15693Names: [UInt8: String] = [
        0x01: "INVENTORY", 0x02: "STAY QUIET", 0x20: "READ SINGLE BLOCK", 0x21: "WRITE SINGLE BLOCK",
        0x22: "LOCK BLOCK", 0x23: "READ MULTIPLE BLOCKS", 0x25: "SELECT", 0x26: "RESET TO READY",
        0x2B: "GET SYSTEM INFO", 0x2C: "GET MULTIPLE BLOCK SECURITY STATUS", 0x30: "EXTENDED READ SINGLE BLOCK",
        0x31: "EXTENDED WRITE SINGLE BLOCK", 0x33: "EXTENDED READ MULTIPLE BLOCKS", 0x3B: "EXTENDED GET SYSTEM INFO",
    ]

    static let felicaNames: [UInt8: String] = [
        0x00: "Polling", 0x06: "Read Without Encryption", 0x08: "Write Without Encryption",
        0x0C: "Request System Code",
    ]
}
