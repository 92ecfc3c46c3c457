#if os(Linux)
    import CoreNFC
    import Foundation
    import TagFrames
    import TagTransport
    import Testing

    @testable import CoreNFCTransport

    /// Type 3 on the phone: the stand-in delivers a FeliCa card only for the Info.plist system codes,
    /// and the adapter's FeliCa channel carries commands through `sendFeliCaCommand` with iOS adding
    /// LEN and CRC (`NFCFeliCaTag.h`).
    @Suite struct FeliCaOverCoreNFCTests {
        let defects = DefectCollector()
        var sessions: CoreNFCTagSessions {
            CoreNFCTagSessions(polling: .everyTag, defects: defects.log, restartDelaySeconds: 0)
        }

        static func polling(_ code: UInt16) -> FeliCaCommand {
            FeliCaCommand(code: 0x00, idm: [], parameters: [UInt8(code >> 8), UInt8(code & 0xFF), 0x00, 0x00])
        }

        @Test func theSystemPollsTheListedCodesInOrderAndSelectsTheFirstTheCardAnswers() async throws {
            let card = MiniFeliCaCard(systemCodes: [0x88B4])
            let tag = StandInFeliCaTag(channel: card)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let detected = try await NFCStandInSystem.run(system) { try await sessions.withConnection { $0.detected } }
            #expect(NFCStandInSystem.appFeliCaSystemCodes == ["12FC", "88B4"])
            #expect([UInt8](tag.currentSystemCode) == [0x88, 0xB4])
            #expect([UInt8](tag.currentIDm) == card.idm)
            #expect(detected == .felica(idm: card.idm, pmm: card.pmm, systemCode: 0x88B4))
            // Discovery: 12FC (no answer), 88B4; then the adapter's one Polling for the PMm.
            #expect(card.received == [Self.polling(0x12FC), Self.polling(0x88B4), Self.polling(0x88B4)])
            #expect(tag.commandsReceived == 1, "the discovery Pollings are the system's")
        }

        @Test func aCardAnsweringBothCodesIsSelectedWithTheFirstListed() async throws {
            let card = MiniFeliCaCard(systemCodes: [0x88B4, 0x12FC])
            let tag = StandInFeliCaTag(channel: card)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let code = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { ($0.felica as? PhoneFeliCaChannel)?.systemCode }
            }
            #expect(code == 0x12FC)
        }

        @Test func aCardWithNoListedSystemIsNeverDelivered() async throws {
            let card = MiniFeliCaCard(systemCodes: [0x0003])
            let system = NFCStandInSystem()
            system.script([.present([StandInFeliCaTag(channel: card)])])
            await #expect(throws: TagSessionFailure<Never>.session(.timedOut(seconds: 60))) {
                try await NFCStandInSystem.run(system) { try await sessions.withConnection { _ in 0 } }
            }
            #expect(!system.transcript.contains(.detected(tagCount: 1)))
            #expect(card.received == [Self.polling(0x12FC), Self.polling(0x88B4)])
        }

        @Test func aFeliCaCardIsUnseenWhenTheSessionDoesNotPollISO18092() async throws {
            let card = MiniFeliCaCard()
            let system = NFCStandInSystem()
            system.script([.present([StandInFeliCaTag(channel: card)])])
            let iso14443Only = CoreNFCTagSessions(defects: defects.log, restartDelaySeconds: 0)
            await #expect(throws: TagSessionFailure<Never>.session(.timedOut(seconds: 60))) {
                try await NFCStandInSystem.run(system) { try await iso14443Only.withConnection { _ in 0 } }
            }
            #expect(card.received.isEmpty)
        }

        @Test func checkAndUpdateRoundTripWithoutLENOrCRCInTheFrames() async throws {
            let card = MiniFeliCaCard()
            let tag = StandInFeliCaTag(channel: card)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let data = [UInt8](repeating: 0x5A, count: 16)
            let check = FeliCaCommand(
                code: 0x06, idm: card.idm, parameters: [0x01, 0x0B, 0x00, 0x02, 0x80, 0x00, 0x80, 0x01])
            let update = FeliCaCommand(
                code: 0x08, idm: card.idm, parameters: [0x01, 0x09, 0x00, 0x01, 0x80, 0x02] + data)
            let (read, written, outOfRange, channels) = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection throws(ChannelError) in
                    guard let channel = connection.felica else { throw .noTag }
                    let read = try await channel.send(check)
                    let written = try await channel.send(update)
                    let bad = try await channel.send(
                        FeliCaCommand(code: 0x06, idm: card.idm, parameters: [0x01, 0x0B, 0x00, 0x01, 0x80, 0x09]))
                    return (read, written, bad, connection.channels)
                }
            }
            #expect(channels == [.felica])
            #expect(
                read == FeliCaResponse(code: 0x07, idm: card.idm, payload: [0, 0, 2] + card.blocks[0] + card.blocks[1]))
            #expect(written == FeliCaResponse(code: 0x09, idm: card.idm, payload: [0, 0]))
            #expect(card.blocks[2] == data)
            #expect(outOfRange.payload == [0xFF, 0xA8], "status flags are data")
            #expect(card.received.suffix(3).map(\.code) == [0x06, 0x08, 0x06])
            #expect(card.received.suffix(3).first == check, "the card gets code, IDm and parameters exactly")
            // What iOS put on the air for the app's Check: LEN (packet length + 1) first.
            let packet = [check.code] + check.idm + check.parameters
            #expect(tag.framesSent.dropFirst().first == [UInt8(packet.count + 1)] + packet)
        }

        @Test func pollingThroughTheChannelUsesIOSPollingAndOnlyListedCodes() async throws {
            let card = MiniFeliCaCard()
            let system = NFCStandInSystem()
            system.script([.present([StandInFeliCaTag(channel: card)])])
            let (answer, refusal) = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { connection throws(ChannelError) in
                    guard let channel = connection.felica else { throw .noTag }
                    let answer = try await channel.send(
                        FeliCaCommand(code: 0x00, idm: [], parameters: [0x88, 0xB4, 0x01, 0x00]))
                    var refusal: ChannelError?
                    do throws(ChannelError) { _ = try await channel.send(Self.polling(0xFE00)) } catch {
                        refusal = error
                    }
                    return (answer, refusal)
                }
            }
            #expect(answer == FeliCaResponse(code: 0x01, idm: card.idm, payload: card.pmm + [0x88, 0xB4]))
            guard case .unsupported(let command, let reason)? = refusal else {
                Issue.record("expected the unlisted system code to be refused, got \(String(describing: refusal))")
                return
            }
            #expect(command == .felica(0x00))
            #expect(reason.contains("felica.systemcodes"))
            #expect(!card.received.contains(Self.polling(0xFE00)), "iOS refuses before sending")
        }

        @Test func typedCheckAndUpdateOnTheStandInSplitBlocksAndReportStatusFlags() async throws {
            let card = MiniFeliCaCard()
            let tag = StandInFeliCaTag(channel: card)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let outcome = try await NFCStandInSystem.run(system) {
                try await sessions.withConnection { _ in
                    let box = Unchecked(tag)
                    let service = [Data([0x0B, 0x00])]
                    let read: (Int, Int, [Data]) = await withCheckedContinuation { continuation in
                        box.value.readWithoutEncryption(serviceCodeList: service, blockList: [Data([0x80, 0x03])]) {
                            sf1, sf2, blocks, _ in continuation.resume(returning: (sf1, sf2, blocks))
                        }
                    }
                    let write: (Int, Int) = await withCheckedContinuation { continuation in
                        box.value.writeWithoutEncryption(
                            serviceCodeList: [Data([0x09, 0x00])], blockList: [Data([0x80, 0x07])],
                            blockData: [Data(repeating: 1, count: 16)]
                        ) { sf1, sf2, _ in continuation.resume(returning: (sf1, sf2)) }
                    }
                    return (read.0, read.1, read.2.map { [UInt8]($0) }, write.0, write.1)
                }
            }
            #expect(outcome.0 == 0 && outcome.1 == 0)
            #expect(outcome.2 == [card.blocks[3]])
            #expect(outcome.3 == 0xFF && outcome.4 == 0xA8)
        }

        @Test func withoutSystemCodesAFeliCaSessionRefusesToStart() async throws {
            let system = NFCStandInSystem(feliCaSystemCodes: [])
            system.script([.present([StandInFeliCaTag(channel: MiniFeliCaCard())])])
            await #expect(throws: TagSessionFailure<Never>.self) {
                try await NFCStandInSystem.run(system) { try await sessions.withConnection { _ in 0 } }
            }
            #expect(
                system.transcript.contains(
                    .invalidated(code: NFCReaderError.Code.readerErrorSecurityViolation.rawValue)))
        }
    }

    /// Carries a non-Sendable stand-in object into a test's continuation.
    struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
#endif
