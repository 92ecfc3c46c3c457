import Ciphers
import TestSupport
import Testing

/// A re-keyed slot gives what a context made for each key gives, on every backend, in both
/// directions, whatever key it held before; CMAC on a slot equals the prepared CMAC; AN10922's
/// diversification gives the application note's worked example.
@Suite struct AESKeySlotTests {
    static let backends = AESBackend.allCases.filter(\.isAvailable)

    @Test("500 keys in a row on one slot per direction equal a fresh AESContext per key (every backend)")
    func rekeyedSlotsAgree() throws {
        for backend in Self.backends {
            var random = SplitMix64(seed: 0x510_7)
            let encrypting = AESKeySlot(backend: backend, direction: .encrypt)
            let decrypting = AESKeySlot(backend: backend, direction: .decrypt)
            #expect(encrypting.backend == backend)
            var key = random.bytes(16)
            for round in 0..<500 {
                // Every third round keeps the key: the slot's "same key" shortcut must still be right.
                if round % 3 != 2 { key = random.bytes(16) }
                let block = random.bytes(16)
                encrypting.setKey(key)
                decrypting.setKey(key)
                let context = try AESContext(key: key, backend: .swift)
                let enciphered = try context.encrypt(block: block)
                #expect(encrypting.apply(block: block) == enciphered, "\(backend) key \(hex(key))")
                #expect(decrypting.apply(block: enciphered) == block, "\(backend) key \(hex(key))")
                #expect(AESCMAC.mac(block, slot: encrypting) == (try AESCMAC(key: key, backend: .swift).mac(block)))
            }
        }
    }

    @Test("CMAC on a slot equals the prepared CMAC for messages of every length 0…64")
    func cmacOnSlot() throws {
        var random = SplitMix64(seed: 0xC3AC)
        for backend in Self.backends {
            let slot = AESKeySlot(backend: backend, direction: .encrypt)
            for length in 0...64 {
                let key = random.bytes(16)
                let message = random.bytes(length)
                slot.setKey(key)
                #expect(AESCMAC.mac(message, slot: slot) == (try AESCMAC(key: key, backend: .swift).mac(message)))
            }
        }
    }

    @Test(
        "AN10922 §2.2: master 00112233…EEFF, UID 04782E21801D80, AID 3042F5, system identifier NXP Abu → A8DD63A3…9175")
    func an10922WorkedExample() throws {
        for backend in Self.backends {
            let master = try AESCMAC(key: hex("00112233445566778899AABBCCDDEEFF"), backend: backend)
            let input = hex("04782E21801D80") + hex("3042F5") + Array("NXP Abu".utf8)
            #expect(hex(master.diversify(input)) == "a8dd63a3b89d54b37ca802473fda9175")
        }
    }

    @Test("AN10922 with 31 bytes of input takes K1 without padding: the CMAC of the 32 bytes 01 ‖ input")
    func an10922FullLength() throws {
        var random = SplitMix64(seed: 0xA109)
        let key = random.bytes(16)
        let input = random.bytes(31)
        let master = try AESCMAC(key: key)
        #expect(master.diversify(input) == master.mac([0x01] + input))
        // Shorter input pads to 32 bytes, so it is not the plain CMAC of 01 ‖ input.
        let short = Array(input.prefix(7))
        #expect(master.diversify(short) != master.mac([0x01] + short))
    }
}
