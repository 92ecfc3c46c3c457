import TapCardSupport

/// The DESFire native instructions TapCard builds that an NTAG 424 DNA does not have (CLA 90,
/// ISO/IEC 7816-4 wrapped; MIFARE DESFire EV1 datasheet command set, libfreefare and Proxmark3
/// agree on the codes). GetVersion, AdditionalFrame, ReadData, WriteData and GetFileSettings are
/// shared with NTAG 424 DNA and stay in `NTAG424Instruction`.
public enum DESFireInstruction: UInt8, Sendable, CaseIterable {
    case selectApplication = 0x5A
    case getApplicationIDs = 0x6A
    case createApplication = 0xCA
    case createStdDataFile = 0xCD
    case getFreeMemory = 0x6E
    case formatPICC = 0xFC
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
