import TestSupport

#if os(Linux)
    import CoreNFC
    import Dispatch
    import Foundation
    import TagCatalog
    import TagEmulator
    import TagWorkflows
    import Testing
    import Type2

    @testable import CoreNFCTransport

    /// A delegate that writes down what the session tells it, and on which queue.
    private final class Recorder: NSObject, NFCTagReaderSessionDelegate, NFCNDEFReaderSessionDelegate,
        @unchecked Sendable
    {
        static let key = DispatchSpecificKey<String>()
        let lock = NSLock()
        var events: [String] = []
        var offQueueCallbacks = 0
        var tags: [NFCTag] = []
        let ended = SettleOnce<Int, Never>("ended", defects: DefectCollector().log)
        let detected = SettleOnce<Int, Never>("detected", defects: DefectCollector().log)
        let readWrite: Bool

        init(readWrite: Bool = false) { self.readWrite = readWrite }

        private func note(_ event: String) {
            lock.withLock {
                events.append(event)
                if DispatchQueue.getSpecific(key: Self.key) != "session" { offQueueCallbacks += 1 }
            }
        }

        func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession) { note("active") }
        func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error) {
            let code = (error as? NFCReaderError)?.code.rawValue ?? -1
            note("invalidated \(code)")
            ended.settle(.success(code))
        }
        func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag]) {
            note("detected \(tags.count)")
            lock.withLock { self.tags = tags }
            detected.settle(.success(tags.count))
        }

        var implementsDidDetectTags: Bool { readWrite }
        func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error) {
            let code = (error as? NFCReaderError)?.code.rawValue ?? -1
            note("invalidated \(code)")
            ended.settle(.success(code))
        }
        func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage]) {
            note("messages \(messages.map { $0.records.count })")
        }
        func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag]) {
            note("ndef tags \(tags.count)")
            detected.settle(.success(tags.count))
        }
        func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession) { note("active") }

        var log: [String] { lock.withLock { events } }
    }

    private func sessionQueue() -> DispatchQueue {
        let queue = DispatchQueue(label: "test.session")
        queue.setSpecific(key: Recorder.key, value: "session")
        return queue
    }

    private func blankTag() -> (EmulatedTag, StandInTag) {
        let emulated = EmulatedTag(model: .ntag213, uid: sampleUID)
        return (emulated, StandInTag(transport: emulated, uid: sampleUID, dynamicLockPage: 40))
    }

    /// The stand-in reproduces the behaviour the CoreNFC headers describe (reference §1).
    @Suite struct StandInBehaviourTests {
        @Test func pollingOptionsAreValidatedByTheFailableInitializer() {
            let recorder = Recorder()
            #expect(NFCTagReaderSession(pollingOption: [], delegate: recorder) == nil)
            #expect(NFCTagReaderSession(pollingOption: [.pace, .iso14443], delegate: recorder) == nil)
            #expect(NFCTagReaderSession(pollingOption: .init(rawValue: 0x10), delegate: recorder) == nil)
            #expect(NFCTagReaderSession(pollingOption: .pace, delegate: recorder) != nil)
            #expect(NFCTagReaderSession(pollingOption: [.iso14443, .iso15693], delegate: recorder) != nil)
        }

        @Test func feliCaWithoutSystemCodesRefusesToStartWithoutNamingTheOption() async throws {
            let system = NFCStandInSystem(feliCaSystemCodes: [])
            let code = try await NFCStandInSystem.run(system) {
                let recorder = Recorder()
                let session = try #require(
                    NFCTagReaderSession(pollingOption: [.iso14443, .iso18092], delegate: recorder))
                session.begin()
                return await recorder.ended.value()
            }
            #expect(code == NFCReaderError.Code.readerErrorSecurityViolation.rawValue)
        }

        @Test func callbacksArriveOnTheSessionQueue() async throws {
            let (_, tag) = blankTag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try #require(
                    NFCTagReaderSession(pollingOption: .iso14443, delegate: recorder, queue: sessionQueue()))
                session.begin()
                _ = await recorder.detected.value()
                session.invalidate()
                _ = await recorder.ended.value()
            }
            #expect(recorder.log == ["active", "detected 1", "invalidated 200"])
            #expect(recorder.offQueueCallbacks == 0)
        }

        @Test func aSecondSessionFindsTheSystemBusy() async throws {
            let system = NFCStandInSystem()
            system.script([.idle])
            try await NFCStandInSystem.run(system) {
                let first = Recorder()
                let second = Recorder()
                let one = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: first))
                let two = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: second))
                one.begin()
                two.begin()
                #expect(await second.ended.value() == 203)
                #expect(one.isReady)
                one.invalidate()
                #expect(await first.ended.value() == 200)
            }
        }

        @Test func aReleasedSessionVanishesWithoutACallback() async throws {
            let system = NFCStandInSystem()
            system.script([.idle])
            let recorder = Recorder()
            await NFCStandInSystem.run(system) {
                var session = NFCTagReaderSession(pollingOption: .iso14443, delegate: recorder)
                session?.begin()
                #expect(system.hasActiveSession)
                session = nil
                // The queued "became active" block may still hold it for a moment; wait for it to run.
                while system.hasActiveSession { await Task.yield() }
            }
            #expect(system.transcript.contains(.releasedWhileActive))
            #expect(!recorder.ended.isSettled)
        }

        @Test func theSixtySecondLimitInvalidatesWithSessionTimeout() async throws {
            let (_, tag) = blankTag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: recorder))
                session.begin()
                _ = await recorder.detected.value()
                system.advance(seconds: 59)
                #expect(session.isReady)
                system.advance(seconds: 1)
                // The next thing the app does finds the session over.
                let tags = recorder.lock.withLock { recorder.tags }
                let connected = SettleOnce<Int, Never>("connect", defects: DefectCollector().log)
                session.connect(to: tags[0]) { error in
                    connected.settle(.success((error as? NFCReaderError)?.code.rawValue ?? 0))
                }
                #expect(await connected.value() == 103)
                #expect(await recorder.ended.value() == 201)
            }
        }

        @Test func invalidateEndsOnceAndLaterOperationsFail() async throws {
            let (_, tag) = blankTag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: recorder))
                session.begin()
                _ = await recorder.detected.value()
                session.invalidate()
                session.invalidate(errorMessage: "again")
                #expect(await recorder.ended.value() == 200)
                let status = SettleOnce<Int, Never>("status", defects: DefectCollector().log)
                tag.queryNDEFStatus { _, _, error in
                    status.settle(.success((error as? NFCReaderError)?.code.rawValue ?? 0))
                }
                #expect(await status.value() == 103)
            }
            #expect(recorder.log.filter { $0.hasPrefix("invalidated") }.count == 1)
        }

        @Test func aBlankTagReadsAsAnErrorWhileItsStatusSaysReadWrite() async throws {
            let (_, tag) = blankTag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: recorder))
                session.begin()
                _ = await recorder.detected.value()
                let tags = recorder.lock.withLock { recorder.tags }
                let connected = SettleOnce<Bool, Never>("connect", defects: DefectCollector().log)
                session.connect(to: tags[0]) { error in connected.settle(.success(error == nil)) }
                #expect(await connected.value())
                let status = SettleOnce<String, Never>("status", defects: DefectCollector().log)
                tag.queryNDEFStatus { s, capacity, _ in status.settle(.success("\(s.rawValue) \(capacity)")) }
                #expect(await status.value() == "2 137")
                let read = SettleOnce<Int, Never>("read", defects: DefectCollector().log)
                tag.readNDEF { message, error in
                    read.settle(.success(message == nil ? (error as? NFCReaderError)?.code.rawValue ?? 0 : -1))
                }
                #expect(await read.value() == 403)
                session.invalidate()
                _ = await recorder.ended.value()
            }
        }

        @Test func theAsyncTwinsDoWhatTheCompletionHandlersDo() async throws {
            let (_, tag) = blankTag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: recorder))
                session.begin()
                _ = await recorder.detected.value()
                let tags = recorder.lock.withLock { recorder.tags }
                try await session.connect(to: tags[0])
                let (status, capacity) = try await tag.queryNDEFStatus()
                #expect(status == .readWrite && capacity == 137)
                let version = try await tag.sendMiFareCommand(commandPacket: Data([0x60]))
                #expect(version.count == 8)
                do {
                    _ = try await tag.readNDEF()
                    Issue.record("a blank tag read as a message")
                } catch {
                    #expect((error as? NFCReaderError)?.code == .ndefReaderSessionErrorZeroLengthMessage)
                }
                session.invalidate()
                _ = await recorder.ended.value()
            }
        }

        @Test func restartPollingInvalidatesPreviouslyReturnedTags() async throws {
            let (_, tag) = blankTag()
            let (_, other) = blankTag()
            let system = NFCStandInSystem()
            system.script([.present([tag, other]), .idle])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: recorder))
                session.begin()
                #expect(await recorder.detected.value() == 2)
                let tags = recorder.lock.withLock { recorder.tags }
                let connected = SettleOnce<Bool, Never>("connect", defects: DefectCollector().log)
                session.connect(to: tags[0]) { error in connected.settle(.success(error == nil)) }
                #expect(await connected.value())
                #expect(tags[0].isAvailable)
                session.restartPolling()
                #expect(!tags[0].isAvailable)
                session.invalidate()
                _ = await recorder.ended.value()
            }
        }

        @Test func ndefSessionInvalidatesAfterTheFirstRead() async throws {
            let emulated = EmulatedTag(model: .ntag213, uid: sampleUID)
            // 03 05 | D1 01 01 55 00: an empty URI record.
            emulated.memory.replaceSubrange(21..<28, with: [0x03, 0x05, 0xD1, 0x01, 0x01, 0x55, 0x00])
            emulated.memory[28] = 0xFE
            let system = NFCStandInSystem(readerSessionFormats: ["NDEF"])
            system.script([.present([StandInTag(transport: emulated, uid: sampleUID)])])
            let recorder = Recorder()
            await NFCStandInSystem.run(system) {
                let session = NFCNDEFReaderSession(
                    delegate: recorder, queue: sessionQueue(), invalidateAfterFirstRead: true)
                session.begin()
                #expect(await recorder.ended.value() == 204)
            }
            #expect(recorder.log == ["active", "messages [1]", "invalidated 204"])
            #expect(recorder.offQueueCallbacks == 0)
        }

        @Test func aReadWriteNDEFSessionHandsOutTagsAndNoMessages() async throws {
            let (_, tag) = blankTag()
            let system = NFCStandInSystem(readerSessionFormats: ["NDEF"])
            system.script([.present([tag])])
            let recorder = Recorder(readWrite: true)
            await NFCStandInSystem.run(system) {
                let session = NFCNDEFReaderSession(delegate: recorder, queue: nil, invalidateAfterFirstRead: false)
                session.begin()
                #expect(await recorder.detected.value() == 1)
                #expect(session.isReady)
                session.invalidate()
                _ = await recorder.ended.value()
            }
            #expect(!recorder.log.contains { $0.hasPrefix("messages") })
        }

        /// The stand-in's NDEF codec against hand-built bytes (NDEF 1.0 §3.2).
        @Test func messageLengthAndDataRoundTrip() throws {
            // D1 01 0C 55 04 "example.com": MB ME SR, TNF 1, type "U", 12-byte payload.
            let bytes: [UInt8] = [0xD1, 0x01, 0x0C, 0x55, 0x04] + Array("example.com".utf8)
            let message = try #require(NFCNDEFMessage(data: Data(bytes)))
            #expect(message.records.count == 1)
            #expect(message.records[0].typeNameFormat == .nfcWellKnown)
            #expect(message.length == bytes.count)
            #expect(NFCNDEFMessage(data: Data(bytes.dropLast())) == nil)
            #expect(NFCNDEFMessage(data: Data([0x91] + bytes.dropFirst())) == nil)  // ME missing
            var random = SplitMix64(seed: 42)
            for _ in 0..<300 {
                let count = Int(random.next() % 40)
                let junk = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                if let parsed = NFCNDEFMessage(data: Data(junk)) { #expect(parsed.length == junk.count) }
            }
        }
    }

    /// What iOS does with PWD_AUTH (1Bh), reproduced by the stand-in: a NAK comes back as a lost
    /// connection (error 100) and the tag is gone for the rest of the session; `writeNDEF` after an
    /// accepted password fails with a "Stack Error" (401).
    @Suite struct StandInPasswordTests {
        static let password: [UInt8] = [0x12, 0x34, 0x56, 0x78]

        /// An NTAG213 whose pages 4 on need the password 12 34 56 78 (PACK 5E 6F), presented anew.
        static func protectedTag(attempts: Int? = nil) async throws -> (EmulatedTag, StandInTag) {
            let emulated = EmulatedTag(model: .ntag213, uid: sampleUID)
            _ = try await Type2Tag(transport: emulated).protect(
                ProtectionRequest(
                    password: try #require(Type2Password(bytes: password)),
                    acknowledge: try #require(PasswordAcknowledge(bytes: [0x5E, 0x6F])), attempts: attempts))
            return (emulated, presented(emulated))
        }

        static func presented(_ emulated: EmulatedTag) -> StandInTag {
            emulated.present()
            return StandInTag(transport: emulated, uid: emulated.uid, dynamicLockPage: 40)
        }

        /// Starts a tag reader session and connects to the first tag it detects.
        fileprivate static func connect(_ recorder: Recorder) async throws -> NFCTagReaderSession {
            let session = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: recorder))
            session.begin()
            _ = await recorder.detected.value()
            let tags = recorder.lock.withLock { recorder.tags }
            let connected = SettleOnce<Int, Never>("connect", defects: DefectCollector().log)
            session.connect(to: tags[0]) { error in
                connected.settle(.success((error as? NFCReaderError)?.code.rawValue ?? 0))
            }
            #expect(await connected.value() == 0)
            return session
        }

        /// `sendMiFareCommand`: the response and the CoreNFC error code (0: none).
        static func send(_ command: [UInt8], to tag: StandInTag) async -> ([UInt8], Int) {
            let answer = SettleOnce<([UInt8], Int), Never>("sendMiFareCommand", defects: DefectCollector().log)
            tag.sendMiFareCommand(commandPacket: Data(command)) { data, error in
                answer.settle(.success(([UInt8](data), (error as? NFCReaderError)?.code.rawValue ?? 0)))
            }
            return await answer.value()
        }

        @Test func aRefusedPasswordIsALostConnectionAndTheTagStaysGoneForTheSession() async throws {
            let (emulated, tag) = try await Self.protectedTag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try await Self.connect(recorder)
                let before = emulated.commandLog.count
                // The chip NAKs 0h; the app never sees the nibble, only "Tag connection lost".
                let (answer, code) = await Self.send([0x1B, 0xDE, 0xAD, 0xBE, 0xEF], to: tag)
                #expect(answer.isEmpty)
                #expect(code == NFCReaderError.Code.readerTransceiveErrorTagConnectionLost.rawValue)
                #expect(emulated.commandLog.last?.outcome == .nak(0x0))
                #expect(!tag.isAvailable)
                // The tag is gone for this session: nothing more reaches the chip.
                #expect(await Self.send([0x30, 0x04], to: tag).1 == 100)
                #expect(await Self.send([0x1B] + Self.password, to: tag).1 == 100)
                #expect(emulated.commandLog.count == before + 1)
                #expect(tag.errorsReported == Array(repeating: .readerTransceiveErrorTagConnectionLost, count: 3))
                session.invalidate()
                _ = await recorder.ended.value()
            }
        }

        @Test func aTagWhoseAttemptsAreUsedUpLooksTheSameOnThePhone() async throws {
            let (emulated, _) = try await Self.protectedTag(attempts: 1)
            emulated.failedAuthentications = 1
            let tag = Self.presented(emulated)
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try await Self.connect(recorder)
                // Even the right password: the chip NAKs 4h, iOS still says 100.
                #expect(await Self.send([0x1B] + Self.password, to: tag).1 == 100)
                #expect(emulated.commandLog.last?.outcome == .nak(0x4))
                session.invalidate()
                _ = await recorder.ended.value()
            }
        }

        @Test func writeNDEFAfterAnAcceptedPasswordIsAStackErrorAndRawWritesWork() async throws {
            let (emulated, tag) = try await Self.protectedTag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let recorder = Recorder()
            try await NFCStandInSystem.run(system) {
                let session = try await Self.connect(recorder)
                #expect(await Self.send([0x1B] + Self.password, to: tag) == ([0x5E, 0x6F], 0))
                let before = emulated.memory
                let frames = emulated.commandLog.count
                let record = NFCNDEFPayload(
                    format: .nfcWellKnown, type: Data([0x55]), identifier: Data(), payload: Data([0x04, 0x61]))
                let written = SettleOnce<NFCReaderError?, Never>("writeNDEF", defects: DefectCollector().log)
                tag.writeNDEF(NFCNDEFMessage(records: [record])) { error in
                    written.settle(.success(error as? NFCReaderError))
                }
                let error = try #require(await written.value())
                #expect(error.code == .ndefReaderSessionErrorTagUpdateFailure)
                #expect(error.message == "Stack Error")
                #expect(emulated.commandLog.count == frames)
                #expect(emulated.memory == before)
                // Raw page writes in the same connection carry the authentication.
                #expect(await Self.send([0xA2, 0x04, 0x03, 0x00, 0xFE, 0x00], to: tag) == ([0x0A], 0))
                session.invalidate()
                _ = await recorder.ended.value()
            }
        }

        @Test func aNewSessionFindsTheTagAgainAndNeedsThePasswordAgain() async throws {
            let (emulated, first) = try await Self.protectedTag()
            let system = NFCStandInSystem()
            system.script([.present([first])])
            try await NFCStandInSystem.run(system) {
                let recorder = Recorder()
                let session = try await Self.connect(recorder)
                #expect(await Self.send([0x1B, 0, 0, 0, 0], to: first).1 == 100)
                session.invalidate()
                _ = await recorder.ended.value()
            }
            let again = Self.presented(emulated)
            system.script([.present([again])])
            try await NFCStandInSystem.run(system) {
                let recorder = Recorder()
                let session = try await Self.connect(recorder)
                #expect(await Self.send([0x1B] + Self.password, to: again) == ([0x5E, 0x6F], 0))
                session.invalidate()
                _ = await recorder.ended.value()
            }
        }
    }
#endif
