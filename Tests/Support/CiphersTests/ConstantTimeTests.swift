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
}
