import TapCardSupport

/// The NTAG 424 DNA native instructions (CLA 90; NTAG 424 DNA datasheet, command set;
/// shared/reference/type4-type5-ntag424.md §2.3), with the names errors use: the one table the
/// Type 4 mapping sends from and the emulator answers to (a fact both share, never logic).
public enum NTAG424Instruction: UInt8, Sendable, CaseIterable {
    case authenticateEV2First = 0x71
    case authenticateEV2NonFirst = 0x77
    case additionalFrame = 0xAF
    case getCardUID = 0x51
    case getKeyVersion = 0x64
    case changeKey = 0xC4
    case getFileSettings = 0xF5
    case changeFileSettings = 0x5F
    case getFileCounters = 0xF6
    case readData = 0xAD
    case writeData = 0x8D
    case setConfiguration = 0x5C
    case getVersion = 0x60
    case readSignature = 0x3C

    /// The command's name as the datasheet writes it.
    public var name: String {
        switch self {
        case .authenticateEV2First: "AuthenticateEV2First"
        case .authenticateEV2NonFirst: "AuthenticateEV2NonFirst"
        case .additionalFrame: "AdditionalFrame"
        case .getCardUID: "GetCardUID"
        case .getKeyVersion: "GetKeyVersion"
        case .changeKey: "ChangeKey"
        case .getFileSettings: "GetFileSettings"
        case .changeFileSettings: "ChangeFileSettings"
        case .getFileCounters: "GetFileCounters"
        case .readData: "ReadData"
        case .writeData: "WriteData"
        case .setConfiguration: "SetConfiguration"
        case .getVersion: "GetVersion"
        case .readSignature: "Read_Sig"
        }
    }

    /// "ReadData (90 AD)", or "the command 90 3C" for an instruction not listed here.
    public static func describe(_ ins: UInt8) -> String {
        let code = "90 " + Hex.encode([ins], uppercase: true)
        return Self(rawValue: ins).map { "\($0.name) (\(code))" } ?? "the command \(code)"
    }
}
