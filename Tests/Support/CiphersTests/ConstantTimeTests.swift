import Ciphers
import Testing

@Suite struct ConstantTimeTests {
    @Test func equalBytesAreEqualAndAnyDifferenceIsSeen() {
        let mac: [UInt8] = [0x94, 0xEE, 0xD9, 0xEE, 0x65, 0x33, 0x70, 0x86]
        #expect(ConstantTime.equal(mac, mac))
        for index in mac.indices {
            for bit in 0..<8 {
                var changed = mac
                changed[index] ^= UInt8(1) << UInt8(bit)
                #expect(!ConstantTime.equal(mac, changed))
            }
        }
        #expect(!ConstantTime.equal(mac, Array(mac.dropLast())))
        #expect(ConstantTime.equal([], []))
    }

    /// Lengths decide before any byte does, in both orders: a shorter operand that is a prefix of
    /// the longer one (a 7-byte MAC against an 8-byte one, or a MAC with bytes appended) is never
    /// equal, whichever side it is on. (Mutation audit, issue 29: a length guard loosened to
    /// `a.count <= b.count` passed the suite, which only tried a shorter second operand.)
    @Test func unequalLengthsAreNeverEqualInEitherOrder() {
        let mac: [UInt8] = [0x94, 0xEE, 0xD9, 0xEE, 0x65, 0x33, 0x70, 0x86]
        for cut in 0..<mac.count {
            let prefix = Array(mac.prefix(cut))
            #expect(!ConstantTime.equal(prefix, mac), "\(cut) bytes against 8")
            #expect(!ConstantTime.equal(mac, prefix), "8 bytes against \(cut)")
        }
        for extra in [[0x00], [0xFF], mac] as [[UInt8]] {
            #expect(!ConstantTime.equal(mac, mac + extra), "8 bytes against \(8 + extra.count)")
            #expect(!ConstantTime.equal(mac + extra, mac), "\(8 + extra.count) bytes against 8")
        }
    }
}
