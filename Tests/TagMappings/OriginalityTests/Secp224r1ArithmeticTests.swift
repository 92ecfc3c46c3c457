import Originality
import TapCardSupport
import Testing

/// Known answers for the secp224r1 group law (SEC 2 v2 §2.6.2 parameters).
@Suite struct Secp224r1ArithmeticTests {
    static let gx = "B70E0CBD6BB4BF7F321390B94A03C1D356C21122343280D6115C1D21"
    static let gy = "BD376388B5F723FB4C22DFE6CD4375A05A07476444D5819985007E34"
    static let p = "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF000000000000000000000001"
    static let n = "FFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3D"

    @Test func oneTimesGIsG() throws {
        #expect(Secp224r1.publicKey(privateKey: [0x01]) == (try Hex.decode("04" + Self.gx + Self.gy)))
        #expect(OriginalityCurve.secp224r1.isOnCurve(publicKey: try Hex.decode("04" + Self.gx + Self.gy)))
    }

    @Test func twoTimesGIsThePublishedPoint() throws {
        // NIST P-224 point-multiplication vector k = 2 (also what `openssl ec` derives for d = 2).
        let twoG = try Hex.decode(
            "04706A46DC76DCB76798E60E6D89474788D16DC18032D268FD1A704FA6"
                + "1C2B76A7BC25E7702A704FA986892849FCA629487ACF3709D2E4E8BB")
        #expect(Secp224r1.publicKey(privateKey: [0x02]) == twoG)
    }

    @Test func orderMinusOneTimesGIsMinusG() throws {
        // (n − 1)·G = −G = (gx, p − gy): 223 doublings and many additions land on G's mirror.
        let nMinusOne = try Hex.decode("FFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3C")
        let negY = subtract(try Hex.decode(Self.p), try Hex.decode(Self.gy))
        #expect(Secp224r1.publicKey(privateKey: nMinusOne) == [0x04] + (try Hex.decode(Self.gx)) + negY)
    }

    @Test func twoGAndMinusTwoGAreMirrorImages() throws {
        let two = try #require(Secp224r1.publicKey(privateKey: [0x02]))
        let minusTwo = try #require(
            Secp224r1.publicKey(privateKey: try Hex.decode("FFFFFFFFFFFFFFFFFFFFFFFFFFFF16A2E0B8F03E13DD29455C5C2A3B")))
        #expect(Array(two[1..<29]) == Array(minusTwo[1..<29]))
        #expect(subtract(try Hex.decode(Self.p), Array(two[29..<57])) == Array(minusTwo[29..<57]))
    }

    @Test func scalarsOutsideTheGroupHaveNoPublicKey() throws {
        #expect(Secp224r1.publicKey(privateKey: [0x00]) == nil)
        #expect(Secp224r1.publicKey(privateKey: []) == nil)
        #expect(Secp224r1.publicKey(privateKey: try Hex.decode(Self.n)) == nil)
        #expect(Secp224r1.publicKey(privateKey: [UInt8](repeating: 0xFF, count: 28)) == nil)
        #expect(Secp224r1.publicKey(privateKey: [UInt8](repeating: 1, count: 29)) == nil)
    }

    @Test func pointsOffTheCurveOrOutOfRangeAreRefused() throws {
        let g = try Hex.decode("04" + Self.gx + Self.gy)
        var offCurve = g
        offCurve[56] ^= 1
        #expect(!OriginalityCurve.secp224r1.isOnCurve(publicKey: offCurve))
        var compressed = g
        compressed[0] = 0x02
        #expect(!OriginalityCurve.secp224r1.isOnCurve(publicKey: compressed))
        #expect(!OriginalityCurve.secp224r1.isOnCurve(publicKey: Array(g.prefix(33))))
        #expect(!OriginalityCurve.secp224r1.isOnCurve(publicKey: []))
        // x = p is out of range even though p ≡ 0 would otherwise be reduced silently.
        let xIsP = [0x04] + (try Hex.decode(Self.p)) + (try Hex.decode(Self.gy))
        #expect(!OriginalityCurve.secp224r1.isOnCurve(publicKey: xIsP))
        // The secp128r1 generator is not a secp224r1 key, and the reverse.
        #expect(!OriginalityCurve.secp224r1.isOnCurve(publicKey: OriginalityKey.ntag21x.publicKey))
        #expect(!OriginalityCurve.secp128r1.isOnCurve(publicKey: g))
    }

    @Test func nxpKeysAreOnTheirCurves() {
        for scheme in OriginalityScheme.all {
            for key in scheme.keys {
                #expect(key.publicKey.count == scheme.curve.publicKeyLength, "\(key.name)")
                #expect(scheme.curve.isOnCurve(publicKey: key.publicKey), "\(key.name) on \(scheme.curve)")
            }
        }
    }

    /// Big-endian a − b for a ≥ b.
    private func subtract(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: a.count)
        var borrow = 0
        for index in stride(from: a.count - 1, through: 0, by: -1) {
            var value = Int(a[index]) - Int(b[index]) - borrow
            borrow = value < 0 ? 1 : 0
            if value < 0 { value += 256 }
            result[index] = UInt8(value)
        }
        return result
    }
}
