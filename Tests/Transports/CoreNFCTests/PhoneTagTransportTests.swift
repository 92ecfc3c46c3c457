#if os(Linux)
    import CoreNFC
    import TagCatalog
    import TagEmulator
    import TagTransport
    import TagWorkflows
    import Testing

    @testable import CoreNFCTransport

    /// A tag that acknowledges every WRITE but stores a different byte in page 6: what a failing
    /// EEPROM or a bad clone does. Only a read-back can notice.
    private final class LyingTag: TagTransport {
        let inner: EmulatedTag
        init(_ inner: EmulatedTag) { self.inner = inner }
        func transceive(_ command: [UInt8]) async throws(TransportError) -> [UInt8] {
            var frame = command
            if frame.count == 6, frame[0] == 0xA2, frame[1] == 6 { frame[5] ^= 0x20 }
            return try await inner.transceive(frame)
        }
    }

    @Suite struct PhoneTagTransportTests {
        let sessions = CoreNFCTagSessions(defects: DefectLog { _ in }, restartDelaySeconds: 0)

        /// TapCard's own Type 2 inspection gives the same answer through the phone's
        /// `sendMiFareCommand` as straight on the chip.
        @Test func theEnginesInspectionAgreesThroughThePhone() async throws {
            let emulated = EmulatedTag(model: .ntag215, uid: sampleUID)
            let direct = try await Type2Tag(transport: emulated).inspect()
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: emulated, uid: sampleUID)])])
            let (uid, phone) = try await NFCStandInSystem.run(system) {
                try await sessions.withTransport { transport throws(TransportError) in
                    do {
                        return (transport.uid, try await Type2Tag(transport: transport).inspect())
                    } catch let error as TransportError {
                        throw error
                    } catch {
                        throw TransportError.reader(code: -1, message: "\(error)")
                    }
                }
            }
            #expect(uid == sampleUID)
            #expect(phone.identification == direct.identification)
            #expect(phone.snapshot == direct.snapshot)
            #expect(phone.content == direct.content)
            #expect(phone.capacity == direct.capacity)
            #expect(phone.model == .ntag215)
        }

        @Test func aNAKComesBackAsTheTagsRefusal() async throws {
            let emulated = EmulatedTag(model: .ntag213, uid: sampleUID)
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: emulated, uid: sampleUID)])])
            // Page 0 holds the UID: the chip NAKs 0h (invalid argument).
            await #expect(throws: NFCSessionError.transport(.nak(code: 0x0, command: 0xA2), during: .writing)) {
                try await NFCStandInSystem.run(system) {
                    try await sessions.withTransport(.writing) { transport throws(TransportError) in
                        try await transport.transceive([0xA2, 0x00, 1, 2, 3, 4])
                    }
                }
            }
            #expect(
                system.transcript.contains { if case .invalidatedByApp(errorMessage: _?) = $0 { true } else { false } })
        }

        @Test func aWriteThatDoesNotReadBackIsAMismatchNotASuccess() async throws {
            let emulated = EmulatedTag(model: .ntag213, uid: sampleUID)
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: LyingTag(emulated), uid: sampleUID)])])
            let record = uriRecord(prefix: 0x04, "example.com/a/longer/path")
            do throws(NFCSessionError) {
                _ = try await NFCStandInSystem.run(system) { () async throws(NFCSessionError) in
                    try await sessions.write([record])
                }
                Issue.record("a corrupted write was reported as verified")
            } catch {
                guard case .verifyMismatch(let written, _) = error else {
                    Issue.record("expected a mismatch, got \(error)")
                    return
                }
                #expect(written == ConnectedTag.messageLength([record]))
                #expect(error.origin == .tag)
            }
        }

        @Test func aWornOutChipsWriteFailureKeepsItsCoreNFCCode() async throws {
            let emulated = EmulatedTag(model: .ntag213, uid: sampleUID)
            emulated.failWrites(nak: 0x5)
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: emulated, uid: sampleUID)])])
            await #expect(throws: NFCSessionError.reader(code: 401, during: .writing)) {
                try await NFCStandInSystem.run(system) { try await sessions.write([uriRecord(prefix: 0x04, "a.b")]) }
            }
        }
    }
#endif
