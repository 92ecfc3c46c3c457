/// The four error-correction levels of ISO/IEC 18004:2015 §7.5.1: how much of the symbol may be
/// damaged and still decode (about 7, 15, 25 and 30 % of the codewords).
public enum QRErrorCorrection: String, Sendable, CaseIterable, Codable {
    case low = "L"
    case medium = "M"
    case quartile = "Q"
    case high = "H"

    /// The two bits the format information carries for the level (ISO/IEC 18004 table 12: L 01,
    /// M 00, Q 11, H 10; not the order of the levels).
    var formatBits: Int {
        switch self {
        case .low: 1
        case .medium: 0
        case .quartile: 3
        case .high: 2
        }
    }

    /// The row of the block tables in `QRTables`.
    var tableRow: Int {
        switch self {
        case .low: 0
        case .medium: 1
        case .quartile: 2
        case .high: 3
        }
    }
}
