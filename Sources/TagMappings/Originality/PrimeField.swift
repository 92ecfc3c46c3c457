/// Arithmetic modulo an odd prime `modulus` above 2^127 (secp128r1's field prime p and its group
/// order n both are), in Montgomery form: a value x is held as x·R mod m with R = 2^128, so a
/// product needs no division — two word-by-word reductions (CIOS, Koç–Acar–Kaliski 1996) instead.
///
/// Values enter with ``enter(_:)`` and leave with ``leave(_:)``; addition, subtraction, zero and
/// equality work unchanged inside the form.
struct PrimeField: Sendable {
    let modulus: Word128
    /// −m⁻¹ mod 2^64.
    private let inverseWord: UInt64
    /// R² mod m, to enter the form.
    private let rSquared: Word128
    /// 1 in Montgomery form (R mod m).
    let one: Word128

    init(modulus: Word128) {
        self.modulus = modulus
        // Newton's iteration doubles the correct low bits of m⁻¹ mod 2^64 each step (1 → 64).
        var inverse: UInt64 = 1
        for _ in 0..<6 { inverse = inverse &* (2 &- modulus.low &* inverse) }
        inverseWord = 0 &- inverse
        // R mod m = 2^128 − m, since m > 2^127.
        let r = Word128.zero.subtractingReportingOverflow(modulus).partialValue
        one = r
        var square = r
        for _ in 0..<128 {
            let (doubled, overflow) = square.addingReportingOverflow(square)
            square =
                overflow || doubled >= modulus ? doubled.subtractingReportingOverflow(modulus).partialValue : doubled
        }
        rSquared = square
    }

    /// `value` mod m, for any 128-bit value (at most one subtraction, since m > 2^127).
    func reduce(_ value: Word128) -> Word128 {
        value < modulus ? value : value.subtractingReportingOverflow(modulus).partialValue
    }

    /// x (below m) into Montgomery form.
    func enter(_ x: Word128) -> Word128 { multiply(reduce(x), rSquared) }

    /// Montgomery form back to the plain value.
    func leave(_ x: Word128) -> Word128 { multiply(x, .one) }

    func add(_ a: Word128, _ b: Word128) -> Word128 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow || sum >= modulus ? sum.subtractingReportingOverflow(modulus).partialValue : sum
    }

    func subtract(_ a: Word128, _ b: Word128) -> Word128 {
        let (difference, borrow) = a.subtractingReportingOverflow(b)
        return borrow ? difference.addingReportingOverflow(modulus).partialValue : difference
    }

    /// Montgomery product a·b·R⁻¹ mod m (of two values in the form: their product in the form).
    func multiply(_ a: Word128, _ b: Word128) -> Word128 {
        var t = (UInt64(0), UInt64(0), UInt64(0))
        step(a, b.low, &t)
        step(a, b.high, &t)
        let result = Word128(high: t.1, low: t.0)
        return t.2 != 0 || result >= modulus ? result.subtractingReportingOverflow(modulus).partialValue : result
    }

    /// One CIOS round: t += a · word, then add q·m so the lowest word is zero and drop it. Each
    /// partial sum fits in two words: (2^64−1)² + 2(2^64−1) < 2^128, so no carry is lost.
    @inline(__always)
    private func step(_ a: Word128, _ word: UInt64, _ t: inout (UInt64, UInt64, UInt64)) {
        var product = a.low.multipliedFullWidth(by: word)
        var (sum, c1) = t.0.addingReportingOverflow(product.low)
        t.0 = sum
        var carry = product.high &+ (c1 ? 1 : 0)
        product = a.high.multipliedFullWidth(by: word)
        (sum, c1) = t.1.addingReportingOverflow(product.low)
        var c2: Bool
        (sum, c2) = sum.addingReportingOverflow(carry)
        t.1 = sum
        carry = product.high &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
        (sum, c1) = t.2.addingReportingOverflow(carry)
        t.2 = sum
        let t3: UInt64 = c1 ? 1 : 0
        let q = t.0 &* inverseWord
        product = q.multipliedFullWidth(by: modulus.low)
        (_, c1) = t.0.addingReportingOverflow(product.low)
        carry = product.high &+ (c1 ? 1 : 0)
        product = q.multipliedFullWidth(by: modulus.high)
        (sum, c1) = t.1.addingReportingOverflow(product.low)
        (sum, c2) = sum.addingReportingOverflow(carry)
        t.0 = sum
        carry = product.high &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
        (sum, c1) = t.2.addingReportingOverflow(carry)
        t.1 = sum
        t.2 = t3 &+ (c1 ? 1 : 0)
    }

    func square(_ a: Word128) -> Word128 { multiply(a, a) }

    /// base^exponent, base in the form, exponent a plain number.
    func power(_ base: Word128, _ exponent: Word128) -> Word128 {
        var result = one
        for index in stride(from: 127, through: 0, by: -1) {
            result = square(result)
            if exponent.bit(index) { result = multiply(result, base) }
        }
        return result
    }

    /// The multiplicative inverse by Fermat's little theorem (a^(m−2)); zero has none and gives 0.
    func inverse(_ a: Word128) -> Word128 {
        power(a, modulus.subtractingReportingOverflow(Word128(high: 0, low: 2)).partialValue)
    }
}
