/// ECDSA verification on the SEC 2 curve secp128r1, the curve of NXP's originality signatures.
///
/// Curve y² = x³ + ax + b over the prime field p (SEC 2 v1 §2.3.1):
/// p = FFFFFFFD FFFFFFFF FFFFFFFF FFFFFFFF, a = p − 3, b = E87579C1 1079F43D D824993C 2CEE5ED3,
/// G = (161FF752 8B899B2D 0C28607C A52C5B86, CF5AC839 5BAFEB13 C02DA292 DDED7A83),
/// n = FFFFFFFE 00000000 75A30D1B 9038A115.
///
/// Pure Swift: no Foundation, no platform crypto, so it runs unchanged on iOS and Linux.
/// It only verifies public data; nothing here handles secrets, so constant time is not a goal.
public enum Secp128r1 {
    static let p = Word128(high: 0xFFFF_FFFD_FFFF_FFFF, low: 0xFFFF_FFFF_FFFF_FFFF)
    static let n = Word128(high: 0xFFFF_FFFE_0000_0000, low: 0x75A3_0D1B_9038_A115)
    static let b = Word128(high: 0xE875_79C1_1079_F43D, low: 0xD824_993C_2CEE_5ED3)
    static let gx = Word128(high: 0x161F_F752_8B89_9B2D, low: 0x0C28_607C_A52C_5B86)
    static let gy = Word128(high: 0xCF5A_C839_5BAF_EB13, low: 0xC02D_A292_DDED_7A83)
    static let field = PrimeField(modulus: p)
    static let order = PrimeField(modulus: n)
    /// a = p − 3 and b, in Montgomery form.
    static let a = field.subtract(.zero, field.add(field.one, field.add(field.one, field.one)))
    static let bForm = field.enter(b)
    /// The generator, in Montgomery form.
    static let generator = Affine(x: field.enter(gx), y: field.enter(gy))

    struct Affine: Equatable {
        var x: Word128
        var y: Word128
    }

    /// Jacobian coordinates (X/Z², Y/Z³); Z = 0 is the point at infinity.
    struct Jacobian {
        var x: Word128
        var y: Word128
        var z: Word128

        static let infinity = Jacobian(x: field.one, y: field.one, z: .zero)
        var isInfinity: Bool { z.isZero }

        init(x: Word128, y: Word128, z: Word128) {
            self.x = x
            self.y = y
            self.z = z
        }

        init(_ point: Affine) { self.init(x: point.x, y: point.y, z: field.one) }
    }

    /// Verifies an ECDSA signature `r ‖ s` (32 bytes) over `message` (used as the hash value
    /// itself, leftmost 128 bits, as NXP signs the raw UID) with an uncompressed public key
    /// `04 ‖ x ‖ y` (33 bytes). Malformed input simply does not verify.
    public static func verify(message: [UInt8], signature: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == 32, let q = point(publicKey) else { return false }
        let r = Word128(bytes: signature[0..<16])
        let s = Word128(bytes: signature[16..<32])
        guard !r.isZero, r < n, !s.isZero, s < n else { return false }
        let e = order.enter(Word128(bytes: message))
        let w = order.inverse(order.enter(s))
        let u1 = order.leave(order.multiply(e, w))
        let u2 = order.leave(order.multiply(order.enter(r), w))
        let first = multiply(generator, by: u1)
        let sum: Jacobian
        if let second = affineForm(multiply(q, by: u2)) {
            sum = addMixed(first, second)
        } else {
            sum = first
        }
        guard let point = affine(sum) else { return false }
        return order.reduce(point.x) == r
    }

    /// The uncompressed public key `04 ‖ x ‖ y` for a private scalar (16 big-endian bytes,
    /// 1 … n−1), or `nil` outside that range. Lets tests check this curve arithmetic against
    /// an independent implementation.
    public static func publicKey(privateKey: [UInt8]) -> [UInt8]? {
        guard privateKey.count <= 16 else { return nil }
        let d = Word128(bytes: privateKey)
        guard !d.isZero, d < n, let point = affine(multiply(generator, by: d)) else { return nil }
        return [0x04] + point.x.bytes + point.y.bytes
    }

