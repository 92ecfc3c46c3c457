import TagCatalog
import TagEmulator
import TagTransport
import TagWorkflows
import Testing

/// A Type 2 chip that refuses the GET_VERSION probe (NTAG203 NAKs it, MIFARE Ultralight stays
/// silent) drops to IDLE and answers nothing until it is selected again. Identification must
/// survive that: the workflow re-activates the tag, then reads the CC. NTAG203's CC is also a
/// formatted Ultralight C's, so the workflow tries AUTHENTICATE (`1A 00`) once more: NTAG203 NAKs
/// it (a second re-activation), an Ultralight C answers its challenge and is named.

@Suite struct IdentifyAfterIdleTests {
    static let uid: [UInt8] = [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66]

    @Test(arguments: [TagModel.ntag203, .ultralight, .ultralightC])
    func identificationSurvivesTheMuteTag(model: TagModel) async throws {
        let tag = EmulatedTag(model: model, uid: Self.uid)
        let workflow = Type2Tag(transport: tag)
        let identification = try await workflow.identify()
        #expect(identification.model == model)
        let reactivations = model == .ntag203 ? 2 : 1
        #expect(tag.reactivationCount == reactivations)
        #expect(workflow.reactivations == reactivations)
        // And the whole read works after it.
        let report = try await workflow.read()
        // Both are emulated NDEF-formatted: an empty message.
        #expect(report.content == .empty)
    }

    @Test func withoutReactivationTheTagWouldStayMute() async throws {
        let tag = EmulatedTag(model: .ntag203, uid: Self.uid)
        await #expect(throws: ChannelError.nak(code: 0x0, command: 0x60)) { try await tag.transceive([0x60]) }
        await #expect(throws: ChannelError.timeout(command: 0x30, milliseconds: 5)) {
            try await tag.transceive([0x30, 0x00])
        }
    }

    @Test func aProtectedReadProbeReactivatesAndKeepsGoing() async throws {
        // NTAG213 with PROT set from page 10: the FAST_READ probe NAKs, the tag goes IDLE, and the
        // workflow narrows the refusal after waking it each time.
        let tag = EmulatedTag(model: .ntag213, uid: Self.uid)
        tag.memory[41 * 4 + 3] = 10
        tag.memory[42 * 4] |= 0x80
        let workflow = Type2Tag(transport: tag)
        let inspection = try await workflow.inspect()
        #expect(inspection.snapshot.readRefusedFromPage == 10)
        #expect(tag.reactivationCount >= 1)
        #expect(tag.reactivationCount == workflow.reactivations)
    }
}
