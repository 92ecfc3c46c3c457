#if os(Linux)
    import CoreNFC
    import NDEF
    import TagCatalog
    import TagEmulator
    import TagTransport
    import TagWorkflows
    import Testing
    import Type2

    @testable import CoreNFCTransport

    /// A read-guarded Ultralight AES NAKs the CFG read before AUTHENTICATE (the SEC_MSG_ACT check)
    /// and a READ from AUTH0, which sends the chip to IDLE; the driver then asks the phone to
    /// `connect(to:)` again. As in the Ultralight C's test, this wrapper wakes the chip after each
    /// NAK, as iOS would if it re-selects (UNVERIFIED, shared/design/multi-technology.md §2.8).
    private final class ReselectingTag: NFCAChannel {
        let inner: EmulatedTag
        init(_ inner: EmulatedTag) { self.inner = inner }
        func reactivate() async throws(ChannelError) { try await inner.reactivate() }
        func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
            do {
                return try await inner.transceive(command)
            } catch {
                if case .nak = error { try? await inner.reactivate() }
                throw error
            }
        }
    }

    /// A MIFARE Ultralight AES guarded from page 4 (reads too) through the phone's NFC-A channel:
    /// GET_VERSION names the chip, and the AES AUTHENTICATE frames go through
    /// `NFCMiFareTag.sendMiFareCommand` like any Type 2 command, so the driver reads the guarded
    /// message with the key and reports the page it was refused from without it.
    @Suite struct UltralightAESOverCoreNFCTests {
        let sessions = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)
        static let message = NDEFMessage(records: [.uri("https://example.com/aes-ticket")])
        static let key = Type2AuthenticationKey(bytes: [UInt8](repeating: 0, count: 16))!

        static func guardedTag() async throws -> EmulatedTag {
            let tag = EmulatedTag(model: .ultralightAES, uid: sampleUID)
            _ = try await Type2Tag(transport: tag).write(message)
            _ = try await Type2Tag(transport: tag, key: key).protectWithKey(firstPage: 4, protectsReads: true)
            tag.present()
            return tag
        }

        @Test func theKeyOpensTheGuardedMessageThroughSendMiFareCommand() async throws {
            let emulated = try await Self.guardedTag()
            emulated.clearLog()
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: ReselectingTag(emulated), uid: sampleUID)])])
            let report = try await NFCStandInSystem.run(system) {
                try await sessions.withTransport { transport in
                    try await Type2Tag(transport: transport, key: Self.key).read()
                }
            }
            #expect(report.identification.model == .ultralightAES)
            #expect(report.content.message == Self.message)
            #expect(emulated.commandLog.contains { $0.command.first == 0x1A })
            #expect(emulated.commandLog.contains { $0.command.first == 0xAF && $0.command.count == 33 })
        }

        @Test func withoutTheKeyTheReadNamesThePage() async throws {
            let emulated = try await Self.guardedTag()
            let before = emulated.memory
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: ReselectingTag(emulated), uid: sampleUID)])])
            let report = try await NFCStandInSystem.run(system) {
                try await sessions.withTransport { transport in try await Type2Tag(transport: transport).read() }
            }
            guard case .passwordProtected(4) = report.content else {
                Issue.record("expected the read to be refused from page 4, got \(report.content)")
                return
            }
            #expect(emulated.memory == before)
        }
    }
#endif
