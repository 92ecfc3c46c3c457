import TagCatalog
import TagEmulator
import TagTransport
import Testing

/// PWD_AUTH with AUTH0, PROT and AUTHLIM (NTAG213/215/216 datasheet §8.8; MF0ULx1 §8.6).
@Suite struct EmulatedTagPasswordTests {
    static let uid: [UInt8] = [0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06]
    static let password: [UInt8] = [0x12, 0x34, 0x56, 0x78]

    /// NTAG213 with PWD 12345678h, PACK ABCDh, AUTH0 = page 16, ACCESS = `access`.
    private func protectedTag(access: UInt8) async throws -> EmulatedTag {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        _ = try await tag.transceive([0xA2, 0x2B] + Self.password)
        _ = try await tag.transceive([0xA2, 0x2C, 0xAB, 0xCD, 0x00, 0x00])
        _ = try await tag.transceive([0xA2, 0x2A, access, 0x05, 0x00, 0x00])
        _ = try await tag.transceive([0xA2, 0x29, 0x04, 0x00, 0x00, 0x10])  // AUTH0 = 10h
        tag.present()
        return tag
    }

    @Test func writeProtectionNeedsThePassword() async throws {
        let tag = try await protectedTag(access: 0x00)
        #expect(try await tag.transceive([0xA2, 0x0F, 1, 2, 3, 4]) == [0x0A])  // below AUTH0
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x10, 1, 2, 3, 4])
        }
        try await tag.reactivate()
        // Reads stay open (PROT = 0) and PWD/PACK read as zeros.
        let config = try await tag.transceive([0x30, 0x29])
        #expect(Array(config[8..<16]) == [UInt8](repeating: 0, count: 8))
        #expect(try await tag.transceive([0x1B] + Self.password) == [0xAB, 0xCD])
        #expect(tag.isAuthenticated)
        #expect(try await tag.transceive([0xA2, 0x10, 1, 2, 3, 4]) == [0x0A])
    }

    /// With PROT set, a READ or FAST_READ starting at a protected page NAKs; a FAST_READ that only
    /// runs into one NAKs too; a READ that runs into one rolls over at AUTH0 to page 0 (what
    /// Flipper Zero users see on real tags, flipperdevices/flipperzero-firmware#3945).
    @Test func readProtectionNAKsProtectedReadsAndWrapsTheRollIn() async throws {
        let tag = try await protectedTag(access: 0x80)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await tag.transceive([0x30, 0x10]) }
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x3A)) {
            try await tag.transceive([0x3A, 0x10, 0x11])
        }
        try await tag.reactivate()
        tag.memory[64] = 0x99  // page 16
        let crossing = try await tag.transceive([0x30, 0x0E])  // pages 14, 15 readable; 16, 17 not
        #expect(Array(crossing[0..<8]) == Array(tag.memory[56..<64]))
        #expect(Array(crossing[8..<16]) == Array(tag.memory[0..<8]))
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x3A)) {
            try await tag.transceive([0x3A, 0x0E, 0x10])
        }
        try await tag.reactivate()
        _ = try await tag.transceive([0x1B] + Self.password)
        #expect(try await tag.transceive([0x30, 0x10]).first == 0x99)
    }

    @Test func aNAKEndsTheAuthenticatedState() async throws {
        let tag = try await protectedTag(access: 0x00)
        _ = try await tag.transceive([0x1B] + Self.password)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await tag.transceive([0x30, 0xFF]) }
        try await tag.reactivate()
        #expect(!tag.isAuthenticated)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x10, 1, 2, 3, 4])
        }
        try await tag.reactivate()
    }

    @Test func authlimCountsWrongPasswordsThenLocksOut() async throws {
        // NTAG21x: AUTHLIM = 3 allows 3 wrong attempts; then even the right password NAKs 4h.
        let tag = try await protectedTag(access: 0x03)
        for attempt in 1...3 {
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0x1B)) {
                try await tag.transceive([0x1B, 0, 0, 0, 0])
            }
            try await tag.reactivate()
            #expect(tag.failedAuthentications == attempt)
        }
        await #expect(throws: ChannelError.nak(code: 0x4, command: 0x1B)) {
            try await tag.transceive([0x1B] + Self.password)
        }
        try await tag.reactivate()
        #expect(!tag.isAuthenticated)
    }

    @Test func aCorrectPasswordResetsTheFailureCount() async throws {
        let tag = try await protectedTag(access: 0x02)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x1B)) {
            try await tag.transceive([0x1B, 0, 0, 0, 0])
        }
        try await tag.reactivate()
        #expect(tag.failedAuthentications == 1)
        #expect(try await tag.transceive([0x1B] + Self.password) == [0xAB, 0xCD])
        #expect(tag.failedAuthentications == 0)
    }

    @Test func noLimitWhenAuthlimIsZero() async throws {
        let tag = try await protectedTag(access: 0x00)
        for _ in 0..<20 {
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0x1B)) {
                try await tag.transceive([0x1B, 0, 0, 0, 0])
            }
            try await tag.reactivate()
        }
        #expect(tag.failedAuthentications == 0)
        #expect(try await tag.transceive([0x1B] + Self.password) == [0xAB, 0xCD])
    }

    @Test func ultralightEV1AllowsTwoToTheAuthlimAttempts() async throws {
        let tag = EmulatedTag(model: .ultralightEV1_48, uid: Self.uid)
        _ = try await tag.transceive([0xA2, 0x11, 0x02, 0x05, 0x00, 0x00])  // AUTHLIM = 2 → 4 attempts
        for _ in 0..<4 {
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0x1B)) {
                try await tag.transceive([0x1B, 0, 0, 0, 0])
            }
            try await tag.reactivate()
        }
        await #expect(throws: ChannelError.nak(code: 0x4, command: 0x1B)) {
            try await tag.transceive([0x1B, 0xFF, 0xFF, 0xFF, 0xFF])
        }
        try await tag.reactivate()
    }

    @Test func factoryPasswordIsFFFFFFFFWithPACKZero() async throws {
        let tag = EmulatedTag(model: .ntag216, uid: Self.uid)
        #expect(try await tag.transceive([0x1B, 0xFF, 0xFF, 0xFF, 0xFF]) == [0x00, 0x00])
    }

    @Test func passwordProtectedCounter() async throws {
        let tag = try await protectedTag(access: 0x18)  // NFC_CNT_EN | NFC_CNT_PWD_PROT
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x39)) { try await tag.transceive([0x39, 0x02]) }
        try await tag.reactivate()
        _ = try await tag.transceive([0x1B] + Self.password)
        #expect(try await tag.transceive([0x39, 0x02]) == [0, 0, 0])
    }
}
