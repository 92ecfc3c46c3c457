/// The AES state (FIPS 197 §3.4) as its four columns, each a `UInt32` holding rows 0…3 in bytes
/// 0…3 (least significant first), so a column's bytes are those of the input at 4c…4c+3. Every
/// round step is shifts, masks and XOR on the columns; SubBytes runs two columns at a time through
/// ``ByteLanes``.
struct AESState {
    var c0: UInt32
    var c1: UInt32
    var c2: UInt32
    var c3: UInt32

    init(_ c0: UInt32, _ c1: UInt32, _ c2: UInt32, _ c3: UInt32) {
        (self.c0, self.c1, self.c2, self.c3) = (c0, c1, c2, c3)
    }

    /// The state of 16 input bytes starting at `offset`; the caller has checked the length.
    init(_ bytes: [UInt8], at offset: Int) {
        func column(_ c: Int) -> UInt32 {
            let base = offset + 4 * c
            return UInt32(bytes[base]) | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2]) << 16
                | UInt32(bytes[base + 3]) << 24
        }
        self.init(column(0), column(1), column(2), column(3))
    }

    /// The state of the 16 bytes at `bytes`.
    init(_ bytes: UnsafePointer<UInt8>) {
        func column(_ c: Int) -> UInt32 {
            UInt32(bytes[4 * c]) | UInt32(bytes[4 * c + 1]) << 8 | UInt32(bytes[4 * c + 2]) << 16
                | UInt32(bytes[4 * c + 3]) << 24
        }
        self.init(column(0), column(1), column(2), column(3))
    }

    /// The 16 output bytes, written at `out`.
    func store(to out: UnsafeMutablePointer<UInt8>) {
        Self.store(c0, to: out)
        Self.store(c1, to: out + 4)
        Self.store(c2, to: out + 8)
        Self.store(c3, to: out + 12)
    }

    @inline(__always)
    private static func store(_ column: UInt32, to out: UnsafeMutablePointer<UInt8>) {
        out[0] = UInt8(truncatingIfNeeded: column)
        out[1] = UInt8(truncatingIfNeeded: column >> 8)
        out[2] = UInt8(truncatingIfNeeded: column >> 16)
        out[3] = UInt8(truncatingIfNeeded: column >> 24)
    }

    /// The 16 output bytes, appended to `out`.
    func append(to out: inout [UInt8]) {
        Self.append(c0, to: &out)
        Self.append(c1, to: &out)
        Self.append(c2, to: &out)
        Self.append(c3, to: &out)
    }

    @inline(__always)
    private static func append(_ column: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: column))
        out.append(UInt8(truncatingIfNeeded: column >> 8))
        out.append(UInt8(truncatingIfNeeded: column >> 16))
        out.append(UInt8(truncatingIfNeeded: column >> 24))
    }

    static func ^ (lhs: AESState, rhs: AESState) -> AESState {
        AESState(lhs.c0 ^ rhs.c0, lhs.c1 ^ rhs.c1, lhs.c2 ^ rhs.c2, lhs.c3 ^ rhs.c3)
    }

    private static func split(_ pair: UInt64) -> (UInt32, UInt32) {
        (UInt32(truncatingIfNeeded: pair), UInt32(truncatingIfNeeded: pair >> 32))
    }

    private static func join(_ low: UInt32, _ high: UInt32) -> UInt64 { UInt64(low) | UInt64(high) << 32 }

    /// SubBytes (FIPS 197 §5.1.1).
    mutating func substitute() {
        (c0, c1) = Self.split(ByteLanes.substitute(Self.join(c0, c1)))
        (c2, c3) = Self.split(ByteLanes.substitute(Self.join(c2, c3)))
    }

    /// InvSubBytes (FIPS 197 §5.3.2).
    mutating func substituteInverse() {
        (c0, c1) = Self.split(ByteLanes.substituteInverse(Self.join(c0, c1)))
        (c2, c3) = Self.split(ByteLanes.substituteInverse(Self.join(c2, c3)))
    }

    private static let row0: UInt32 = 0x0000_00FF
    private static let row1: UInt32 = 0x0000_FF00
    private static let row2: UInt32 = 0x00FF_0000
    private static let row3: UInt32 = 0xFF00_0000

    /// ShiftRows (FIPS 197 §5.1.2): row r of column c comes from column c + r.
    mutating func shiftRows() {
        let (a, b, c, d) = (c0, c1, c2, c3)
        func pick(_ w: UInt32, _ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 {
            (w & Self.row0) | (x & Self.row1) | (y & Self.row2) | (z & Self.row3)
        }
        (c0, c1, c2, c3) = (pick(a, b, c, d), pick(b, c, d, a), pick(c, d, a, b), pick(d, a, b, c))
    }

    /// InvShiftRows (FIPS 197 §5.3.1): row r of column c comes from column c − r.
    mutating func shiftRowsInverse() {
        let (a, b, c, d) = (c0, c1, c2, c3)
        func pick(_ w: UInt32, _ x: UInt32, _ y: UInt32, _ z: UInt32) -> UInt32 {
            (w & Self.row0) | (x & Self.row1) | (y & Self.row2) | (z & Self.row3)
        }
        (c0, c1, c2, c3) = (pick(a, d, c, b), pick(b, a, d, c), pick(c, b, a, d), pick(d, c, b, a))
    }

    @inline(__always)
    private static func xtime(_ a: UInt32) -> UInt32 {
        ((a & 0x7F7F_7F7F) << 1) ^ (((a >> 7) & 0x0101_0101) &* 0x1B)
    }

    /// Rotates a column so that row r holds what row r + k held.
    @inline(__always)
    private static func rotate(_ a: UInt32, by k: UInt32) -> UInt32 { (a >> (8 * k)) | (a << (32 - 8 * k)) }

    /// MixColumns of one column (FIPS 197 §5.1.3): row r becomes 2·a_r ⊕ 3·a_{r+1} ⊕ a_{r+2} ⊕ a_{r+3}.
    @inline(__always)
    private static func mix(_ a: UInt32) -> UInt32 {
        let next = rotate(a, by: 1)
        return xtime(a ^ next) ^ next ^ rotate(a, by: 2) ^ rotate(a, by: 3)
    }

    mutating func mixColumns() {
        (c0, c1, c2, c3) = (Self.mix(c0), Self.mix(c1), Self.mix(c2), Self.mix(c3))
    }

    /// InvMixColumns (FIPS 197 §5.3.3) as MixColumns after adding 4·(a_r ⊕ a_{r+2}) to each row,
    /// since {0e 0b 0d 09} = {02 03 01 01}·{05 00 04 00} in GF(2^8)[x]/(x^4 + 1).
    mutating func mixColumnsInverse() {
        func unmix(_ a: UInt32) -> UInt32 { Self.mix(a ^ Self.xtime(Self.xtime(a ^ Self.rotate(a, by: 2)))) }
        (c0, c1, c2, c3) = (unmix(c0), unmix(c1), unmix(c2), unmix(c3))
    }
}