    /// Parses `04 ‖ x ‖ y`, checks the point is on the curve, and returns it in Montgomery form.
    static func point(_ bytes: [UInt8]) -> Affine? {
        guard bytes.count == 33, bytes.first == 0x04 else { return nil }
        let plainX = Word128(bytes: bytes[1..<17])
        let plainY = Word128(bytes: bytes[17..<33])
        guard plainX < p, plainY < p else { return nil }
        let x = field.enter(plainX)
        let y = field.enter(plainY)
        let right = field.add(field.add(field.multiply(field.square(x), x), field.multiply(a, x)), bForm)
        guard field.square(y) == right else { return nil }
        return Affine(x: x, y: y)
    }

    /// The affine point, still in Montgomery form, or `nil` for infinity.
    static func affineForm(_ point: Jacobian) -> Affine? {
        guard !point.isInfinity else { return nil }
        let zInverse = field.inverse(point.z)
        let zInverse2 = field.square(zInverse)
        return Affine(
            x: field.multiply(point.x, zInverse2), y: field.multiply(point.y, field.multiply(zInverse2, zInverse)))
    }

    /// The affine point as plain numbers, or `nil` for infinity.
    static func affine(_ point: Jacobian) -> Affine? {
        affineForm(point).map { Affine(x: field.leave($0.x), y: field.leave($0.y)) }
    }

    /// k·P by double-and-add from the top bit.
    static func multiply(_ point: Affine, by scalar: Word128) -> Jacobian {
        var result = Jacobian.infinity
        for index in stride(from: 127, through: 0, by: -1) {
            result = double(result)
            if scalar.bit(index) { result = addMixed(result, point) }
        }
        return result
    }

    /// 2P with a = −3 (Bernstein–Lange "dbl-2001-b").
    static func double(_ point: Jacobian) -> Jacobian {
        guard !point.isInfinity, !point.y.isZero else { return .infinity }
        let f = field
        let delta = f.square(point.z)
        let gamma = f.square(point.y)
        let beta = f.multiply(point.x, gamma)
        let t = f.multiply(f.subtract(point.x, delta), f.add(point.x, delta))
        let alpha = f.add(f.add(t, t), t)
        let beta4 = f.add(f.add(beta, beta), f.add(beta, beta))
        let x3 = f.subtract(f.square(alpha), f.add(beta4, beta4))
        let z3 = f.subtract(f.subtract(f.square(f.add(point.y, point.z)), gamma), delta)
        let gamma2 = f.square(gamma)
        let gamma2x8 = f.add(
            f.add(f.add(gamma2, gamma2), f.add(gamma2, gamma2)), f.add(f.add(gamma2, gamma2), f.add(gamma2, gamma2)))
        let y3 = f.subtract(f.multiply(alpha, f.subtract(beta4, x3)), gamma2x8)
        return Jacobian(x: x3, y: y3, z: z3)
    }

    /// P + Q with P in Jacobian and Q affine ("madd-2004-hmv").
    static func addMixed(_ p1: Jacobian, _ q: Affine) -> Jacobian {
        if p1.isInfinity { return Jacobian(q) }
        let f = field
        let z1z1 = f.square(p1.z)
        let u2 = f.multiply(q.x, z1z1)
        let s2 = f.multiply(q.y, f.multiply(z1z1, p1.z))
        let h = f.subtract(u2, p1.x)
        let r = f.subtract(s2, p1.y)
        if h.isZero { return r.isZero ? double(p1) : .infinity }
        let z3 = f.multiply(p1.z, h)
        let h2 = f.square(h)
        let h3 = f.multiply(h2, h)
        let x1h2 = f.multiply(p1.x, h2)
        let x3 = f.subtract(f.subtract(f.square(r), h3), f.add(x1h2, x1h2))
        let y3 = f.subtract(f.multiply(r, f.subtract(x1h2, x3)), f.multiply(p1.y, h3))
        return Jacobian(x: x3, y: y3, z: z3)
    }
}
