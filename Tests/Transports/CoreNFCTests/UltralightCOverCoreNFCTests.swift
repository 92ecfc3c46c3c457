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

    /// An Ultralight C NAKs GET_VERSION, which sends the chip to IDLE; the driver then asks the
    /// phone to `connect(to:)` again. The stand-in does not wake the chip on that call (whether
    /// iOS re-selects a connected tag is UNVERIFIED, shared/design/multi-technology.md §2.8), so
    /// this wrapper does it after each NAK, as iOS would if it re-selects. It changes no answer.
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

    /// True when the platform's DES runs here (the 3DES authentication needs it).
    private let ultralightCDESAvailable =
        (try? UltralightCAuthentication(key: .factory, rndA: [UInt8](repeating: 0, count: 8))) != nil

    /// A MIFARE Ultralight C guarded from page 4 (reads too) through the phone's NFC-A channel:
    /// the 3DES AUTHENTICATE frames go through `NFCMiFareTag.sendMiFareCommand` like any Type 2
    /// command, so the driver reads the guarded message with the key and not without it.
    @Suite(.enabled(if: ultralightCDESAvailable, "the platform's DES is not usable here"))
    struct UltralightCOverCoreNFCTests {
        let sessions = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)
        static let message = NDEFMessage(records: [.uri("https://example.com/ticket")])

        static func guardedTag() async throws -> EmulatedTag {
            let tag = EmulatedTag(model: .ultralightC, uid: sampleUID)
            _ = try await Type2Tag(transport: tag).write(message)
            _ = try await Type2Tag(transport: tag, declaredModel: .ultralightC, key: .ultralightCFactory)
                .protectWithKey(firstPage: 4, protectsReads: true)
            tag.present()
            return tag
        }

        @Test func theKeyOpensTheGuardedMessageThroughSendMiFareCommand() async throws {
            let emulated = try await Self.guardedTag()
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: ReselectingTag(emulated), uid: sampleUID)])])
            let report = try await NFCStandInSystem.run(system) {
                try await sessions.withTransport { transport in
                    try await Type2Tag(transport: transport, key: .ultralightCFactory).read()
                }
            }
            #expect(report.identification.model == .ultralightC)
            #expect(report.content.message == Self.message)
            #expect(emulated.commandLog.contains { $0.command.first == 0x1A })
        }

        @Test func withoutTheKeyTheGuardedPagesStayShut() async throws {
            let emulated = try await Self.guardedTag()
            let before = emulated.memory
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: ReselectingTag(emulated), uid: sampleUID)])])
            // Reads are guarded from page 4: the read says so (the page, not a raw NAK).
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
