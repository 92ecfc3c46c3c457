/// A finished QR code symbol: a square of dark and light modules, without the quiet zone.
public struct QRMatrix: Sendable, Equatable {
    /// 1–40; the side is `version` × 4 + 17 modules.
    public let version: Int
    public let errorCorrection: QRErrorCorrection
    /// The data mask the penalty rules chose, 0–7 (ISO/IEC 18004 table 10).
    public let mask: Int
    /// Modules per side.
    public let size: Int
    /// Row by row, top to bottom, left to right; true is dark.
    public let modules: [Bool]

    /// Whether the module in column `x`, row `y` is dark; false outside the symbol (the quiet
    /// zone is light).
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// The symbol as text, one line per row, `#` dark and `.` light: for tests and debugging.
    public var picture: String {
        (0..<size).map { y in String((0..<size).map { isDark(x: $0, y: y) ? "#" : "." }) }.joined(separator: "\n")
    }
}
