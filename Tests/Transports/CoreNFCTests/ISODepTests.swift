#if os(Linux)
    import CoreNFC
    import Foundation
    import TagFrames
    import TagTransport
    import Testing

    @testable import CoreNFCTransport

    /// Type 4 on the phone: the stand-in delivers an ISO-DEP tag as iOS does (after SELECTing one of
    /// the app's AIDs), and the adapter's ISO-DEP channel carries APDUs to it with status words as
    /// data (corenfc-api.md §1.7, type4-type5-ntag424.md §4.1).
    @Suite struct ISODepTests {
        let defects = DefectCollector()
        var sessions: CoreNFCTagSessions { CoreNFCTagSessions(defects: defects.log, restartDelaySeconds: 0) }

        /// SELECT of the NDEF Tag Application as iOS sends it: `00 A4 04 00 07 D2760000850101 00`.
        static let discoverySelect: [UInt8] = [0x00, 0xA4, 0x04, 0x00, 0x07] + MiniType4Chip.ndefApplication + [0x00]
        static let selectCC = CommandAPDU(cla: 0x00, ins: 0xA4, p1: 0x00, p2: 0x0C, data: [0xE1, 0x03])
        static let readCC = CommandAPDU(cla: 0x00, ins: 0xB0, p1: 0x00, p2: 0x00, le: 15)
        /// "http://nfcpy.org" (type4-type5-ntag424.md §1.5 V-T4T-1).
        static let nfcpyMessage: [UInt8] = [
            0xD1, 0x01, 0x0A, 0x55, 0x03, 0x6E, 0x66, 0x63, 0x70, 0x79, 0x2E, 0x6F, 0x72, 0x67,
        ]

        @Test func anISODepTagIsDeliveredAsISO7816AfterTheSystemsSelect() async throws {
            let chip = MiniType4Chip()
            let tag = StandInISO7816Tag(channel: chip, uid: sampleUID)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let (technology, aid, channels) = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection in
                    (connection.technology, connection.isoDepChannel?.initialSelectedAID, connection.channels)
                }
            }
            #expect(technology == .iso7816)
            #expect(aid == "D2760000850101")
            #expect(tag.initialSelectedAID == "D2760000850101")
            #expect(channels == [.isoDep])
            #expect(chip.received.first?.bytes == Self.discoverySelect)
            #expect(tag.commandsReceived == 0, "the discovery SELECT is the system's, not the app's")
            #expect(defects.defects.isEmpty)
        }

        @Test func theSystemTriesTheAIDsInOrderAndReportsTheOneThatSelected() async throws {
            let chip = MiniType4Chip()
            let tag = StandInISO7816Tag(channel: chip, uid: sampleUID)
            let system = NFCStandInSystem(iso7816SelectIdentifiers: ["A0000000031010", "d2760000850101"])
            system.script([.present([tag])])
            let aid = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { $0.isoDepChannel?.initialSelectedAID }
            }
            #expect(aid == "D2760000850101")
            #expect(
                chip.received.map(\.data) == [
                    [0xA0, 0x00, 0x00, 0x00, 0x03, 0x10, 0x10], MiniType4Chip.ndefApplication,
                ])
        }

        @Test func noMatchingAIDMeansTheTagIsNeverDelivered() async throws {
            let chip = MiniType4Chip()
            let system = NFCStandInSystem(iso7816SelectIdentifiers: ["A0000000031010"])
            system.script([.present([StandInISO7816Tag(channel: chip, uid: sampleUID)])])
            await #expect(throws: TagSessionFailure<Never>.session(.timedOut(seconds: 60))) {
                try await NFCStandInSystem.run(system) {
                    try await sessions.withConnection { _ in 0 }
                }
            }
            #expect(!system.transcript.contains(.detected(tagCount: 1)))
            #expect(chip.received.map(\.data) == [[0xA0, 0x00, 0x00, 0x00, 0x03, 0x10, 0x10]])
        }

        @Test func apdusRoundTripAndARepeatedSelectIsHarmless() async throws {
            let chip = MiniType4Chip(message: Self.nfcpyMessage)
            let system = NFCStandInSystem()
            system.script([.present([StandInISO7816Tag(channel: chip, uid: sampleUID)])])
            let responses = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection throws(ChannelError) in
                    guard let channel = connection.isoDep else { return [ResponseAPDU]() }
                    var out: [ResponseAPDU] = []
                    for command in [
                        CommandAPDU(cla: 0, ins: 0xA4, p1: 4, p2: 0, data: MiniType4Chip.ndefApplication, le: 256),
                        Self.selectCC, Self.readCC,
                    ] {
                        out.append(try await channel.transmit(command))
                    }
                    return out
                }
            }
            #expect(responses.map(\.status) == [.success, .success, .success])
            #expect(responses[2].data == chip.files[[0xE1, 0x03]])
            #expect(
                Array(chip.received.dropFirst()) == [
                    CommandAPDU(cla: 0, ins: 0xA4, p1: 4, p2: 0, data: MiniType4Chip.ndefApplication, le: 256),
                    Self.selectCC, Self.readCC,
                ])
        }

        @Test func statusWordsComeBackAsData() async throws {
            let system = NFCStandInSystem()
            system.script([.present([StandInISO7816Tag(channel: MiniType4Chip(), uid: sampleUID)])])
            let statuses = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection throws(ChannelError) in
                    guard let channel = connection.isoDep else { return [StatusWord]() }
                    // No file selected yet; then an instruction the chip does not know.
                    let read = try await channel.transmit(Self.readCC)
                    let unknown = try await channel.transmit(CommandAPDU(cla: 0, ins: 0xCA, p1: 0, p2: 0, le: 256))
                    return [read.status, unknown.status]
                }
            }
            #expect(statuses == [.commandNotAllowed, .insNotSupported])
        }

        @Test func aLostTagMidCommandIsTagLostNamingTheAPDU() async throws {
            let tag = StandInISO7816Tag(channel: MiniType4Chip(), uid: sampleUID)
            tag.leaveField(afterCommands: 1)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let outcome = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection -> ChannelError? in
                    guard let channel = connection.isoDep else { return nil }
                    do throws(ChannelError) {
                        _ = try await channel.transmit(Self.selectCC)
                        _ = try await channel.transmit(Self.readCC)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            #expect(outcome == .tagLost(command: Self.readCC.label))
            #expect(
                outcome?.sentence
                    == "The tag left the field during READ BINARY (00 B0 00 00); it may or may not have been carried out."
            )
            #expect(tag.errorsReported == [.readerTransceiveErrorTagConnectionLost])
        }

        @Test func aTagLostUnderTheWorkEndsTheSessionAsTagLost() async throws {
            let tag = StandInISO7816Tag(channel: MiniType4Chip(), uid: sampleUID)
            tag.leaveField(afterCommands: 0)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            await #expect(throws: TagSessionFailure<ChannelError>.session(.tagLost(during: .writing))) {
                try await NFCStandInSystem.run(system) {
                    try await sessions.withConnection(.writing) { connection throws(ChannelError) in
                        _ = try await connection.isoDep?.transmit(Self.selectCC)
                    }
                }
            }
        }

        @Test func selectingAnAIDOutsideInfoPlistIsRefusedByIOS() async throws {
            let chip = MiniType4Chip()
            let system = NFCStandInSystem()
            system.script([.present([StandInISO7816Tag(channel: chip, uid: sampleUID)])])
            let foreign = CommandAPDU(cla: 0, ins: 0xA4, p1: 4, p2: 0, data: [0xA0, 0x00, 0x00, 0x03, 0x96], le: 256)
            let outcome = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection -> ChannelError? in
                    do throws(ChannelError) {
                        _ = try await connection.isoDep?.transmit(foreign)
                        return nil
                    } catch {
                        return error
                    }
                }
            }
            guard case .unsupported(let command, let reason)? = outcome else {
                Issue.record("expected iOS's refusal, got \(String(describing: outcome))")
                return
            }
            #expect(command == foreign.label)
            #expect(reason.contains("select-identifiers"))
            #expect(chip.received.count == 1, "the refused SELECT never reached the tag")
        }

        @Test func aDESFireFamilyMiFareTagCarriesAPDUsThroughSendMiFareISO7816Command() async throws {
            let chip = MiniType4Chip()
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(isoDep: chip, uid: sampleUID, family: .desfire)])])
            let (technology, channels, status) = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection throws(ChannelError) in
                    let select = CommandAPDU(
                        cla: 0, ins: 0xA4, p1: 4, p2: 0, data: MiniType4Chip.ndefApplication, le: 256)
                    return (
                        connection.technology, connection.channels, try await connection.isoDep?.transmit(select).status
                    )
                }
            }
            #expect(technology == .miFare(family: "DESFire"))
            #expect(channels == [.nfcA, .isoDep])
            #expect(status == .success)
            #expect(chip.received.count == 1, "a .miFare tag is delivered without a system SELECT")
        }

        @Test func anUltralightTagOffersNoISODep() async throws {
            let (_, tag) = CoreNFCTagSessionsTests.ntag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let channels = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { $0.channels }
            }
            #expect(channels == [.nfcA])
        }

        // MARK: iOS's own NDEF calls on a Type 4 tag (the stand-in's StandInType4)

        @Test func iOSReadsTheNDEFFileOfAType4Tag() async throws {
            let chip = MiniType4Chip(message: Self.nfcpyMessage, fileSize: 2048)
            let system = NFCStandInSystem()
            system.script([.present([StandInISO7816Tag(channel: chip, uid: sampleUID)])])
            let reading = try await NFCStandInSystem.run(system) { try await sessions.read() }
            #expect(reading.technology == .iso7816)
            #expect(reading.access == .readWrite)
            #expect(reading.reportedCapacity == 2046, "the CC's maximum file size minus NLEN")
            #expect(reading.content == .records([uriRecord(prefix: 0x03, "nfcpy.org")]))
            #expect(reading.version == nil)
        }

        @Test func iOSWritesNLENFirstThenChunksThenNLEN() async throws {
            let chip = MiniType4Chip(mle: 59, mlc: 52)
            let tag = StandInISO7816Tag(channel: chip, uid: sampleUID)
            let record = uriRecord(prefix: 0x04, "example.com/" + String(repeating: "a", count: 100))
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let receipt = try await NFCStandInSystem.run(system) { try await sessions.write([record]) }
            #expect(receipt.verified)
            let message = chip.message
            #expect(receipt.messageBytes == message.count)
            let updates = chip.received.filter { $0.ins == 0xD6 }
            #expect(updates.first?.data == [0x00, 0x00])
            #expect(updates.first.map { [$0.p1, $0.p2] } == [0x00, 0x00])
            #expect(updates.last?.data == [0x00, UInt8(message.count)])
            #expect(updates.dropFirst().dropLast().allSatisfy { $0.data.count <= 52 })
            #expect(updates.count == 2 + (message.count + 51) / 52)
        }

        @Test func aTornIOSWriteLeavesAnEmptyTagNotACorruptOne() async throws {
            let chip = MiniType4Chip(message: Self.nfcpyMessage, mlc: 16)
            let tag = StandInISO7816Tag(channel: chip, uid: sampleUID)
            // Status: SELECT, SELECT CC, READ CC; the write: those 3 again, SELECT E104, NLEN 00 00 and
            // the first of three 16-byte chunks; the second never arrives.
            tag.leaveField(afterCommands: 3 + 3 + 1 + 1 + 1)
            let record = uriRecord(prefix: 0x04, "example.com/a/longer/path/than/sixteen")
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            await #expect(throws: NFCSessionError.tagLost(during: .writing)) {
                try await NFCStandInSystem.run(system) { () async throws(NFCSessionError) in
                    _ = try await sessions.write([record])
                }
            }
            #expect(chip.message.isEmpty)
        }

        /// iOS's `writeLock` answers error 1 (unsupported feature) on a Type 4 tag: the tag's
        /// refusal, never "this device has no NFC" (the phone has just reached the tag).
        @Test func iOSRefusesToLockAType4Tag() async throws {
            let chip = MiniType4Chip(message: Self.nfcpyMessage)
            let system = NFCStandInSystem()
            system.script([.present([StandInISO7816Tag(channel: chip, uid: sampleUID)])])
            await #expect(throws: NFCSessionError.unsupportedByIOS(kind: "ISO 7816 (ISO-DEP)", during: .locking)) {
                try await NFCStandInSystem.run(system) { () async throws(NFCSessionError) in
                    _ = try await sessions.lock(expectedUID: nil)
                }
            }
            #expect(!chip.received.contains { $0.ins == 0xD6 }, "nothing was written")
        }
    }

    /// The stand-in's `NFCISO7816APDU` against ISO/IEC 7816-3 §12.1 and the header's ranges.
    @Suite struct NFCISO7816APDUTests {
        @Test func parsesShortAndExtendedForms() throws {
            let case1 = try #require(NFCISO7816APDU(data: Data([0x00, 0xA4, 0x04, 0x00])))
            #expect(case1.data == nil)
            #expect(case1.expectedResponseLength == -1)
            let case2 = try #require(NFCISO7816APDU(data: Data([0x00, 0xB0, 0x00, 0x00, 0x00])))
            #expect(case2.expectedResponseLength == 256)
            let case3 = try #require(NFCISO7816APDU(data: Data([0x00, 0xA4, 0x00, 0x0C, 0x02, 0xE1, 0x03])))
            #expect(case3.data == Data([0xE1, 0x03]))
            #expect(case3.expectedResponseLength == -1)
            let case4 = try #require(NFCISO7816APDU(data: Data(ISODepTests.discoverySelect)))
            #expect(case4.instructionClass == 0x00)
            #expect(case4.instructionCode == 0xA4)
            #expect(case4.p1Parameter == 0x04)
            #expect(case4.p2Parameter == 0x00)
            #expect(case4.data == Data(MiniType4Chip.ndefApplication))
            #expect(case4.expectedResponseLength == 256)
            let case2E = try #require(NFCISO7816APDU(data: Data([0x00, 0xB0, 0x00, 0x00, 0x00, 0x00, 0x00])))
            #expect(case2E.expectedResponseLength == 65536)
            let case4E = try #require(
                NFCISO7816APDU(data: Data([0x00, 0xD6, 0x00, 0x00, 0x00, 0x00, 0x02, 0xAB, 0xCD, 0x01, 0x00])))
            #expect(case4E.data == Data([0xAB, 0xCD]))
            #expect(case4E.expectedResponseLength == 256)
        }

        @Test func refusesWhatIsNoAPDU() {
            #expect(NFCISO7816APDU(data: Data([0x00, 0xA4, 0x04])) == nil)
            #expect(NFCISO7816APDU(data: Data([0x00, 0xA4, 0x00, 0x0C, 0x03, 0xE1, 0x03])) == nil)
            #expect(NFCISO7816APDU(data: Data([0x00, 0xB0, 0x00, 0x00, 0x00, 0x00])) == nil)
            #expect(NFCISO7816APDU(data: Data([0x00, 0xD6, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01])) == nil)
        }

        @Test func theResponseKeepsApplesInitialiserLabel() {
            let response = NFCISO7816ResponseAPDU(statusWord1: 0x90, statusWord2: 0x00, paylaod: nil)
            #expect(response.payload == nil)
            #expect(response.statusWord1 == 0x90)
        }
    }
#endif
