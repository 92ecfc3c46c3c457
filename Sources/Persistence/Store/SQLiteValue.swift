/// A value bound to a statement parameter or read from a column: SQLite's five storage classes.
public enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    public var real: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    public var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    public var blob: [UInt8]? {
        switch self {
        case .blob(let value): value
        // SQLite returns an empty blob as NULL.
        case .null: nil
        default: nil
        }
    }
}
