import TagCatalog
import TagEmulator
import TagTransport
import Testing

/// Each command's answer bytes against the NTAG213/215/216 and MF0ULx1 datasheets.
@Suite struct EmulatedTagCommandTests {
    static let uid: [UInt8] = [0x04, 0x5E, 0xC8, 0xBA, 0x07, 0x4F, 0x81]

    @Test func factoryNTAG213PagesZeroToSeven() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        let first = try await tag.transceive([0x30, 0x00])
        #expect(
            first == [
                0x04, 0x5E, 0xC8, 0x1A,  // UID0-2, BCC0 = 88 ⊕ 04 ⊕ 5E ⊕ C8 = 1A (as on the real tag)
                0xBA, 0x07, 0x4F, 0x81,  // UID3-6
                0x73, 0x48, 0x00, 0x00,  // BCC1 = BA ⊕ 07 ⊕ 4F ⊕ 81 = 73, internal 48, lock bytes 00 00
                0xE1, 0x10, 0x12, 0x00,  // CC: magic, version 1.0, 0x12 × 8 = 144 bytes, read/write
            ])
        let data = try await tag.transceive([0x30, 0x04])
        // Lock Control TLV 01 03 A0 0C 34, empty NDEF TLV 03 00, Terminator FE, then zeros.
        #expect(data == [0x01, 0x03, 0xA0, 0x0C, 0x34, 0x03, 0x00, 0xFE] + [UInt8](repeating: 0, count: 8))
        #expect(tag.uid == Self.uid)
    }

    @Test func factoryNTAG215And216StartWithAnEmptyNDEFTLV() async throws {
        for (model, cc) in [
            (TagModel.ntag215, [0xE1, 0x10, 0x3E, 0x00] as [UInt8]), (.ntag216, [0xE1, 0x10, 0x6D, 0x00]),
        ] {
            let tag = EmulatedTag(model: model, uid: Self.uid)
            let data = try await tag.transceive([0x30, 0x03])
            #expect(Array(data[0..<4]) == cc)
            #expect(Array(data[4..<8]) == [0x03, 0x00, 0xFE, 0x00])
        }
    }

    @Test func unformattedVariantHasABlankCCAndDataArea() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid, formatted: false)
        let data = try await tag.transceive([0x30, 0x03])
        #expect(data == [UInt8](repeating: 0, count: 16))
    }

    @Test func getVersionAnswersTheDatasheetBytes() async throws {
        let expected: [(TagModel, [UInt8])] = [
            (.ntag213, [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03]),
            (.ntag215, [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03]),
            (.ntag216, [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x13, 0x03]),
            (.ultralightEV1_48, [0x00, 0x04, 0x03, 0x01, 0x01, 0x00, 0x0B, 0x03]),
        ]
        for (model, version) in expected {
            let tag = EmulatedTag(model: model, uid: Self.uid)
            #expect(try await tag.transceive([0x60]) == version)
        }
    }

    @Test func ultralightDoesNotAnswerGetVersion() async throws {
        let tag = EmulatedTag(model: .ultralight, uid: Self.uid)
        await #expect(throws: ChannelError.timeout(command: 0x60, milliseconds: 5)) {
            try await tag.transceive([0x60])
        }
        try await tag.reactivate()
        // It still reads.
        #expect(try await tag.transceive([0x30, 0x00]).count == 16)
    }

    @Test func readRollsOverToPageZeroAtTheEndOfMemory() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        // Page 44 (2Ch, PACK) then pages 0, 1, 2: "if address is 2Ch, pages 2Ch, 00h, 01h, 02h".
        let data = try await tag.transceive([0x30, 0x2C])
        #expect(Array(data[0..<4]) == [0, 0, 0, 0])
        #expect(Array(data[4..<16]) == Array(tag.memory[0..<12]))
        let ultralight = EmulatedTag(model: .ultralight, uid: Self.uid)
        let wrapped = try await ultralight.transceive([0x30, 0x0E])
        #expect(Array(wrapped[8..<16]) == Array(ultralight.memory[0..<8]))
    }

    @Test func readBeyondTheLastPageNAKsInvalidArgument() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) {
            try await tag.transceive([0x30, 0x2D])
        }
        try await tag.reactivate()
        let big = EmulatedTag(model: .ntag216, uid: Self.uid)
        #expect(try await big.transceive([0x30, 0xE6]).count == 16)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) {
            try await big.transceive([0x30, 0xE7])
        }
        try await big.reactivate()
    }

    @Test func fastReadReturnsTheRangeAndRejectsBadRanges() async throws {
        let tag = EmulatedTag(model: .ntag215, uid: Self.uid)
        let all = try await tag.transceive([0x3A, 0x00, 0x86])
        #expect(all.count == 135 * 4)
        // PWD (page 133) reads as zeros although the EEPROM holds FF FF FF FF.
        #expect(Array(all[133 * 4..<134 * 4]) == [0, 0, 0, 0])
        #expect(Array(tag.memory[133 * 4..<134 * 4]) == [0xFF, 0xFF, 0xFF, 0xFF])
        #expect(Array(all[0..<131 * 4]) == Array(tag.memory[0..<131 * 4]))
        for bad: [UInt8] in [[0x3A, 0x05, 0x04], [0x3A, 0x00, 0x87]] {
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0x3A)) {
                try await tag.transceive(bad)
            }
            try await tag.reactivate()
        }
    }

    @Test func writeStoresFourBytesAndAcks() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        #expect(try await tag.transceive([0xA2, 0x05, 0xDE, 0xAD, 0xBE, 0xEF]) == [0x0A])
        #expect(Array(tag.memory[20..<24]) == [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(tag.commandLog.last?.pagesProgrammed == [5])
    }

    @Test func writeOutsideTheWritableRangeNAKs() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        for page: UInt8 in [0x00, 0x01, 0x2D, 0xFF] {
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
                try await tag.transceive([0xA2, page, 1, 2, 3, 4])
            }
            try await tag.reactivate()
        }
        #expect(tag.uid == Self.uid)
    }

    @Test func compatibilityWriteTakesTwoFramesAndWritesTheFirstFourBytes() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        #expect(try await tag.transceive([0xA0, 0x06]) == [0x0A])
        #expect(Array(tag.memory[24..<28]) == [0, 0, 0, 0])
        let data: [UInt8] = [0x11, 0x22, 0x33, 0x44] + [UInt8](repeating: 0x99, count: 12)
        #expect(try await tag.transceive(data) == [0x0A])
        #expect(Array(tag.memory[24..<32]) == [0x11, 0x22, 0x33, 0x44, 0, 0, 0, 0])
    }

    @Test func uidPagesIgnoreWritesAndLockBytesAreORed() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        _ = try await tag.transceive([0xA2, 0x02, 0x00, 0x00, 0x10, 0x00])  // L4
        _ = try await tag.transceive([0xA2, 0x02, 0xFF, 0xFF, 0x00, 0x01])  // L8; BCC1/internal untouched
        #expect(Array(tag.memory[8..<12]) == [0x73, 0x48, 0x10, 0x01])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x04, 1, 2, 3, 4])
        }
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x08, 1, 2, 3, 4])
        }
        try await tag.reactivate()
        #expect(try await tag.transceive([0xA2, 0x05, 1, 2, 3, 4]) == [0x0A])
    }

    @Test func blockLockingBitsFreezeTheirLockBits() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        // BL9-4 (bit 1) set first: L4–L9 can no longer be set; BL15-10 still free.
        _ = try await tag.transceive([0xA2, 0x02, 0, 0, 0x02, 0x00])
        _ = try await tag.transceive([0xA2, 0x02, 0, 0, 0xF0, 0xFF])
        #expect(tag.memory[10] == 0x02)  // L4–L7 refused
        #expect(tag.memory[11] == 0xFC)  // L8–L9 refused, L10–L15 set
        #expect(try await tag.transceive([0xA2, 0x04, 1, 2, 3, 4]) == [0x0A])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x0A, 1, 2, 3, 4])
        }
        try await tag.reactivate()
    }

    @Test func capabilityContainerIsOneTimeProgrammable() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid, formatted: false)
        _ = try await tag.transceive([0xA2, 0x03, 0xE1, 0x10, 0x12, 0x00])
        #expect(Array(tag.memory[12..<16]) == [0xE1, 0x10, 0x12, 0x00])
        // Clearing bits does nothing; setting more bits ORs them in.
        #expect(try await tag.transceive([0xA2, 0x03, 0x00, 0x00, 0x00, 0x0F]) == [0x0A])
        #expect(Array(tag.memory[12..<16]) == [0xE1, 0x10, 0x12, 0x0F])
        // Once L-CC is set the CC cannot be written at all.
        _ = try await tag.transceive([0xA2, 0x02, 0, 0, 0x08, 0])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x03, 0xFF, 0xFF, 0xFF, 0xFF])
        }
        try await tag.reactivate()
    }

    @Test func dynamicLockBitsLockTwoPagesEachOnNTAG213() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        // NXP: dynamic lock bytes [03 00 00] lock pages 16–19.
        _ = try await tag.transceive([0xA2, 0x28, 0x03, 0x00, 0x00, 0x00])
        #expect(Array(tag.memory[160..<164]) == [0x03, 0x00, 0x00, 0xBD])  // RFUI byte kept
        for page: UInt8 in 16...19 {
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
                try await tag.transceive([0xA2, page, 1, 2, 3, 4])
            }
            try await tag.reactivate()
        }
        #expect(try await tag.transceive([0xA2, 20, 1, 2, 3, 4]) == [0x0A])
        // Block-locking bit 0 freezes lock bits 0–1 only; [00 00 3F] sets BL bits, locks nothing.
        _ = try await tag.transceive([0xA2, 0x28, 0x00, 0x00, 0x3F, 0x00])
        _ = try await tag.transceive([0xA2, 0x28, 0xFF, 0x0F, 0x00, 0x00])
        #expect(Array(tag.memory[160..<163]) == [0x03, 0x00, 0x3F])
    }

    @Test func dynamicLockBitsLockSixteenPagesEachOnNTAG216() async throws {
        let tag = EmulatedTag(model: .ntag216, uid: Self.uid)
        _ = try await tag.transceive([0xA2, 0xE2, 0x00, 0x20, 0x00, 0x00])  // bit 13: pages 224–239
        for page: UInt8 in [224, 225] {
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
                try await tag.transceive([0xA2, page, 1, 2, 3, 4])
            }
            try await tag.reactivate()
        }
        #expect(try await tag.transceive([0xA2, 223, 1, 2, 3, 4]) == [0x0A])
    }

    @Test func readSignatureReturnsTheStoredSignature() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        #expect(try await tag.transceive([0x3C, 0x00]) == [UInt8](repeating: 0, count: 32))
        tag.signature = (0..<32).map { UInt8($0) }
        #expect(try await tag.transceive([0x3C, 0x00]) == (0..<32).map { UInt8($0) })
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x3C)) {
            try await tag.transceive([0x3C, 0x01])
        }
        try await tag.reactivate()
    }

    @Test func nfcCounterCountsTheFirstReadOfEachSessionWhenEnabled() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        #expect(try await tag.transceive([0x39, 0x02]) == [0, 0, 0])
        _ = try await tag.transceive([0x30, 0x04])
        #expect(try await tag.transceive([0x39, 0x02]) == [0, 0, 0])  // NFC_CNT_EN is off on delivery
        _ = try await tag.transceive([0xA2, 0x2A, 0x10, 0x05, 0x00, 0x00])  // ACCESS.NFC_CNT_EN
        tag.present()
        _ = try await tag.transceive([0x30, 0x04])
        _ = try await tag.transceive([0x3A, 0x04, 0x08])
        #expect(try await tag.transceive([0x39, 0x02]) == [1, 0, 0])
        tag.present()
        _ = try await tag.transceive([0x3A, 0x04, 0x04])
        #expect(try await tag.transceive([0x39, 0x02]) == [2, 0, 0])
        tag.counters[0] = 0x0102FF
        #expect(try await tag.transceive([0x39, 0x02]) == [0xFF, 0x02, 0x01])  // 24-bit, LSB first
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x39)) {
            try await tag.transceive([0x39, 0x00])
        }
        try await tag.reactivate()
    }

    @Test func ultralightEV1HasThreeIncrementableCounters() async throws {
        let tag = EmulatedTag(model: .ultralightEV1_48, uid: Self.uid)
        #expect(try await tag.transceive([0xA5, 0x01, 0x05, 0x01, 0x00, 0x00]) == [0x0A])
        #expect(try await tag.transceive([0x39, 0x01]) == [0x05, 0x01, 0x00])
        #expect(try await tag.transceive([0x39, 0x00]) == [0, 0, 0])
        #expect(try await tag.transceive([0x3E, 0x02]) == [0xBD])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x39)) {
            try await tag.transceive([0x39, 0x03])
        }
        try await tag.reactivate()
    }

    @Test func configurationLockFreezesCFG0AndCFG1ButNotThePassword() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        _ = try await tag.transceive([0xA2, 0x2A, 0x40, 0x05, 0x00, 0x00])  // CFGLCK
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x29, 0x04, 0x00, 0x00, 0x04])
        }
        try await tag.reactivate()
        #expect(try await tag.transceive([0xA2, 0x2B, 1, 2, 3, 4]) == [0x0A])
    }

    @Test func unknownCommandsAndMalformedFrames() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x77)) {
            try await tag.transceive([0x77])
        }
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) {
            try await tag.transceive([0x30])
        }
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x00)) {
            try await tag.transceive([])
        }
        try await tag.reactivate()
    }

    @Test func makeReadOnlyRefusesEveryUserPageWrite() async throws {
        for model in [TagModel.ntag213, .ntag215, .ntag216, .ultralight, .ultralightEV1_48] {
            let tag = EmulatedTag(model: model, uid: Self.uid)
            tag.makeReadOnly()
            let layout = try #require(model.type2Layout)
            for page in layout.userPages {
                await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
                    try await tag.transceive([0xA2, UInt8(page), 1, 2, 3, 4])
                }
                try await tag.reactivate()
            }
        }
    }
}
