import TapCardSupport

/// The native instructions of the DESFire family (CLA 90, wrapped in ISO/IEC 7816-4): the
/// MIFARE DESFire EV1–EV3 command set TapCard uses, of which an NTAG 424 DNA answers the
/// authentication, key, file-settings and data commands (NTAG 424 DNA datasheet, command set;
/// shared/reference/type4-type5-ntag424.md §2.3; DESFire codes as the EV1 datasheet, libfreefare
/// and Proxmark3 agree on them). One table, with the names errors use: the Type 4 mapping sends
/// from it, the emulator answers to it, command labels name commands by it (a fact all share,
/// never logic).
public enum DESFireInstruction: UInt8, Sendable, CaseIterable {
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
    /// `5A`: select an application, or the PICC level (`000000`).
    case selectApplication = 0x5A
    /// `6A`: the AIDs of the card's applications.
    case getApplicationIDs = 0x6A
    /// `CA`: create an application (AID, key settings, ISO FID, DF name).
    case createApplication = 0xCA
    /// `CD`: create a standard data file in the selected application.
    case createStdDataFile = 0xCD
    /// `6E`: the card's free memory in bytes.
    case getFreeMemory = 0x6E
    /// `FC`: delete every application and file.
    case formatPICC = 0xFC
    /// `6F`: the file numbers of the selected application.
    case getFileIDs = 0x6F
    /// `BD`: ReadData with the native code of every DESFire generation (EV1 has no `AD`).
    case nativeReadData = 0xBD
    /// `3D`: WriteData with the native code of every DESFire generation (EV1 has no `8D`).
    case nativeWriteData = 0x3D
    /// `45`: the key settings and key count of the selected application or the PICC.
    case getKeySettings = 0x45
    /// `DA`: delete an application.
    case deleteApplication = 0xDA
    /// `AA`: the EV1 AES authentication (legacy, before EV2First).
    case authenticateAES = 0xAA
    /// `6D`: each application's AID, ISO DF identifier and DF name, one frame each.
    case getDFNames = 0x6D
    /// `61`: the ISO file identifiers of the selected application's files.
    case getISOFileIDs = 0x61

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
        case .selectApplication: "SelectApplication"
        case .getApplicationIDs: "GetApplicationIDs"
        case .createApplication: "CreateApplication"
        case .createStdDataFile: "CreateStdDataFile"
        case .getFreeMemory: "GetFreeMemory"
        case .formatPICC: "FormatPICC"
        case .getFileIDs: "GetFileIDs"
        case .nativeReadData: "ReadData"
        case .nativeWriteData: "WriteData"
        case .getKeySettings: "GetKeySettings"
        case .deleteApplication: "DeleteApplication"
        case .authenticateAES: "AuthenticateAES"
        case .getDFNames: "GetDFNames"
        case .getISOFileIDs: "GetISOFileIDs"
        }
    }

    /// "ReadData (90 AD)", or "the command 90 3C" for an instruction not listed here.
    public static func describe(_ ins: UInt8) -> String {
        let code = "90 " + Hex.encode([ins], uppercase: true)
        return Self(rawValue: ins).map { "\($0.name) (\(code))" } ?? "the command \(code)"
    }
}
