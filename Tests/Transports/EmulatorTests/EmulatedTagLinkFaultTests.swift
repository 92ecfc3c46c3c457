import TagEmulator
import TagTransport
import Testing

/// Faults on the air link: damaged frames and a halted tag.
@Suite struct EmulatedTagLinkFaultTests {
    @Test func damagedFramesAreNAKedWithCodeOneAndNotCarriedOut() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6])
        tag.failCRC(nextFrames: 2)
        await #expect(throws: ChannelError.nak(code: 0x1, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x06, 1, 2, 3, 4])
        }
        try await tag.reactivate()
        await #expect(throws: ChannelError.nak(code: 0x1, command: 0x30)) {
            try await tag.transceive([0x30, 0x06])
        }
        try await tag.reactivate()
        #expect(Array(tag.memory[24..<28]) == [0, 0, 0, 0])
        #expect(try await tag.transceive([0xA2, 0x06, 1, 2, 3, 4]) == [0x0A])
    }

    @Test func haltedTagAnswersNothingUntilWokenOrPresented() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6])
        await #expect(throws: ChannelError.timeout(command: 0x50, milliseconds: 5)) {
            try await tag.transceive([0x50, 0x00])
        }
        await #expect(throws: ChannelError.timeout(command: 0x30, milliseconds: 5)) {
            try await tag.transceive([0x30, 0x00])
        }
        // ISO/IEC 14443-3: WUPA wakes a halted tag (REQA would not).
        try await tag.reactivate()
        #expect(try await tag.transceive([0x30, 0x00]).count == 16)
        await #expect(throws: ChannelError.timeout(command: 0x50, milliseconds: 5)) {
            try await tag.transceive([0x50, 0x00])
        }
        tag.present()
        #expect(try await tag.transceive([0x30, 0x00]).count == 16)
    }

    @Test func aNAKLeavesTheTagMuteUntilItIsSelectedAgain() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6])
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x30)) { try await tag.transceive([0x30, 0xF0]) }
        #expect(tag.isIdle)
        // In IDLE the chip ignores every frame but WUPA/REQA: a READ gets no answer at all.
        await #expect(throws: ChannelError.timeout(command: 0x30, milliseconds: 5)) {
            try await tag.transceive([0x30, 0x00])
        }
        try await tag.reactivate()
        #expect(!tag.isIdle && tag.reactivationCount == 1)
        #expect(try await tag.transceive([0x30, 0x00]).count == 16)
    }

    @Test func ultralightSilenceAlsoLeavesItIdle() async throws {
        let tag = EmulatedTag(model: .ultralight, uid: [0x04, 1, 2, 3, 4, 5, 6])
        await #expect(throws: ChannelError.timeout(command: 0x60, milliseconds: 5)) { try await tag.transceive([0x60]) }
        await #expect(throws: ChannelError.timeout(command: 0x30, milliseconds: 5)) {
            try await tag.transceive([0x30, 0x00])
        }
        try await tag.reactivate()
        #expect(try await tag.transceive([0x30, 0x00]).count == 16)
    }
}
