import TapCardSupport

/// Why a Flipper Zero DESFire file does not load, with the line (from 1) where it went wrong.
public enum DESFireFlipperFileError: TapCardError, Equatable, FlipperFormatError {
    /// The file's text breaks the Flipper syntax every format shares.
    case syntax(FlipperFileProblem)
    /// The device type is not Mifare DESFire.
    case notDESFire(String, line: Int)
    /// A field the card cannot do without is absent (line 0: the whole file).
    case missing(String, line: Int)
    /// A value that is not what its key needs.
    case badValue(String, reason: String, line: Int)
    /// GetVersion part 1 names a generation TapCard does not emulate.
    case unknownVersion(version: [UInt8], line: Int)
    /// A file type other than a standard data file (backup 01, value 02, records 03/04, MAC 05).
    case unsupportedFileType(file: String, type: UInt8, line: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .syntax(let problem): problem.sentence
        case .notDESFire(let type, let line): "Line \(line): device type '\(type)' is not Mifare DESFire."
        case .missing(let field, let line):
            line == 0 ? "The file has no '\(field)'." : "Line \(line): '\(field)' is missing or short."
        case .badValue(let field, let reason, let line): "Line \(line), '\(field)': \(reason)."
        case .unknownVersion(let version, let line):
            "Line \(line): PICC Version \(Hex.encode(version, uppercase: true, separator: " ")) names hardware major version \(Hex.encode([version.count > 3 ? version[3] : 0], uppercase: true)); TapCard emulates DESFire EV1 (01), EV2 (12) and EV3 (33)."
        case .unsupportedFileType(let file, let type, let line):
            "Line \(line): \(file) is of type \(Hex.encode([type], uppercase: true)); TapCard's DESFire holds standard data files (00) only, so the card cannot be made without losing it."
        }
    }
}
