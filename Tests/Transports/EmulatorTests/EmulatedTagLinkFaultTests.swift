import TagEmulator
import TagTransport
import Testing

/// Faults on the air link: damaged frames and a halted tag.
@Suite struct EmulatedTagLinkFaultTests {
    @Test func damagedFramesAreNAKedWithCodeOneAndNotCarriedOut() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6])
        tag.failCRC(nextFrames: 2)
        await #expect(throws: TransportError.nak(code: 0x1, command: 0xA2)) {
            try await tag.transceive([0xA2, 0x06, 1, 2, 3, 4])
        }
        await #expect(throws: TransportError.nak(code: 0x1, command: 0x30)) {
            try await tag.transceive([0x30, 0x06])
        }
        #expect(Array(tag.memory[24..<28]) == [0, 0, 0, 0])
        #expect(try await tag.transceive([0xA2, 0x06, 1, 2, 3, 4]) == [0x0A])
    }

    @Test func haltedTagAnswersNothingUntilPresented() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6])
        await #expect(throws: TransportError.timeout(command: 0x50, milliseconds: 5)) {
            try await tag.transceive([0x50, 0x00])
        }
        await #expect(throws: TransportError.timeout(command: 0x30, milliseconds: 5)) {
            try await tag.transceive([0x30, 0x00])
        }
        tag.present()
        #expect(try await tag.transceive([0x30, 0x00]).count == 16)
    }
}
