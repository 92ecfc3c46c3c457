/// The symbol while it is drawn: each module's colour and whether it belongs to a function
/// pattern (which the data and the mask never touch). Coordinates are column `x`, row `y`.
struct QRCanvas {
    let version: Int
    let size: Int
    var modules: [Bool]
    var isFunction: [Bool]

    init(version: Int) {
        self.version = version
        size = version * 4 + 17
        modules = [Bool](repeating: false, count: size * size)
        isFunction = [Bool](repeating: false, count: size * size)
        drawFunctionPatterns()
    }

    mutating func setFunction(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// Timing patterns, the three finders with their separators, the alignment patterns, and
    /// the areas of the format (drawn with a placeholder until the mask is known) and version
    /// information (ISO/IEC 18004 §6.3).
    private mutating func drawFunctionPatterns() {
        for index in 0..<size {
            setFunction(6, index, index % 2 == 0)
            setFunction(index, 6, index % 2 == 0)
        }
        drawFinder(3, 3)
        drawFinder(size - 4, 3)
        drawFinder(3, size - 4)
        let positions = QRTables.alignmentPositions(version: version)
        let last = positions.count - 1
        for (i, x) in positions.enumerated() {
            for (j, y) in positions.enumerated() {
                // The three corners the finders occupy carry no alignment pattern.
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 {
                    for dx in -2...2 { setFunction(x + dx, y + dy, max(abs(dx), abs(dy)) != 1) }
                }
            }
        }
        drawFormat(mask: 0, level: .medium)
        drawVersion()
    }

    /// A 7 × 7 finder centred on (`x`, `y`) and its light separator, clipped to the symbol.
    private mutating func drawFinder(_ x: Int, _ y: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let (column, row) = (x + dx, y + dy)
                guard column >= 0, column < size, row >= 0, row < size else { continue }
                let distance = max(abs(dx), abs(dy))
                setFunction(column, row, distance != 2 && distance != 4)
            }
        }
    }

    /// The 15 format bits (level and mask, BCH(15,5) with generator 0x537, XOR 0x5412; ISO/IEC
    /// 18004 §7.9), twice: around the top-left finder, and split between the other two; plus the
    /// dark module at (8, size − 8).
    mutating func drawFormat(mask: Int, level: QRErrorCorrection) {
        let data = level.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 != 0 }
        for index in 0..<6 { setFunction(8, index, bit(index)) }
        setFunction(8, 7, bit(6))
        setFunction(8, 8, bit(7))
        setFunction(7, 8, bit(8))
        for index in 9..<15 { setFunction(14 - index, 8, bit(index)) }
        for index in 0..<8 { setFunction(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { setFunction(8, size - 15 + index, bit(index)) }
        setFunction(8, size - 8, true)
    }

    /// The 18 version bits (version 7 and up; BCH(18,6) with generator 0x1F25, §7.10), in the
    /// two 6 × 3 blocks beside the top-right and bottom-left finders.
    private mutating func drawVersion() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 != 0
            let a = size - 11 + index % 3
            let b = index / 3
            setFunction(a, b, dark)
            setFunction(b, a, dark)
        }
    }

    /// Places the codewords' bits in the two-column zigzag of §7.7.3: from the bottom-right
    /// corner upwards, then downwards, skipping the vertical timing column and every function
    /// module. Remainder bits stay light.
    mutating func drawCodewords(_ codewords: [UInt8]) {
        var bitIndex = 0
        let totalBits = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for vertical in 0..<size {
                for offset in 0..<2 {
                    let x = right - offset
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - vertical : vertical
                    guard !isFunction[y * size + x], bitIndex < totalBits else { continue }
                    modules[y * size + x] = (codewords[bitIndex >> 3] >> UInt8(7 - (bitIndex & 7))) & 1 != 0
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Flips every non-function module that `mask` selects (applying it twice undoes it).
    mutating func applyMask(_ mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y * size + x] && QRMask.flips(mask, x: x, y: y) {
                modules[y * size + x].toggle()
            }
        }
    }
}
