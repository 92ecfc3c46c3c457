/// A prime-field curve y² = x³ − 3x + b with a prime group order n and cofactor 1 (secp128r1 and
/// secp224r1 both are), and ECDSA verification on it.
///
/// Pure Swift: no Foundation, no platform crypto, so it runs unchanged on iOS and Linux. It only
/// verifies public data; nothing here handles secrets, so constant time is not a goal.
struct WeierstrassCurve: Sendable {
    /// Bytes in one coordinate, one scalar and one half of a signature (16 or 28).
    let byteCount: Int
    let field: PrimeField
    let order: PrimeField
    /// b, in Montgomery form.
    private let b: Word256
    /// a = p − 3, in Montgomery form.
    private let a: Word256
    /// The generator, in Montgomery form.
    let generator: Affine

    /// Parameters as plain numbers (SEC 2). The generator is trusted, not checked: the tests check
    /// it with 1·G = G and (n − 1)·G = −G.
    init(byteCount: Int, p: Word256, n: Word256, b: Word256, gx: Word256, gy: Word256) {
        self.byteCount = byteCount
        field = PrimeField(modulus: p)
        order = PrimeField(modulus: n)
        let three = field.add(field.one, field.add(field.one, field.one))
        a = field.subtract(.zero, three)
        self.b = field.enter(b)
        generator = Affine(x: field.enter(gx), y: field.enter(gy))
    }

    struct Affine: Equatable, Sendable {
        var x: Word256
        var y: Word256
    }

    /// Jacobian coordinates (X/Z², Y/Z³); Z = 0 is the point at infinity.
    struct Jacobian: Sendable {
        var x: Word256
        var y: Word256
        var z: Word256

        var isInfinity: Bool { z.isZero }
    }

    private var infinity: Jacobian { Jacobian(x: field.one, y: field.one, z: .zero) }

    private func jacobian(_ point: Affine) -> Jacobian { Jacobian(x: point.x, y: point.y, z: field.one) }

    /// Verifies an ECDSA signature `r ‖ s` (2 × ``byteCount`` bytes) over `message` with an
    /// uncompressed public key `04 ‖ x ‖ y`.
    ///
    /// The message is the hash value itself, as NXP signs the raw UID: SEC 1 v2 §4.1.4 step 3
    /// keeps its leftmost bits up to n's bit length (128 or 224, whole bytes here), so a 7-byte UID
    /// is used as is. Malformed input (lengths, r or s outside 1…n−1, a point off the curve)
    /// simply does not verify.
    func verify(message: [UInt8], signature: [UInt8], publicKey: [UInt8]) -> Bool {
        guard signature.count == 2 * byteCount, let q = point(publicKey) else { return false }
        let r = Word256(bytes: signature.prefix(byteCount))
        let s = Word256(bytes: signature.suffix(byteCount))
        let n = order.modulus
        guard !r.isZero, r < n, !s.isZero, s < n else { return false }
        let e = order.enter(Word256(bytes: message.prefix(byteCount)))
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

    /// The uncompressed public key `04 ‖ x ‖ y` for a private scalar (at most ``byteCount``
    /// big-endian bytes, 1 … n−1), or `nil` outside that range.
    func publicKey(privateKey: [UInt8]) -> [UInt8]? {
        guard privateKey.count <= byteCount else { return nil }
        let d = Word256(bytes: privateKey)
        guard !d.isZero, d < order.modulus, let point = affine(multiply(generator, by: d)) else { return nil }
        return [0x04] + point.x.bytes(count: byteCount) + point.y.bytes(count: byteCount)
    }

    /// Parses `04 ‖ x ‖ y`, checks the point is on the curve, and returns it in Montgomery form.
    /// With cofactor 1 every point on the curve is in the group of order n.
    func point(_ bytes: [UInt8]) -> Affine? {
        guard bytes.count == 1 + 2 * byteCount, bytes.first == 0x04 else { return nil }
        let plainX = Word256(bytes: bytes[1..<1 + byteCount])
        let plainY = Word256(bytes: bytes[(1 + byteCount)...])
        guard plainX < field.modulus, plainY < field.modulus else { return nil }
        let x = field.enter(plainX)
        let y = field.enter(plainY)
        let right = field.add(field.add(field.multiply(field.square(x), x), field.multiply(a, x)), b)
        guard field.square(y) == right else { return nil }
        return Affine(x: x, y: y)
    }

    /// The affine point, still in Montgomery form, or `nil` for infinity.
    func affineForm(_ point: Jacobian) -> Affine? {
        guard !point.isInfinity else { return nil }
        let zInverse = field.inverse(point.z)
        let zInverse2 = field.square(zInverse)
        return Affine(
            x: field.multiply(point.x, zInverse2), y: field.multiply(point.y, field.multiply(zInverse2, zInverse)))
    }

    /// The affine point as plain numbers, or `nil` for infinity.
    func affine(_ point: Jacobian) -> Affine? {
        affineForm(point).map { Affine(x: field.leave($0.x), y: field.leave($0.y)) }
    }

    /// k·P by double-and-add from the top bit of the order's width.
    func multiply(_ point: Affine, by scalar: Word256) -> Jacobian {
        var result = infinity
        for index in stride(from: 8 * byteCount - 1, through: 0, by: -1) {
            result = double(result)
            if scalar.bit(index) { result = addMixed(result, point) }
        }
        return result
    }

    /// 2P with a = −3 (Bernstein–Lange "dbl-2001-b").
    func double(_ point: Jacobian) -> Jacobian {
        guard !point.isInfinity, !point.y.isZero else { return infinity }
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
    func addMixed(_ p1: Jacobian, _ q: Affine) -> Jacobian {
        if p1.isInfinity { return jacobian(q) }
        let f = field
        let z1z1 = f.square(p1.z)
        let u2 = f.multiply(q.x, z1z1)
        let s2 = f.multiply(q.y, f.multiply(z1z1, p1.z))
        let h = f.subtract(u2, p1.x)
        let r = f.subtract(s2, p1.y)
        if h.isZero { return r.isZero ? double(p1) : infinity }
        let z3 = f.multiply(p1.z, h)
        let h2 = f.square(h)
        let h3 = f.multiply(h2, h)
        let x1h2 = f.multiply(p1.x, h2)
        let x3 = f.subtract(f.subtract(f.square(r), h3), f.add(x1h2, x1h2))
        let y3 = f.subtract(f.multiply(r, f.subtract(x1h2, x3)), f.multiply(p1.y, h3))
        return Jacobian(x: x3, y: y3, z: z3)
    }
}
