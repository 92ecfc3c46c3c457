/// An unsigned 256-bit number as four 64-bit limbs, wide enough for the 128-bit and 224-bit
/// curves NXP signs with. Written out rather than using the standard library's `UInt128`, which
/// needs iOS 18 / macOS 15, so the same code runs on iOS 17.
///
/// The limbs are four stored properties, not an array, so arithmetic never allocates; the
/// constant-bound loops over ``subscript(_:)`` unroll in an optimised build.
struct Word256: Sendable, Equatable, Comparable {
    /// Least significant limb first.
    private var limb0: UInt64
    private var limb1: UInt64
    private var limb2: UInt64
    private var limb3: UInt64

    static let zero = Word256(0, 0, 0, 0)
    static let one = Word256(0, 0, 0, 1)

    /// Limbs most significant first, as SEC 2 writes its numbers.
    init(_ limb3: UInt64, _ limb2: UInt64, _ limb1: UInt64, _ limb0: UInt64) {
        self.limb0 = limb0
        self.limb1 = limb1
        self.limb2 = limb2
        self.limb3 = limb3
    }

    /// Big-endian bytes; fewer than 32 are left-padded with zeros, more than 32 keep the first 32.
    /// (ECDSA's truncation of an over-long message to the order's bit length is the curve's
    /// business: it passes only the leftmost bytes it wants.)
    init(bytes: some Collection<UInt8>) {
        var value = Word256.zero
        for byte in bytes.prefix(32) {
            value = Word256(
                value.limb3 << 8 | value.limb2 >> 56, value.limb2 << 8 | value.limb1 >> 56,
                value.limb1 << 8 | value.limb0 >> 56, value.limb0 << 8 | UInt64(byte))
        }
        self = value
    }

    /// Limb `index` (0 = least significant, up to 3); any other index reads as zero.
    subscript(_ index: Int) -> UInt64 {
        get {
            switch index {
            case 0: limb0
            case 1: limb1
            case 2: limb2
            case 3: limb3
            default: 0
            }
        }
        set {
            switch index {
            case 0: limb0 = newValue
            case 1: limb1 = newValue
            case 2: limb2 = newValue
            case 3: limb3 = newValue
            default: break
            }
        }
    }

    /// The lowest `count` bytes (at most 32), big-endian.
    func bytes(count: Int) -> [UInt8] {
        let width = min(max(count, 0), 32)
        return (0..<width).map { position in
            let bit = 8 * (width - 1 - position)
            return UInt8(truncatingIfNeeded: self[bit / 64] >> UInt64(bit % 64))
        }
    }

    var isZero: Bool { limb0 | limb1 | limb2 | limb3 == 0 }

    /// Bit `index` (0 = least significant); outside 0…255 reads as zero.
    func bit(_ index: Int) -> Bool {
        guard (0..<256).contains(index) else { return false }
        return (self[index / 64] >> UInt64(index % 64)) & 1 == 1
    }

    static func < (lhs: Word256, rhs: Word256) -> Bool {
        if lhs.limb3 != rhs.limb3 { return lhs.limb3 < rhs.limb3 }
        if lhs.limb2 != rhs.limb2 { return lhs.limb2 < rhs.limb2 }
        if lhs.limb1 != rhs.limb1 { return lhs.limb1 < rhs.limb1 }
        return lhs.limb0 < rhs.limb0
    }

    func addingReportingOverflow(_ other: Word256) -> (partialValue: Word256, overflow: Bool) {
        var result = Word256.zero
        var carry = false
        for index in 0..<4 {
            let (sum1, overflow1) = self[index].addingReportingOverflow(other[index])
            let (sum2, overflow2) = sum1.addingReportingOverflow(carry ? 1 : 0)
            result[index] = sum2
            carry = overflow1 || overflow2
        }
        return (result, carry)
    }

    func subtractingReportingOverflow(_ other: Word256) -> (partialValue: Word256, overflow: Bool) {
        var result = Word256.zero
        var borrow = false
        for index in 0..<4 {
            let (difference1, overflow1) = self[index].subtractingReportingOverflow(other[index])
            let (difference2, overflow2) = difference1.subtractingReportingOverflow(borrow ? 1 : 0)
            result[index] = difference2
            borrow = overflow1 || overflow2
        }
        return (result, borrow)
    }
}
