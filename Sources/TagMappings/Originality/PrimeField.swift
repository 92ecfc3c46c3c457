/// Arithmetic modulo an odd `modulus` below 2^256 (a curve's field prime p or its group order n),
/// in Montgomery form: a value x is held as x·R mod m with R = 2^256, so a product needs no
/// division — word-by-word reductions (CIOS, Koç–Acar–Kaliski 1996) instead.
///
/// Values enter with ``enter(_:)`` and leave with ``leave(_:)``; addition, subtraction, zero and
/// equality work unchanged inside the form. Only public data (UIDs, signatures, public keys) passes
/// through here, so the code is written for clarity, not constant time.
struct PrimeField: Sendable {
    let modulus: Word256
    /// −m⁻¹ mod 2^64.
    private let inverseWord: UInt64
    /// R² mod m, to enter the form.
    private let rSquared: Word256
    /// 1 in Montgomery form (R mod m).
    let one: Word256

    init(modulus: Word256) {
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits of m⁻¹ mod 2^64 each step (1 → 64).
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- modulus[0] &* inverse) }
        inverseWord = 0 &- inverse
        // R mod m and R² mod m by doubling 1 (2^256 and 2^512 are too wide to reduce directly).
        func doubled(_ value: Word256) -> Word256 {
            let (sum, overflow) = value.addingReportingOverflow(value)
            return overflow || sum >= modulus ? sum.subtractingReportingOverflow(modulus).partialValue : sum
        }
        var power = Word256.one
        for _ in 0..<256 { power = doubled(power) }
        one = power
        for _ in 0..<256 { power = doubled(power) }
        rSquared = power
    }

    /// `value` mod m for a value below 2m (one subtraction at most), such as a field element of
    /// p read modulo n: for both secp128r1 and secp224r1, n < p < 2n (Hasse's bound).
    func reduce(_ value: Word256) -> Word256 {
        value < modulus ? value : value.subtractingReportingOverflow(modulus).partialValue
    }

    /// Any 256-bit x into Montgomery form: the product x·R²·R⁻¹ is already reduced mod m.
    func enter(_ x: Word256) -> Word256 { multiply(x, rSquared) }

    /// Montgomery form back to the plain value.
    func leave(_ x: Word256) -> Word256 { multiply(x, .one) }

    func add(_ a: Word256, _ b: Word256) -> Word256 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum >= modulus ? sum.subtractingReportingOverflow(modulus).partialValue : sum
    }

    func subtract(_ a: Word256, _ b: Word256) -> Word256 {
        let (difference, borrow) = a.subtractingReportingOverflow(b)
        return borrow ? difference.addingReportingOverflow(modulus).partialValue : difference
    }

    /// Montgomery product a·b·R⁻¹ mod m (of two values in the form: their product in the form).
    /// `b` must be below m; `a` may be any 256-bit value, and the running total then stays below
    /// 2m < 2^257, which the five words t0…t4 hold.
    ///
    /// Written out limb by limb with the operands in locals, which the optimiser keeps in
    /// registers; this is the hot loop of a verification.
    func multiply(_ a: Word256, _ b: Word256) -> Word256 {
        let (a0, a1, a2, a3) = (a[0], a[1], a[2], a[3])
        let (m0, m1, m2, m3) = (modulus[0], modulus[1], modulus[2], modulus[3])
        var (t0, t1, t2, t3, t4): (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)
        for index in 0..<4 {
            let word = b[index]
            // t += a · word. Each partial sum fits in two words: (2^64−1)² + 2(2^64−1) < 2^128.
            var carry: UInt64
            (t0, carry) = Self.multiplyAdd(a0, word, t0, 0)
            (t1, carry) = Self.multiplyAdd(a1, word, t1, carry)
            (t2, carry) = Self.multiplyAdd(a2, word, t2, carry)
            (t3, carry) = Self.multiplyAdd(a3, word, t3, carry)
            let (sum, overflow) = t4.addingReportingOverflow(carry)
            t4 = sum
            let extra: UInt64 = overflow ? 1 : 0
            // t += q·m makes the lowest word zero; shifting it out divides by 2^64.
            let q = t0 &* inverseWord
            (_, carry) = Self.multiplyAdd(q, m0, t0, 0)
            (t0, carry) = Self.multiplyAdd(q, m1, t1, carry)
            (t1, carry) = Self.multiplyAdd(q, m2, t2, carry)
            (t2, carry) = Self.multiplyAdd(q, m3, t3, carry)
            let (high, overflowHigh) = t4.addingReportingOverflow(carry)
            t3 = high
            t4 = extra &+ (overflowHigh ? 1 : 0)
        }
        let t = Word256(t3, t2, t1, t0)
        return t4 != 0 || t >= modulus ? t.subtractingReportingOverflow(modulus).partialValue : t
    }

    /// x·y + addend + carry as (low word, high word); never overflows two words.
    @inline(__always)
    private static func multiplyAdd(_ x: UInt64, _ y: UInt64, _ addend: UInt64, _ carry: UInt64) -> (UInt64, UInt64) {
        let product = x.multipliedFullWidth(by: y)
        let (low1, overflow1) = product.low.addingReportingOverflow(addend)
        let (low2, overflow2) = low1.addingReportingOverflow(carry)
        return (low2, product.high &+ (overflow1 ? 1 : 0) &+ (overflow2 ? 1 : 0))
    }

    func square(_ a: Word256) -> Word256 { multiply(a, a) }

    /// base^exponent, base in the form, exponent a plain number.
    func power(_ base: Word256, _ exponent: Word256) -> Word256 {
        var result = one
        for index in stride(from: 255, through: 0, by: -1) {
            result = square(result)
            if exponent.bit(index) { result = multiply(result, base) }
        }
        return result
    }

    /// The multiplicative inverse by Fermat's little theorem (a^(m−2), m prime); zero has none
    /// and gives 0.
    func inverse(_ a: Word256) -> Word256 {
        power(a, modulus.subtractingReportingOverflow(Word256(0, 0, 0, 2)).partialValue)
    }
}
