import Ciphers
import TagCatalog
import TagEmulator
import TagTransport
import TapCardSupport
import Testing

/// MIFARE Ultralight AES (MF0AES(H)20) in the emulator, per peers that cite its datasheet (the
/// Flipper Zero firmware's QA plan and poller, StuStaPay, Proxmark3): AUTHENTICATE against an
/// exchange computed with Python `cryptography`, the reversed key pages, AUTH0/PROT, the key
/// pages' write rule, CFGLCK and SEC_MSG_ACT.
@Suite struct EmulatedUltralightAESTests {
    static let uid: [UInt8] = [0x04, 0x7B, 0xA2, 0xC2, 0x45, 0x13, 0x90]
    static func bytes(_ text: String) -> [UInt8] { (try? Hex.decode(text)) ?? [] }
    static let rndB: [UInt8] = Array(0xB0..<0xC0)
    /// AF ‖ E(RndA ‖ RndB') for key AFAE…A1A0, RndA 10…1F (Python `cryptography`, zero IV).
    static let token = [0xAF] + bytes("59f7372c36cb8cd51e4b6e3a484e0c51c7962aac768c509dc90d9e0e8d9c286c")

    /// A new tag whose pages 30h–33h read A0A1A2A3 … ACADAEAF (the Flipper QA plan's example).
    static func tag() -> EmulatedTag {
        let tag = EmulatedTag(model: .ultralightAES, uid: uid)
        tag.memory.replaceSubrange(0x30 * 4..<0x34 * 4, with: Array(0xA0...0xAF))
        return tag
    }

    static func authenticate(_ tag: EmulatedTag) async throws {
        tag.nextChallenge = rndB
        #expect(try await tag.transceive([0x1A, 0x00]) == [0xAF] + bytes("9c263e2e926d72c3f1822a0fc16a37b7"))
        #expect(try await tag.transceive(token) == [0x00] + bytes("c225ab4839ef1c7c759b20dacf41a5f2"))
    }

    @Test("the key is the key pages reversed: the fixed exchange is answered byte for byte")
    func exchange() async throws {
        let tag = Self.tag()
        try await Self.authenticate(tag)
        #expect(tag.isAuthenticated)
    }

    @Test("a token under another key is NAKed 0h and the tag goes idle, unauthenticated; key 02h is NAKed")
    func wrongToken() async throws {
        let tag = EmulatedTag(model: .ultralightAES, uid: Self.uid)  // all-zero key: the token is wrong
        tag.nextChallenge = Self.rndB
        _ = try await tag.transceive([0x1A, 0x00])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xAF)) { try await tag.transceive(Self.token) }
        #expect(!tag.isAuthenticated && tag.isIdle)
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x1A)) { try await tag.transceive([0x1A, 0x02]) }
    }

    @Test("as shipped: GET_VERSION, CFG 0000003C, ACCESS 8C050000, key pages read as zeros, READ rolls over after 3Bh")
    func factory() async throws {
        let tag = Self.tag()
        #expect(try await tag.transceive([0x60]) == Self.bytes("0004030104000F03"))
        let configuration = try await tag.transceive([0x30, 0x29])
        #expect(Array(configuration[0..<8]) == Self.bytes("0000003C8C050000"))
        #expect(try await tag.transceive([0x30, 0x30]) == [UInt8](repeating: 0, count: 16))
        let end = try await tag.transceive([0x30, 0x3A])
        #expect(Array(end[8..<16]) == Array(tag.memory[0..<8]))
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await tag.transceive([0x30, 0x3C]) }
        // No FAST_READ modelled: NAKed as an unknown command.
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x3A)) {
            try await tag.transceive([0x3A, 0x00, 0x03])
        }
    }

    @Test("AUTH0 10h with PROT: READ and WRITE from 10h NAK until authenticated; PROT 0 frees the reads")
    func guardHonoured() async throws {
        let tag = Self.tag()
        _ = try await tag.transceive([0xA2, 0x29, 0x00, 0x00, 0x00, 0x10])
        tag.present()
        _ = try await tag.transceive([0x30, 0x0F])
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await tag.transceive([0x30, 0x10]) }
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x10, 1, 2, 3, 4])
        }
        try await tag.reactivate()
        // A READ below AUTH0 rolls over at it: pages 0Eh, 0Fh, 00h, 01h.
        let rolled = try await tag.transceive([0x30, 0x0E])
        #expect(Array(rolled[8..<16]) == Array(tag.memory[0..<8]))
        try await Self.authenticate(tag)
        #expect(try await tag.transceive([0xA2, 0x10, 1, 2, 3, 4]) == [0x0A])
        #expect(Array(try await tag.transceive([0x30, 0x10])[0..<4]) == [1, 2, 3, 4])
        // PROT cleared: reads free, writes still guarded.
        _ = try await tag.transceive([0xA2, 0x2A, 0x0C, 0x05, 0x00, 0x00])
        tag.present()
        #expect(Array(try await tag.transceive([0x30, 0x10])[0..<4]) == [1, 2, 3, 4])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x10, 9, 9, 9, 9])
        }
    }

    @Test("key pages take writes only while AUTH0 guards nothing; a new key counts from the next reset")
    func keyPagesWriteRule() async throws {
        let tag = Self.tag()
        _ = try await tag.transceive([0xA2, 0x29, 0x00, 0x00, 0x00, 0x3B])
        tag.present()
        try await Self.authenticate(tag)
        await #expect(throws: ChannelError.self) { try await tag.transceive([0xA2, 0x30, 0, 0, 0, 0]) }
        #expect(Array(tag.memory[0x30 * 4..<0x30 * 4 + 4]) == [0xA0, 0xA1, 0xA2, 0xA3])
        tag.present()
        try await Self.authenticate(tag)
        _ = try await tag.transceive([0xA2, 0x29, 0x00, 0x00, 0x00, 0x3C])
        for page: UInt8 in 0x30...0x33 { #expect(try await tag.transceive([0xA2, page, 0, 0, 0, 0]) == [0x0A]) }
        // Still the old key in this session (assumed, as the Ultralight C's §7.5.7) …
        try await Self.authenticate(tag)
        // … and the all-zero key after a reset.
        tag.present()
        tag.nextChallenge = Self.rndB
        let challenge = try await tag.transceive([0x1A, 0x00])
        let zero = try AES128(key: [UInt8](repeating: 0, count: 16))
        #expect(Array(challenge[1...]) == (try zero.encryptCBC(Self.rndB, iv: [UInt8](repeating: 0, count: 16))))
        // The reserved pages 38h–3Bh take no write (assumed).
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x38, 1, 1, 1, 1])
        }
    }

    @Test("CFGLCK freezes CFG and ACCESS; SEC_MSG_ACT makes every plain command after authentication a NAK")
    func lockAndSecureMessaging() async throws {
        let locked = Self.tag()
        _ = try await locked.transceive([0xA2, 0x2A, 0xCC, 0x05, 0x00, 0x00])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await locked.transceive([0xA2, 0x29, 0x00, 0x00, 0x00, 0x04])
        }
        let secure = Self.tag()
        _ = try await secure.transceive([0xA2, 0x29, 0x02, 0x00, 0x00, 0x3C])
        secure.present()
        _ = try await secure.transceive([0x30, 0x04])
        try await Self.authenticate(secure)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await secure.transceive([0x30, 0x04]) }
    }
}
