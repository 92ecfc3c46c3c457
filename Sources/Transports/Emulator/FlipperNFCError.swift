import TapCardSupport

/// A Flipper Zero `.nfc` file that cannot be read as an NTAG/Ultralight dump. Every case names
/// the 1-based line where the problem is (0 when it concerns the whole file).
public enum FlipperNFCError: TapCardError, Equatable, FlipperFormatError {
    /// The file's text breaks the Flipper syntax every format shares (header, `Key: value`
    /// lines, hex and number fields, a field twice or missing).
    case syntax(FlipperFileProblem)
    /// The file describes a card that is not NTAG/Ultralight (MIFARE Classic, DESFire, …).
    case unsupportedDeviceType(String, line: Int)
    /// `Page N` lines must count up from 0 without gaps.
    case pageOutOfOrder(page: Int, expected: Int, line: Int)
    /// `Pages total` does not match the `Page N` lines present.
    case pageCountMismatch(found: Int, declared: Int)
    /// `Pages total` beyond what any NTAG/Ultralight chip has.
    case tooManyPages(Int, line: Int)
    /// `Version` or `Data format version` is a number the Flipper firmware never wrote for an
    /// NTAG/Ultralight file (`known` are those it writes).
    case unknownVersion(field: String, value: Int, known: ClosedRange<Int>, line: Int)
    /// `Pages read` is more than `Pages total`: the file contradicts itself.
    case pagesReadOverTotal(read: Int, total: Int, line: Int)
    /// The chip the file names (`chip`, a chip of `chipPages` pages) is not the size of its
    /// memory (`pages`), and no chip of that size fits the GET_VERSION answer either (`version`:
    /// what the answer names, "an NTAG215 (135 pages)"; nil when the file holds none).
    case chipSizeMismatch(chip: String, chipPages: Int, pages: Int, version: String?, line: Int)

    public var origin: ErrorOrigin { .input }

    /// The 1-based line of the problem, or 0 for the whole file.
    public var line: Int {
        switch self {
        case .syntax(let problem): problem.line
        case .unsupportedDeviceType(_, let line), .pageOutOfOrder(_, _, let line), .tooManyPages(_, let line),
            .unknownVersion(_, _, _, let line), .pagesReadOverTotal(_, _, let line),
            .chipSizeMismatch(_, _, _, _, let line):
            line
        case .pageCountMismatch: 0
        }
    }

    /// True for a device type no reader takes: the file is then of no known family.
    var isUnsupportedDeviceType: Bool {
        if case .unsupportedDeviceType = self { return true }
        return false
    }

    public var sentence: String {
        switch self {
        case .syntax(let problem):
            problem.sentence
        case .unsupportedDeviceType(let type, let line):
            "Line \(line): device type '\(type)' is none TapCard reads; it reads Flipper Zero files of NTAG/Ultralight, Mifare Classic, SLIX, ISO15693-3 (ST25DV04K), FeliCa, Mifare DESFire and Type 4 Tag."
        case .pageOutOfOrder(let page, let expected, let line):
            "Line \(line): found page \(page) where page \(expected) was expected; pages must count up from 0."
        case .pageCountMismatch(let found, let declared):
            "The file declares \(declared) pages but holds \(found)."
        case .tooManyPages(let count, let line):
            "Line \(line): \(count) pages is more than any NTAG/Ultralight chip has (\(FlipperNFC.maximumPages))."
        case .unknownVersion(let field, let value, let known, let line):
            "Line \(line): \(field) is \(value); the Flipper firmware writes NTAG/Ultralight files of \(field) \(known.lowerBound) to \(known.upperBound), and no other is read."
        case .pagesReadOverTotal(let read, let total, let line):
            "Line \(line): Pages read is \(read), more than Pages total (\(total)); a Flipper never reads more pages than the tag has."
        case .chipSizeMismatch(let chip, let chipPages, let pages, let version, let line):
            "Line \(line): the type is \(chip), which has \(chipPages) pages, but the file holds \(pages) pages, and "
                + (version.map { "its GET_VERSION answer names \($0): no chip TapCard emulates fits both." }
                    ?? "no one chip TapCard emulates has \(pages) pages.")
        }
    }
}
