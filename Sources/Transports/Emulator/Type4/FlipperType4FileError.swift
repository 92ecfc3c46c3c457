import TapCardSupport

/// Why a Flipper Zero `Type 4 Tag` or `NTAG4xx` file (Momentum and Unleashed firmwares) does not
/// make a tag, with the line (from 1) where it went wrong, or 0 when it concerns the whole file.
public enum FlipperType4FileError: TapCardError, Equatable, FlipperFormatError {
    /// The file's text breaks the Flipper syntax every format shares.
    case syntax(FlipperFileProblem)
    /// The device type is neither `Type 4 Tag` nor `NTAG4xx`.
    case notType4(String, line: Int)
    /// An `NDEF Data` line does not hold the bytes the firmware reads there: 16 a line, the last
    /// one what is left of `NDEF Data Size`.
    case ndefLine(bytes: Int, expected: Int, line: Int)
    /// `NDEF Data Size` and the bytes of the `NDEF Data` lines differ.
    case ndefSize(declared: Int, found: Int, line: Int)
    /// The message does not fit the NDEF file of the tag TapCard makes of the file.
    case messageTooLarge(bytes: Int, capacity: Int)
    /// An `NTAG4xx` file: the chip's GetVersion answer and nothing of its memory.
    case versionOnly(chip: String, uid: [UInt8], line: Int)
    /// `PICC Version` does not name an NTAG 4xx (hardware type byte's low nibble 4).
    case notNTAG4xx(version: [UInt8], line: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        switch self {
        case .syntax(let problem): return problem.sentence
        case .notType4(let type, let line):
            return "Line \(line): device type '\(type)' is not 'Type 4 Tag' or 'NTAG4xx'."
        case .ndefLine(let bytes, let expected, let line):
            return
                "Line \(line): this 'NDEF Data' line has \(bytes) bytes; the firmware reads \(expected) here (16 a line, the last one the rest of 'NDEF Data Size')."
        case .ndefSize(let declared, let found, let line):
            return
                "Line \(line): 'NDEF Data Size' is \(declared) but the 'NDEF Data' lines hold \(found) bytes; the file is cut short or edited."
        case .messageTooLarge(let bytes, let capacity):
            return
                "The NDEF message has \(bytes) bytes; the Type 4 tag TapCard makes of the file holds \(capacity) (an NDEF file of \(capacity + 2) bytes, as a Flipper emulating the file assumes)."
        case .versionOnly(let chip, let uid, let line):
            return
                "Line \(line): this 'NTAG4xx' file holds only the chip's GetVersion answer (\(chip), UID \(hex(uid))): no CC, no NDEF file, no proprietary file, no file or SDM settings and no keys, so TapCard cannot make the tag from it. 'tapcard sim new ntag424 FILE' makes a tag as shipped."
        case .notNTAG4xx(let version, let line):
            return
                "Line \(line): PICC Version \(hex(Array(version.prefix(7)))) does not name an NTAG 4xx (its hardware type's low nibble is not 4)."
        }
    }
}
