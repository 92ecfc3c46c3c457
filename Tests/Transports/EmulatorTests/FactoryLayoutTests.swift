import TagCatalog
import TagEmulator
import TagTransport
import Testing

/// Every emulated model as it leaves the factory, against TagModel.type2Layout.
@Suite struct FactoryLayoutTests {
    static let uid: [UInt8] = [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6]

    @Test(arguments: EmulatedTag.supportedModels)
    func factoryImageFollowsTheLayout(model: TagModel) async throws {
        let layout = try #require(model.type2Layout)
        let tag = EmulatedTag(model: model, uid: Self.uid)
        #expect(tag.memory.count == layout.totalBytes)
        // BCC0 = 88 ⊕ 04 ⊕ A1 ⊕ B2 = 9F, BCC1 = C3 ⊕ D4 ⊕ E5 ⊕ F6 = 04.
        #expect(Array(tag.memory[0..<12]) == [0x04, 0xA1, 0xB2, 0x9F, 0xC3, 0xD4, 0xE5, 0xF6, 0x04, 0x48, 0x00, 0x00])
        let cc = Array(tag.memory[12..<16])
        #expect(cc[0] == 0xE1 && cc[1] == 0x10)
        // The CC's data area never exceeds the user memory.
        #expect(Int(cc[2]) * 8 <= layout.userMemoryBytes)
        if layout.factoryCC[0] == 0xE1 { #expect(cc == layout.factoryCC) }
        // Every readable page reads; the page after the last NAKs. Ultralight C's READ stops at 2Bh:
        // its key pages 2Ch–2Fh can never be read (MF0ICU2 §7.5.7).
        let last = UInt8(model == .ultralightC ? 0x2B : layout.totalPages - 1)
        #expect(try await tag.transceive([0x30, last]).count == 16)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) {
            try await tag.transceive([0x30, last + 1])
        }
        try await tag.reactivate()
        // Every user page takes a write.
        for page in layout.userPages {
            #expect(try await tag.transceive([0xA2, UInt8(page), 0xC0, 0xFF, 0xEE, UInt8(page)]) == [0x0A])
        }
        // GET_VERSION where the chip has it.
        if let version = layout.version {
            #expect(try await tag.transceive([0x60]) == version)
        }
        // Configuration pages: AUTH0 = FFh (nothing protected), PWD FFFFFFFFh stored, read as zeros.
        if let config = layout.configPage {
            #expect(tag.memory[config * 4 + 3] == 0xFF)
            #expect(Array(tag.memory[(config + 2) * 4..<(config + 3) * 4]) == [0xFF, 0xFF, 0xFF, 0xFF])
            let read = try await tag.transceive([0x30, UInt8(config)])
            #expect(Array(read[8..<16]) == [UInt8](repeating: 0, count: 8))
        }
    }

    @Test(arguments: EmulatedTag.supportedModels)
    func unformattedImageIsBlankFromPageThree(model: TagModel) throws {
        let layout = try #require(model.type2Layout)
        let tag = EmulatedTag(model: model, uid: Self.uid, formatted: false)
        #expect(tag.memory[12..<(layout.userPages.upperBound + 1) * 4].allSatisfy { $0 == 0 })
    }

    @Test func unsupportedModelsAreNamed() {
        #expect(throws: EmulatorError.unsupportedModel(.ntagI2C1k)) { try EmulatedTag.check(model: .ntagI2C1k) }
        #expect(throws: EmulatorError.uidLength(4)) { try EmulatedTag.check(uid: [4, 1, 2, 3]) }
        #expect(throws: EmulatorError.imageSize(bytes: 100, expected: 180, model: .ntag213)) {
            try EmulatedTag.check(image: [UInt8](repeating: 0, count: 100), model: .ntag213)
        }
    }

    @Test func randomUIDsStartWithNXPsManufacturerByte() {
        for _ in 0..<20 {
            let tag = EmulatedTag(model: .ntag216)
            #expect(tag.uid[0] == 0x04)
            #expect(tag.memory[3] == 0x88 ^ tag.memory[0] ^ tag.memory[1] ^ tag.memory[2])
            #expect(tag.memory[8] == tag.memory[4] ^ tag.memory[5] ^ tag.memory[6] ^ tag.memory[7])
        }
    }
}
