/// Arithmetic in GF(2^8) (the AES field, polynomial x^8 + x^4 + x^3 + x + 1, FIPS 197 §4) on the
/// eight bytes of a `UInt64` at once, with shifts, masks and XOR only: no table is indexed and no
/// branch is taken on a byte's value, so the time taken does not depend on keys or data.
enum ByteLanes {
    static let low1: UInt64 = 0x0101_0101_0101_0101
    static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F

    /// Every byte multiplied by x (FIPS 197 §4.2.1 `xtime`): the carry out of bit 7 becomes a mask
    /// that selects 0x1B, instead of a branch.
    @inline(__always)
    static func xtime(_ a: UInt64) -> UInt64 {
        ((a & low7) << 1) ^ (((a >> 7) & low1) &* 0x1B)
    }

    /// Byte-wise product a·b in GF(2^8): the eight bits of each byte of `b` are turned into
    /// all-ones or all-zeros masks in turn (shift-and-add, FIPS 197 §4.2.1).
    @inline(__always)
    static func multiply(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var a = a
        var product: UInt64 = 0
        for bit in 0..<8 {
            let mask = ((b >> UInt64(bit)) & low1) &* 0xFF
            product ^= a & mask
            a = xtime(a)
        }
        return product
    }

    /// Byte-wise multiplicative inverse as x^254 (0 maps to 0, as FIPS 197 §5.1.1 requires), by
    /// the fixed addition chain 2, 3, 6, 12, 15, 30, 60, 120, 240, 252, 254: eleven products.
    @inline(__always)
    static func inverse(_ x: UInt64) -> UInt64 {
        let x2 = multiply(x, x)
        let x3 = multiply(x2, x)
        let x6 = multiply(x3, x3)
        let x12 = multiply(x6, x6)
        let x15 = multiply(x12, x3)
        let x30 = multiply(x15, x15)
        let x60 = multiply(x30, x30)
        let x120 = multiply(x60, x60)
        let x240 = multiply(x120, x120)
        let x252 = multiply(x240, x12)
        return multiply(x252, x2)
    }

    /// Every byte rotated left by `n` (1…7) bits.
    @inline(__always)
    static func rotateLeft(_ a: UInt64, _ n: UInt64) -> UInt64 {
        let keep = UInt64(0xFF >> n) &* low1
        return ((a & keep) << n) | ((a >> (8 - n)) & ~(keep << n))
    }

    /// The AES S-box on every byte: the inverse, then the affine map
    /// b ⊕ (b ⋘ 1) ⊕ (b ⋘ 2) ⊕ (b ⋘ 3) ⊕ (b ⋘ 4) ⊕ 63 (FIPS 197 §5.1.1, equation 5.1).
    @inline(__always)
    static func substitute(_ x: UInt64) -> UInt64 {
        let b = inverse(x)
        return b ^ rotateLeft(b, 1) ^ rotateLeft(b, 2) ^ rotateLeft(b, 3) ^ rotateLeft(b, 4) ^ (0x63 &* low1)
    }

    /// The inverse S-box on every byte (FIPS 197 §5.3.2): the inverse affine map
    /// (s ⋘ 1) ⊕ (s ⋘ 3) ⊕ (s ⋘ 6) ⊕ 05, then the inverse in GF(2^8).
    @inline(__always)
    static func substituteInverse(_ s: UInt64) -> UInt64 {
        inverse(rotateLeft(s, 1) ^ rotateLeft(s, 3) ^ rotateLeft(s, 6) ^ (0x05 &* low1))
    }
}
