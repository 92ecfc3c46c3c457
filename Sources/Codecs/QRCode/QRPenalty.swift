/// The penalty of a masked symbol, ISO/IEC 18004:2015 §7.8.3.1 (table 11): the encoder keeps the
/// mask with the lowest total.
///
/// 1. N1 = 3, plus 1 per module beyond five, for each run of five or more same-coloured
///    modules in a row or a column;
/// 2. N2 = 3 for each 2 × 2 block of one colour (blocks may overlap);
/// 3. N3 = 40 for each finder-like pattern 1:1:3:1:1 (dark, light, dark × 3, light, dark) with
///    four light modules on either side, in a row or a column; the area outside the symbol
///    counts as light, as the quiet zone is;
/// 4. N4 = 10 for each full 5 % the proportion of dark modules is away from 50 %.
enum QRPenalty {
    static func score(_ modules: [Bool], size: Int) -> Int {
        func dark(_ x: Int, _ y: Int) -> Bool {
            x >= 0 && y >= 0 && x < size && y < size && modules[y * size + x]
        }
        var total = 0
        // Rule 1 and rule 3, along rows (transposed = false) and columns (true).
        for transposed in [false, true] {
            func at(_ line: Int, _ position: Int) -> Bool {
                transposed ? dark(line, position) : dark(position, line)
            }
            for line in 0..<size {
                var run = 1
                for position in 1...size {
                    if position < size, at(line, position) == at(line, position - 1) {
                        run += 1
                    } else {
                        if run >= 5 { total += 3 + (run - 5) }
                        run = 1
                    }
                }
                for start in 0..<max(0, size - 6) {
                    let core = [true, false, true, true, true, false, true]
                    guard (0..<7).allSatisfy({ at(line, start + $0) == core[$0] }) else { continue }
                    let lightBefore = (1...4).allSatisfy { !at(line, start - $0) }
                    let lightAfter = (7...10).allSatisfy { !at(line, start + $0) }
                    if lightBefore || lightAfter { total += 40 }
                }
            }
        }
        // Rule 2.
        for y in 0..<(size - 1) {
            for x in 0..<(size - 1) {
                let colour = dark(x, y)
                if dark(x + 1, y) == colour, dark(x, y + 1) == colour, dark(x + 1, y + 1) == colour { total += 3 }
            }
        }
        // Rule 4: k = the whole number of 5 % steps between the dark share and 50 %.
        let darkCount = modules.reduce(0) { $0 + ($1 ? 1 : 0) }
        let count = size * size
        total += abs(darkCount * 20 - count * 10) / count * 10
        return total
    }
}
