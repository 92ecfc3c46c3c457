import TapCardSupport

/// The DESFire native instructions TapCard builds that an NTAG 424 DNA does not have (CLA 90,
/// ISO/IEC 7816-4 wrapped; MIFARE DESFire EV1 datasheet command set, libfreefare and Proxmark3
/// agree on the codes). GetVersion, AdditionalFrame, ReadData, WriteData and GetFileSettings are
/// shared with NTAG 424 DNA and stay in `NTAG424Instruction`.
public enum DESFireInstruction: UInt8, Sendable, CaseIterable {
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

    /// The command's name as the datasheet writes it.
    public var name: String {
        switch self {
        case .selectApplication: "SelectApplication"
        case .getApplicationIDs: "GetApplicationIDs"
        case .createApplication: "CreateApplication"
        case .createStdDataFile: "CreateStdDataFile"
        case .getFreeMemory: "GetFreeMemory"
        case .formatPICC: "FormatPICC"
        case .getFileIDs: "GetFileIDs"
        }
    }

    /// "CreateApplication (90 CA)", or "the command 90 xx" for an instruction not listed here.
    public static func describe(_ ins: UInt8) -> String {
        let code = "90 " + Hex.encode([ins], uppercase: true)
        return Self(rawValue: ins).map { "\($0.name) (\(code))" } ?? "the command \(code)"
    }
}
