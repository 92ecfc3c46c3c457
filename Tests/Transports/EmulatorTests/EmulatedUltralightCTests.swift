import Ciphers
import TagCatalog
import TagEmulator
import TagTransport
import Testing

/// MIFARE Ultralight C (MF0ICU2) in the emulator: AUTHENTICATE byte for byte against the
/// datasheet's worked example (§7.5.6), AUTH0/AUTH1 (§7.5.8), the write-only key pages and READ's
/// roll-over (§9.2), and a new key counting only after the next reset (§7.5.7).
@Suite(.enabled(if: TripleDES.isAvailable, "the platform's DES is not usable here"))
struct EmulatedUltralightCTests {
    static let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]
    static let rndB: [UInt8] = [0x51, 0xE7, 0x64, 0x60, 0x26, 0x78, 0xDF, 0x2B]
    /// AF ‖ ek(RndA ‖ RndB') from the datasheet's example, RndA = A8AF3B256C75ED40.
    static let token: [UInt8] = [
        0xAF, 0x0A, 0x63, 0x85, 0x59, 0xFC, 0x77, 0x37, 0xF9, 0xF1, 0x5D, 0x78, 0x62, 0xEB, 0xBE, 0x96, 0x7A,
    ]

    static func authenticate(_ tag: EmulatedTag) async throws {
        tag.nextChallenge = rndB
        #expect(try await tag.transceive([0x1A, 0x00]) == [0xAF, 0x57, 0x72, 0x93, 0xFD, 0x2F, 0x34, 0xCA, 0x51])
        #expect(try await tag.transceive(token) == [0x00, 0x3B, 0x88, 0x4F, 0xA0, 0x7C, 0x13, 0x7C, 0xE1])
    }

    @Test("the datasheet's worked authentication, answered byte for byte by a factory tag")
    func datasheetExchange() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        try await Self.authenticate(tag)
        #expect(tag.isAuthenticated)
    }

    @Test("a token under another key is NAKed 0h and the tag goes idle, unauthenticated")
    func wrongToken() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        tag.nextChallenge = Self.rndB
        _ = try await tag.transceive([0x1A, 0x00])
        var forged = Self.token
        forged[16] ^= 0x01
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xAF)) { try await tag.transceive(forged) }
        #expect(!tag.isAuthenticated && tag.isIdle)
        // AF without a challenge first is refused too.
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xAF)) { try await tag.transceive(Self.token) }
    }

    @Test("factory pages: AUTH0 30h, the key never readable, READ rolls over after 2Bh")
    func factoryAndRollOver() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        let pages = try await tag.transceive([0x30, 0x29])
        // MF0ICU2 §9.2: "reading from address 29h … results in pages 29h, 2Ah, 2Bh and 00h".
        #expect(Array(pages[4..<8]) == [0x30, 0x00, 0x00, 0x00])
        #expect(Array(pages[12..<16]) == Array(tag.memory[0..<4]))
        #expect(Array(tag.memory[0x2C * 4..<0x30 * 4]) == Array("BREAKMEIFYOUCAN!".utf8))
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await tag.transceive([0x30, 0x2C]) }
    }

    /// Sets AUTH1 then AUTH0 and resets the field.
    static func protect(_ tag: EmulatedTag, auth0: UInt8, auth1: UInt8) async throws {
        _ = try await tag.transceive([0xA2, 0x2B, auth1, 0, 0, 0])
        _ = try await tag.transceive([0xA2, 0x2A, auth0, 0, 0, 0])
        tag.present()
    }

    @Test("AUTH1 bit 0 set: writes from AUTH0 need the key, reads stay free")
    func writeProtection() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        try await Self.protect(tag, auth0: 0x10, auth1: 0x01)
        #expect(try await tag.transceive([0xA2, 0x0F, 1, 2, 3, 4]) == [0x0A])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x10, 1, 2, 3, 4])
        }
        try await tag.reactivate()
        #expect(try await tag.transceive([0x30, 0x10]).count == 16)
        try await Self.authenticate(tag)
        #expect(try await tag.transceive([0xA2, 0x10, 1, 2, 3, 4]) == [0x0A])
    }

    @Test("AUTH1 bit 0 clear: reads from AUTH0 NAK, and a READ below rolls over before AUTH0")
    func readProtection() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        try await Self.protect(tag, auth0: 0x10, auth1: 0x00)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await tag.transceive([0x30, 0x10]) }
        try await tag.reactivate()
        let rolled = try await tag.transceive([0x30, 0x0E])
        #expect(Array(rolled[8..<16]) == Array(tag.memory[0..<8]))
        try await Self.authenticate(tag)
        #expect(try await tag.transceive([0x30, 0x10]) == Array(tag.memory[0x40..<0x50]))
    }

    @Test("a new key counts only after the next reset")
    func newKeyAfterReset() async throws {
        let tag = EmulatedTag(model: .ultralightC, uid: Self.uid)
        for (page, bytes) in zip(
            0x2C..., [[7, 6, 5, 4], [3, 2, 1, 0], [15, 14, 13, 12], [11, 10, 9, 8]] as [[UInt8]])
        {
            _ = try await tag.transceive([0xA2, UInt8(page)] + bytes)
        }
        // Same session: the factory key still answers the datasheet's exchange.
        try await Self.authenticate(tag)
        tag.present()
        tag.nextChallenge = Self.rndB
        let challenge = try await tag.transceive([0x1A, 0x00])
        #expect(challenge != [0xAF, 0x57, 0x72, 0x93, 0xFD, 0x2F, 0x34, 0xCA, 0x51])
        // ek(RndB) under the key 00 01 … 0F, checked with the platform's DES.
        let des = try TripleDES(key: Array(0..<16))
        #expect(Array(challenge[1...]) == (try des.encryptCBC(Self.rndB, iv: [0, 0, 0, 0, 0, 0, 0, 0])))
    }
}
