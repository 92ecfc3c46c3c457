/// The Reed–Solomon error-correction codewords of ISO/IEC 18004 §7.5.2: the remainder of the
/// data polynomial times x^degree divided by the generator (x − α⁰)(x − α¹)…(x − α^(degree−1)),
/// α = 2 in `GaloisField`.
enum ReedSolomon {
    /// The generator polynomial's coefficients, highest power first, without the leading 1.
    static func divisor(degree: Int) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: degree)
        result[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            // Multiply the current product by (x − root).
            for index in 0..<degree {
                result[index] = GaloisField.multiply(result[index], root)
                if index + 1 < degree { result[index] ^= result[index + 1] }
            }
            root = GaloisField.multiply(root, 0x02)
        }
        return result
    }

    /// The error-correction codewords of `data` for `divisor`.
    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result[0]
            result.removeFirst()
            result.append(0)
            for (index, coefficient) in divisor.enumerated() {
                result[index] ^= GaloisField.multiply(coefficient, factor)
            }
        }
        return result
    }
}
