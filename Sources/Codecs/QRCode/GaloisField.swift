/// Arithmetic in GF(2⁸) with the QR code's reducing polynomial x⁸ + x⁴ + x³ + x² + 1 (0x11D),
/// ISO/IEC 18004 §7.5.2.
enum GaloisField {
    /// The product of `x` and `y`, by shift and add (Russian peasant multiplication), reducing
    /// whenever the degree reaches 8.
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var product = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= Int((y >> UInt8(bit)) & 1) * Int(x)
        }
        return UInt8(product & 0xFF)
    }
}
