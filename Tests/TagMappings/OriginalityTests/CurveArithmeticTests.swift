import Originality
import TapCardSupport
import Testing

/// Known answers for the secp128r1 group law (SEC 2 v1 §2.3.1 parameters).
@Suite struct CurveArithmeticTests {
    static let gx = "161FF7528B899B2D0C28607CA52C5B86"
    static let gy = "CF5AC8395BAFEB13C02DA292DDED7A83"
    static let p = "FFFFFFFDFFFFFFFFFFFFFFFFFFFFFFFF"

    @Test func oneTimesGIsG() throws {
        #expect(Secp128r1.publicKey(privateKey: [0x01]) == (try Hex.decode("04" + Self.gx + Self.gy)))
    }

    @Test func orderMinusOneTimesGIsMinusG() throws {
        // (n − 1)·G = −G = (gx, p − gy).
        let nMinusOne = try Hex.decode("FFFFFFFE0000000075A30D1B9038A114")
        let negY = subtract(try Hex.decode(Self.p), try Hex.decode(Self.gy))
        #expect(Secp128r1.publicKey(privateKey: nMinusOne) == [0x04] + (try Hex.decode(Self.gx)) + negY)
    }

    @Test func scalarsOutsideTheGroupHaveNoPublicKey() throws {
        #expect(Secp128r1.publicKey(privateKey: [0x00]) == nil)
        #expect(Secp128r1.publicKey(privateKey: try Hex.decode("FFFFFFFE0000000075A30D1B9038A115")) == nil)
        #expect(Secp128r1.publicKey(privateKey: [UInt8](repeating: 1, count: 17)) == nil)
    }

    @Test func twoGAndMinusTwoGAreMirrorImages() throws {
        // 2·G comes from one doubling; (n − 2)·G from 127 doublings and many additions. They must
        // be the same x with opposite y.
        let two = try #require(Secp128r1.publicKey(privateKey: [0x02]))
        let minusTwo = try #require(Secp128r1.publicKey(privateKey: try Hex.decode("FFFFFFFE0000000075A30D1B9038A113")))
        #expect(Array(two[1..<17]) == Array(minusTwo[1..<17]))
        #expect(subtract(try Hex.decode(Self.p), Array(two[17..<33])) == Array(minusTwo[17..<33]))
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
