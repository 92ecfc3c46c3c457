#if os(Linux)
    import CoreNFC
    import NDEF
    import TagCatalog
    import TagEmulator
    import TagTransport
    import TagWorkflows
    import TapCardSupport
    import Testing
    import Type2

    @testable import CoreNFCTransport

    /// A tag that acknowledges every WRITE but stores a different byte in page 6: what a failing
    /// EEPROM or a bad clone does. Only a read-back can notice.
    private final class LyingTag: NFCAChannel {
        /// No IDLE state to leave: a fake answers whenever it is asked.
        func reactivate() async throws(ChannelError) {}
        let inner: EmulatedTag
        init(_ inner: EmulatedTag) { self.inner = inner }
        func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
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
                try await sessions.withTransport { transport in
                    (transport.uid, try await Type2Tag(transport: transport).inspect())
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
            await #expect(throws: TagSessionFailure<ChannelError>.operation(.nak(code: 0x0, command: 0xA2))) {
                try await NFCStandInSystem.run(system) {
                    try await sessions.withTransport(.writing) { transport throws(ChannelError) in
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

        // MARK: Passwords (PWD_AUTH, then raw pages, in one connection)

        static let password = Type2Password(bytes: [0x12, 0x34, 0x56, 0x78])!
        static let pack = PasswordAcknowledge(bytes: [0x5E, 0x6F])!

        /// An NTAG213 whose pages 4 on need ``password`` (PACK ``pack``) to be written.
        static func protected(from page: Int = 4, readsToo: Bool = false) async throws -> EmulatedTag {
            let emulated = EmulatedTag(model: .ntag213, uid: sampleUID)
            _ = try await Type2Tag(transport: emulated).protect(
                ProtectionRequest(password: password, acknowledge: pack, firstPage: page, protectsReads: readsToo))
            emulated.present()
            emulated.clearLog()
            return emulated
        }

        static func presented(_ emulated: EmulatedTag) -> StandInTag {
            emulated.present()
            return StandInTag(transport: emulated, uid: emulated.uid, dynamicLockPage: 40)
        }

        static let message = NDEFMessage(URIRecord(uri: "https://example.com/protected").record)

        @Test func errorHundredAfterPWD_AUTHIsTheTagRefusingThePasswordNotALostTag() async throws {
            let emulated = try await Self.protected()
            let before = emulated.memory
            let tag = Self.presented(emulated)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let wrong = try Type2Password.parse("deadbeef")
            do throws(TagSessionFailure<any Error>) {
                _ = try await NFCStandInSystem.run(system) { () async throws(TagSessionFailure<any Error>) in
                    try await sessions.withTransport(.writing) { transport in
                        try await Type2Tag(transport: transport, password: wrong).write(Self.message)
                    }
                }
                Issue.record("a refused password was reported as a write")
            } catch {
                guard case .operation(let failure) = error, let refusal = failure as? PasswordError else {
                    Issue.record("expected the workflow's password refusal, got \(error)")
                    return
                }
                // The tag dropped out after the NAK, so AUTHLIM could not be read: the words say so.
                #expect(refusal == .rejected(password: wrong, authlim: nil, attemptLimit: nil))
                #expect(error.sentence.hasPrefix("The tag did not accept the password given"))
                #expect(error.origin == .tag)
                // The sheet showed the same sentence, not "Tag connection lost".
                #expect(system.transcript.contains(.invalidatedByApp(errorMessage: error.sentence)))
            }
            #expect(tag.errorsReported.first == .readerTransceiveErrorTagConnectionLost)
            #expect(emulated.commandLog.filter { $0.command.first == 0x1B }.count == 1)
            #expect(emulated.commandLog.allSatisfy { $0.command.first != 0xA2 })
            #expect(emulated.memory == before)
        }

        @Test func aProtectedWriteIsPWD_AUTHThenRawPagesInOneSessionNeverWriteNDEF() async throws {
            let emulated = try await Self.protected()
            let tag = Self.presented(emulated)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let report = try await NFCStandInSystem.run(system) {
                try await sessions.withTransport(.writing) { transport in
                    try await Type2Tag(transport: transport, password: Self.password, expectedAcknowledge: Self.pack)
                        .write(Self.message)
                }
            }
            #expect(report.verified)
            let codes = emulated.commandLog.map { $0.command.first ?? 0 }
            // GET_VERSION, PWD_AUTH, then reads and raw WRITEs: the password comes before any write.
            #expect(Array(codes.prefix(2)) == [0x60, 0x1B])
            #expect(codes.contains(0xA2))
            // iOS reported nothing: no writeNDEF after the password, hence no Stack Error.
            #expect(tag.errorsReported.isEmpty)
            #expect(system.transcript.filter { if case .sheetShown = $0 { true } else { false } }.count == 1)
            #expect(system.alertMessages.last == "Done.")
            // A phone reads it back without the password (reads stay free).
            system.script([.present([Self.presented(emulated)])])
            let reading = try await NFCStandInSystem.run(system) { try await sessions.read() }
            let fields = Self.message.records.map {
                NDEFRecordFields(tnf: $0.tnf.rawValue, type: $0.type, id: $0.id, payload: $0.payload)
            }
            #expect(reading.content == .records(fields))
        }

        @Test func onlyErrorHundredRightAfterPWD_AUTHIsTranslated() {
            #expect(PhoneTagTransport.translated(coreNFCCode: 100, command: 0x1B) == .nak(code: 0x0, command: 0x1B))
            #expect(PhoneTagTransport.translated(coreNFCCode: 100, command: 0xA2) == nil)
            #expect(PhoneTagTransport.translated(coreNFCCode: 102, command: 0x1B) == nil)
        }

        @Test func aSessionThatEndsUnderTheWorkIsTheSessionsFailure() async throws {
            let emulated = EmulatedTag(model: .ntag213, uid: sampleUID)
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: emulated, uid: sampleUID)])])
            await #expect(throws: TagSessionFailure<ChannelError>.session(.timedOut(seconds: 60))) {
                try await NFCStandInSystem.run(system) {
                    try await sessions.withTransport { transport throws(ChannelError) in
                        system.advance(seconds: 61)
                        return try await transport.transceive([0x30, 0x04])
                    }
                }
            }
            await #expect(throws: TagSessionFailure<ChannelError>.session(.unsupportedDevice)) {
                try await NFCStandInSystem.run(NFCStandInSystem(readingAvailable: false)) {
                    try await sessions.withTransport { _ throws(ChannelError) in 0 }
                }
            }
        }

        @Test func aScanReadsThePasswordConfiguration() async throws {
            let blank = EmulatedTag(model: .ntag213, uid: sampleUID)
            let writes = try await Self.protected()
            // Only the configuration pages, reads too: the message stays readable, CFG0 does not.
            let reads = try await Self.protected(from: 41, readsToo: true)
            var readings: [TagReading] = []
            for chip in [blank, writes, reads] {
                let system = NFCStandInSystem()
                system.script([.present([Self.presented(chip)])])
                readings.append(try await NFCStandInSystem.run(system) { try await sessions.read() })
            }
            guard case .configuration(let factory) = readings[0].protection,
                case .configuration(let protected) = readings[1].protection
            else {
                Issue.record("expected configurations, got \(readings.map(\.protection))")
                return
            }
            #expect(factory.auth0 == 0xFF)
            #expect(!factory.isProtected)
            #expect(protected.auth0 == 4)
            #expect(!protected.protectsReads)
            #expect(readings[2].content == .empty)
            #expect(readings[2].protection == .notReadable(page: 41))
            #expect(
                TagReading(uid: [], technology: .iso7816, access: .readOnly, reportedCapacity: 0, content: .empty)
                    .protection == .notApplicable)
        }
    }
#endif
