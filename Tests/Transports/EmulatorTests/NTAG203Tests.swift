import TagCatalog
import TagEmulator
import TagTransport
import Testing

/// NTAG203 (datasheet Rev. 3.0): no GET_VERSION, 4-page dynamic lock bits, the page-41 counter.
@Suite struct NTAG203Tests {
    static let uid: [UInt8] = [0x04, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06]

    @Test func factoryContentHasItsLockControlTLV() async throws {
        let tag = EmulatedTag(model: .ntag203, uid: Self.uid)
        let data = try await tag.transceive([0x30, 0x03])
        // CC E1 10 12 00; Lock Control TLV: lock bytes at page 40 (A0), 16 bits (10), 4 pages per
        // bit and 16-byte pages (44); empty NDEF TLV; Terminator.
        #expect(data == [0xE1, 0x10, 0x12, 0x00, 0x01, 0x03, 0xA0, 0x10, 0x44, 0x03, 0x00, 0xFE, 0, 0, 0, 0])
    }

    @Test func getVersionIsNAKedSoReadersFallBack() async throws {
        let tag = EmulatedTag(model: .ntag203, uid: Self.uid)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x60)) { try await tag.transceive([0x60]) }
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x3C)) { try await tag.transceive([0x3C, 0x00]) }
        try await tag.reactivate()
        #expect(try await tag.transceive([0x30, 0x29]).count == 16)  // page 41, then 0, 1, 2
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await tag.transceive([0x30, 0x2A]) }
        try await tag.reactivate()
    }

    @Test func dynamicLockBitsLockFourPagesAndBlockBitsFreezeThree() async throws {
        let tag = EmulatedTag(model: .ntag203, uid: Self.uid)
        // Bit 1: pages 20–23; bit 3: block-locks bits 0–2 (so bit 2 can no longer be set).
        _ = try await tag.transceive([0xA2, 0x28, 0x0A, 0x00, 0x00, 0x00])
        _ = try await tag.transceive([0xA2, 0x28, 0x15, 0x00, 0x00, 0x00])
        #expect(Array(tag.memory[160..<164]) == [0x1A, 0x00, 0x00, 0x00])  // bit 0, 2 refused; bit 4 set
        for page: UInt8 in [20, 23, 28, 31] {
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
                try await tag.transceive([0xA2, page, 1, 2, 3, 4])
            }
            try await tag.reactivate()
        }
        for page: UInt8 in [16, 19, 24, 27, 32] {
            #expect(try await tag.transceive([0xA2, page, 1, 2, 3, 4]) == [0x0A])
        }
    }

    @Test func counterTakesAFirstValueThenSmallIncrements() async throws {
        let tag = EmulatedTag(model: .ntag203, uid: Self.uid)
        #expect(try await tag.transceive([0xA2, 0x29, 0x34, 0x12, 0x00, 0x00]) == [0x0A])
        #expect(Array(tag.memory[164..<166]) == [0x34, 0x12])
        #expect(try await tag.transceive([0xA2, 0x29, 0x0F, 0x00, 0x00, 0x00]) == [0x0A])
        #expect(Array(tag.memory[164..<166]) == [0x43, 0x12])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x29, 0x10, 0x00, 0x00, 0x00])
        }
        try await tag.reactivate()
        tag.memory[164] = 0xFE
        tag.memory[165] = 0xFF
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x29, 0x02, 0x00, 0x00, 0x00])
        }
        try await tag.reactivate()
        // Lock bit "counter page 41" (byte 1, bit 1) makes it read-only.
        _ = try await tag.transceive([0xA2, 0x28, 0x00, 0x02, 0x00, 0x00])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x29, 0x01, 0x00, 0x00, 0x00])
        }
        try await tag.reactivate()
    }
}
