/// An unsigned 128-bit number as two 64-bit halves. Written out rather than using the standard
/// library's `UInt128`, which needs iOS 18 / macOS 15, so the same code runs on iOS 17.
struct Word128: Sendable, Equatable, Comparable {
    var high: UInt64
    var low: UInt64

    static let zero = Word128(high: 0, low: 0)
    static let one = Word128(high: 0, low: 1)

    init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Big-endian bytes; fewer than 16 are left-padded with zeros, more than 16 keep the first 16
    /// (ECDSA keeps the leftmost bits of an over-long message).
    init(bytes: some Collection<UInt8>) {
        var value = Word128.zero
        for byte in bytes.prefix(16) {
            value = Word128(high: value.high << 8 | value.low >> 56, low: value.low << 8 | UInt64(byte))
        }
        self = value
    }

    /// 16 big-endian bytes.
    var bytes: [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
    }

    var isZero: Bool { high == 0 && low == 0 }

    /// Bit `index` (0 = least significant).
    func bit(_ index: Int) -> Bool {
        index < 64 ? (low >> UInt64(index)) & 1 == 1 : (high >> UInt64(index - 64)) & 1 == 1
    }

    static func < (lhs: Word128, rhs: Word128) -> Bool {
        lhs.high != rhs.high ? lhs.high < rhs.high : lhs.low < rhs.low
    }

    func addingReportingOverflow(_ other: Word128) -> (partialValue: Word128, overflow: Bool) {
        let (low, carry) = low.addingReportingOverflow(other.low)
        let (high1, overflow1) = high.addingReportingOverflow(other.high)
        let (high2, overflow2) = high1.addingReportingOverflow(carry ? 1 : 0)
        return (Word128(high: high2, low: low), overflow1 || overflow2)
    }

    func subtractingReportingOverflow(_ other: Word128) -> (partialValue: Word128, overflow: Bool) {
        let (low, borrow) = low.subtractingReportingOverflow(other.low)
        let (high1, overflow1) = high.subtractingReportingOverflow(other.high)
        let (high2, overflow2) = high1.subtractingReportingOverflow(borrow ? 1 : 0)
        return (Word128(high: high2, low: low), overflow1 || overflow2)
    }

    /// The full 256-bit product as four 64-bit limbs, least significant first.
    func multipliedFullWidth(by other: Word128) -> [UInt64] {
        var limbs: [UInt64] = [0, 0, 0, 0]
        let a = [low, high]
        let b = [other.low, other.high]
        for i in 0..<2 {
            var carry: UInt64 = 0
            for j in 0..<2 {
                let product = a[i].multipliedFullWidth(by: b[j])
                let (sum1, c1) = limbs[i + j].addingReportingOverflow(product.low)
                let (sum2, c2) = sum1.addingReportingOverflow(carry)
                limbs[i + j] = sum2
                carry = product.high &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
            }
            limbs[i + 2] = carry
        }
        return limbs
    }
}
