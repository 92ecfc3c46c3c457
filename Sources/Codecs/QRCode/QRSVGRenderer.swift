import TapCardSupport

/// Draws a ``QRMatrix`` as inline SVG: one light square the size of the symbol and its quiet
/// zone, and one dark path made of a rectangle per horizontal run of dark modules, in module
/// units (so the drawing scales without blurring; `shape-rendering="crispEdges"` keeps the
/// edges sharp at any size).
public enum QRSVGRenderer {
    /// The light border ISO/IEC 18004 §6.3.8 requires around the symbol, in modules.
    public static let quietZone = 4

    /// The SVG element for `matrix`, `pixels` wide and high, with `label` as its accessible
    /// name (escaped here).
    public static func svg(_ matrix: QRMatrix, pixels: Int = 200, label: String = "QR code") -> String {
        let side = matrix.size + 2 * quietZone
        var path = ""
        for y in 0..<matrix.size {
            var x = 0
            while x < matrix.size {
                guard matrix.isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var run = 1
                while matrix.isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + quietZone) \(y + quietZone)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" width=\"\(pixels)\" "
            + "height=\"\(pixels)\" shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"\(MarkupText.escaped(label))\">"
            + "<rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/><path fill=\"#000\" d=\"\(path)\"/></svg>"
    }
}
