#if os(Linux)
    import CoreNFC
    import Foundation
    import TagCatalog
    import TagEmulator
    import TagTransport
    import Testing

    @testable import CoreNFCTransport

    /// The adapter against the CoreNFC stand-in, with TapCard's emulator as the tag.
    @Suite struct CoreNFCTagSessionsTests {
        let defects = DefectCollector()
        var sessions: CoreNFCTagSessions { CoreNFCTagSessions(defects: defects.log, restartDelaySeconds: 0) }

        static func ntag(_ model: TagModel = .ntag213, uid: [UInt8] = sampleUID) -> (EmulatedTag, StandInTag) {
            let emulated = EmulatedTag(model: model, uid: uid)
            return (
                emulated, StandInTag(transport: emulated, uid: uid, dynamicLockPage: model.type2Layout?.dynamicLockPage)
            )
        }

        /// A fresh `StandInTag` over the same chip: the tag presented again in a new session.
        static func again(_ emulated: EmulatedTag) -> StandInTag {
            emulated.present()
            return StandInTag(
                transport: emulated, uid: emulated.uid, dynamicLockPage: emulated.model.type2Layout?.dynamicLockPage)
        }

        static func writes(_ emulated: EmulatedTag) -> Int {
            emulated.commandLog.filter { $0.command.first == 0xA2 }.count
        }

        @Test func readsUIDStatusCapacityVersionAndSignatureOfABlankTag() async throws {
            let (emulated, tag) = Self.ntag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let reading = try await NFCStandInSystem.run(system) { try await sessions.read() }
            #expect(reading.uid == sampleUID)
            #expect(reading.technology == .miFare(family: "Ultralight"))
            #expect(reading.access == .readWrite)
            // NTAG213 CC E1 10 12 00: 0x12 × 8 = 144 data bytes, minus the 5-byte Lock Control TLV
            // and the 2-byte NDEF TLV header: 137, the figure TagCatalog derives for the model.
            #expect(reading.reportedCapacity == 137)
            #expect(reading.reportedCapacity == TagModel.ntag213.assumedCapacity.bytes)
            // The factory NTAG213 holds an empty NDEF TLV (03 00): iOS reports a read error, we say empty.
            #expect(reading.content == .empty)
            #expect(reading.version == TagModel.ntag213.type2Layout?.version)
            #expect(reading.signature == emulated.signature)
            #expect(system.alertMessages.first == NFCOperation.reading.holdNearMessage)
            #expect(system.alertMessages.last == "Read. The tag is empty.")
            #expect(!system.hasActiveSession)
            #expect(defects.defects.isEmpty)
        }

        @Test func writesAndVerifiesInOneSessionWithTheExpectedBytes() async throws {
            let (emulated, tag) = Self.ntag()
            let record = uriRecord(prefix: 0x04, "example.com")
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let receipt = try await NFCStandInSystem.run(system) { try await sessions.write([record]) }
            // Header D1 (MB ME SR, TNF 1) + type length + payload length + "U" + 12 payload bytes = 16.
            #expect(
                receipt
                    == WriteReceipt(
                        uid: sampleUID, messageBytes: 16, reportedCapacity: 137, verified: true,
                        version: TagModel.ntag213.type2Layout?.version, technology: .miFare(family: "Ultralight")))
            // NTAG213 data area from page 4: Lock Control TLV 01 03 A0 0C 34, then the NDEF TLV.
            let area = Array(emulated.memory[16..<16 + 24])
            let expected: [UInt8] =
                [0x01, 0x03, 0xA0, 0x0C, 0x34]  // Lock Control TLV, as formatted
                + [0x03, 0x10]  // NDEF TLV, 16 bytes
                + [0xD1, 0x01, 0x0C, 0x55, 0x04] + Array("example.com".utf8)  // the URI record
                + [0xFE]  // Terminator TLV
            #expect(Array(area.prefix(expected.count)) == expected)
            // One sheet for preflight, write and read-back.
            #expect(system.transcript.filter { if case .sheetShown = $0 { true } else { false } }.count == 1)
            #expect(system.alertMessages.first == NFCOperation.writing.holdNearMessage)
            #expect(system.alertMessages.contains(NFCOperation.verifying.workingMessage))
            #expect(system.alertMessages.last == "Written and checked: 16 of 137 bytes.")

            // And it reads back through a new session as the same record.
            system.script([.present([Self.again(emulated)])])
            let reading = try await NFCStandInSystem.run(system) { try await sessions.read() }
            #expect(reading.content == .records([record]))
            #expect(defects.defects.isEmpty)
        }

        @Test func readOnlyTagIsRefusedBeforeAnyWrite() async throws {
            let (emulated, tag) = Self.ntag()
            emulated.makeReadOnly()
            let before = emulated.memory
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            await #expect(throws: NFCSessionError.readOnly) {
                try await NFCStandInSystem.run(system) { try await sessions.write([uriRecord(prefix: 0x04, "a.b")]) }
            }
            #expect(emulated.memory == before)
            #expect(Self.writes(emulated) == 0)
            #expect(system.transcript.contains(.invalidatedByApp(errorMessage: NFCSessionError.readOnly.sentence)))
        }

        @Test func tooSmallTagIsRefusedBeforeWritingAndNothingChanges() async throws {
            let (emulated, tag) = Self.ntag()
            let before = emulated.memory
            // A short record (payload under 256 bytes): header 1 + type length 1 + payload length 1
            // + type "text/plain" 10 + payload 200 = 213 bytes.
            let big = NDEFRecordFields(
                tnf: 0x02, type: Array("text/plain".utf8), payload: [UInt8](repeating: 0x41, count: 200))
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            await #expect(throws: NFCSessionError.tooBig(needed: 213, capacity: 137)) {
                try await NFCStandInSystem.run(system) { try await sessions.write([big]) }
            }
            #expect(emulated.memory == before)
            #expect(Self.writes(emulated) == 0)
        }

        @Test func unformattedTagIsReportedAndNotWritten() async throws {
            let emulated = EmulatedTag(model: .ultralightEV1_48, uid: sampleUID, formatted: false)
            let system = NFCStandInSystem()
            system.script([.present([StandInTag(transport: emulated, uid: sampleUID)])])
            let reading = try await NFCStandInSystem.run(system) { try await sessions.read() }
            #expect(reading.access == .notFormatted)
            #expect(reading.content == .notFormatted)
            #expect(reading.version == TagModel.ultralightEV1_48.type2Layout?.version)
            system.script([.present([StandInTag(transport: emulated, uid: sampleUID)])])
            await #expect(throws: NFCSessionError.notNDEFFormatted) {
                try await NFCStandInSystem.run(system) { try await sessions.write([uriRecord(prefix: 0x04, "a.b")]) }
            }
            #expect(Self.writes(emulated) == 0)
        }

        @Test func locksAndThenRefusesWrites() async throws {
            let (emulated, tag) = Self.ntag()
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let receipt = try await NFCStandInSystem.run(system) { try await sessions.lock(expectedUID: sampleUID) }
            #expect(receipt == LockReceipt(uid: sampleUID, accessAfter: .readOnly))
            #expect(emulated.memory[15] == 0x0F)  // CC access byte: read-only
            #expect(emulated.memory[10] == 0xFF && emulated.memory[11] == 0xFF)  // static lock bytes
            #expect(system.alertMessages.first == NFCOperation.locking.holdNearMessage)
            // The emulator enforces the lock bits: a raw WRITE to a user page is now NAKed.
            await #expect(throws: ChannelError.nak(code: 0x0, command: 0xA2)) {
                try await emulated.transceive([0xA2, 0x05, 1, 2, 3, 4])
            }
            system.script([.present([Self.again(emulated)])])
            await #expect(throws: NFCSessionError.readOnly) {
                try await NFCStandInSystem.run(system) { try await sessions.write([uriRecord(prefix: 0x04, "a.b")]) }
            }
        }

        @Test func lockRefusesATagOtherThanTheConfirmedOne() async throws {
            let (emulated, tag) = Self.ntag()
            let before = emulated.memory
            let system = NFCStandInSystem()
            system.script([.present([tag])])
            let other: [UInt8] = [0x04, 1, 2, 3, 4, 5, 6]
            await #expect(throws: NFCSessionError.differentTag(expected: other, found: sampleUID)) {
                try await NFCStandInSystem.run(system) { try await sessions.lock(expectedUID: other) }
            }
            #expect(emulated.memory == before)
        }

        @Test func multipleTagsShowAnAlertAndPollAgain() async throws {
            let (_, tag) = Self.ntag()
            let (_, intruder) = Self.ntag(uid: [0x04, 9, 9, 9, 9, 9, 9])
            let system = NFCStandInSystem()
            system.script([.present([tag, intruder]), .present([tag])])
            let reading = try await NFCStandInSystem.run(system) { try await sessions.read() }
            #expect(reading.uid == sampleUID)
            #expect(system.alertMessages.contains(NFCOperation.multipleTagsMessage))
            #expect(system.transcript.contains(.restartPolling))
            #expect(system.transcript.contains(.detected(tagCount: 2)))
        }

        @Test func userCancelIsACancellationNotAFailure() async throws {
            let system = NFCStandInSystem()
            system.script([.userCancels])
            do throws(NFCSessionError) {
                _ = try await NFCStandInSystem.run(system) { () async throws(NFCSessionError) in
                    try await sessions.read()
                }
                Issue.record("a cancelled scan returned a reading")
            } catch {
                #expect(error == .cancelled)
                #expect(error.isCancellation)
            }
            #expect(!system.hasActiveSession)
        }

        @Test func timeLimitEndsTheSessionWithItsOwnWords() async throws {
            let system = NFCStandInSystem()  // nobody presents a tag: the 60 seconds pass
            await #expect(throws: NFCSessionError.timedOut(seconds: 60)) {
                try await NFCStandInSystem.run(system) { try await sessions.read() }
            }
            #expect(system.transcript.contains(.invalidated(code: 201)))
        }

        @Test func backgroundingEndsTheSessionUnexpectedly() async throws {
            let system = NFCStandInSystem()
            system.script([.appEntersBackground])
            await #expect(throws: NFCSessionError.endedUnexpectedly) {
                try await NFCStandInSystem.run(system) { try await sessions.read() }
            }
        }

        @Test func deviceWithoutNFCIsRefusedWithoutASession() async throws {
            let system = NFCStandInSystem(readingAvailable: false)
            await #expect(throws: NFCSessionError.unsupportedDevice) {
                try await NFCStandInSystem.run(system) { try await sessions.read() }
            }
            #expect(system.transcript.isEmpty)
        }

        @Test func radioOffAndMissingEntitlementHaveTheirOwnErrors() async throws {
            let radioOff = NFCStandInSystem(radioEnabled: false)
            await #expect(throws: NFCSessionError.radioDisabled) {
                try await NFCStandInSystem.run(radioOff) { try await sessions.read() }
            }
            let unentitled = NFCStandInSystem(readerSessionFormats: ["NDEF"])
            await #expect(throws: NFCSessionError.notEntitled) {
                try await NFCStandInSystem.run(unentitled) { try await sessions.read() }
            }
        }

        /// Another app's session holds the reader: ours is refused with SystemIsBusy.
        @Test func busySystemIsReported() async throws {
            final class Quiet: NSObject, NFCTagReaderSessionDelegate {
                func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession) {}
                func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error) {}
                func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag]) {}
            }
            let system = NFCStandInSystem()
            system.script([.idle])  // the other app's session waits for a tag
            try await NFCStandInSystem.run(system) {
                let delegate = Quiet()
                let other = try #require(NFCTagReaderSession(pollingOption: .iso14443, delegate: delegate))
                other.begin()
                #expect(system.hasActiveSession)
                await #expect(throws: NFCSessionError.systemBusy) { try await sessions.read() }
                #expect(system.transcript.contains(.invalidated(code: 203)))
                other.invalidate()
            }
        }

        /// Cutting the radio after every possible number of commands during a write: the error says
        /// the tag was lost (while writing, or while checking), and the tag then holds the old
        /// message, the new one, or none — never anything else.
        @Test func tagLostAtAnyPointOfAWriteLeavesOldNewOrEmpty() async throws {
            let old = uriRecord(prefix: 0x04, "old.example")
            let new = uriRecord(prefix: 0x04, "a-much-longer-new-address.example/with/a/path")
            var cut = 0
            var sawWritingLoss = false
            while true {
                let (emulated, tag) = Self.ntag()
                let system = NFCStandInSystem()
                system.script([.present([tag])])
                _ = try await NFCStandInSystem.run(system) { try await sessions.write([old]) }

                let torn = Self.again(emulated)
                torn.leaveField(afterCommands: cut)
                system.script([.present([torn])])
                let completed: Bool
                do throws(NFCSessionError) {
                    _ = try await NFCStandInSystem.run(system) { () async throws(NFCSessionError) in
                        try await sessions.write([new])
                    }
                    completed = true
                } catch {
                    completed = false
                    let expected: [NFCSessionError] = [.tagLost(during: .writing), .tagLost(during: .verifying)]
                    #expect(expected.contains(error), "cut after \(cut) commands: \(error)")
                    if error == .tagLost(during: .writing) {
                        sawWritingLoss = true
                        #expect(error.sentence.contains("old message, the new one, or none"))
                    }
                }
                system.script([.present([Self.again(emulated)])])
                let after = try await NFCStandInSystem.run(system) { try await sessions.read() }
                let allowed: [TagContent] = [.records([old]), .records([new]), .empty]
                #expect(allowed.contains(after.content), "cut after \(cut) commands left \(after.content)")
                if completed {
                    #expect(after.content == .records([new]))
                    break
                }
                cut += 1
            }
            #expect(sawWritingLoss)
            #expect(cut > 10)
        }

        /// The session object released before it reported anything: the caller is told, and a defect
        /// is recorded, instead of waiting forever.
        @Test func sessionReleasedEarlyIsDetectedNotSilent() async throws {
            let system = NFCStandInSystem()
            let (_, tag) = Self.ntag()
            system.script([.present([tag])])
            try await NFCStandInSystem.run(system) {
                var driver: TagSessionDriver? = TagSessionDriver(
                    operation: .reading, polling: NFCPolling(), restartDelay: 0, defects: defects.log)
                let arrival = try #require(driver).tagArrived
                // Simulate the bug: nothing holds the driver (and so the session) while waiting.
                driver = nil
                await #expect(throws: NFCSessionError.sessionReleased) { _ = try await arrival.value() }
            }
            #expect(defects.defects.count == 1)
            #expect(defects.defects.first?.contains("released") == true)
        }

        @Test func startedSessionReleasedEarlyVanishesWithoutCallbackButIsDetected() async throws {
            let system = NFCStandInSystem()
            system.script([.idle])
            try await NFCStandInSystem.run(system) {
                var driver: TagSessionDriver? = TagSessionDriver(
                    operation: .writing, polling: NFCPolling(), restartDelay: 0, defects: defects.log)
                try driver?.begin()
                let arrival = try #require(driver).tagArrived
                #expect(system.hasActiveSession)
                driver = nil
                await #expect(throws: NFCSessionError.sessionReleased) { _ = try await arrival.value() }
            }
            #expect(defects.defects.count == 1)
        }

        /// Should CoreNFC ever stay silent after our own `invalidate()`, the action still returns
        /// its result (and the silence is logged), instead of leaving the screen on "Writing…".
        @Test func aSilentEndingDoesNotHangTheAction() async throws {
            let (_, tag) = Self.ntag()
            let system = NFCStandInSystem(reportsAppInvalidation: false)
            system.script([.present([tag])])
            let impatient = CoreNFCTagSessions(defects: defects.log, restartDelaySeconds: 0, endingGraceSeconds: 0.05)
            let reading = try await NFCStandInSystem.run(system) { try await impatient.read() }
            #expect(reading.content == .empty)
            #expect(defects.defects.count == 1)
            #expect(defects.defects.first?.contains("never reported its end") == true)
        }

        /// An ISO 15693 tag is invisible unless the session is configured to poll for it.
        @Test func anISO15693TagIsSeenOnlyWhenConfigured() async throws {
            let uid: [UInt8] = [0xE0, 0x04, 0x01, 0x50, 0x12, 0x34, 0x56, 0x78]
            let system = NFCStandInSystem()
            system.script([.present([StandInISO15693Tag(channel: MiniISO15693Chip(uid: uid))])])
            await #expect(throws: NFCSessionError.timedOut(seconds: 60)) {
                try await NFCStandInSystem.run(system) { try await sessions.read() }
            }
            #expect(!system.transcript.contains(.detected(tagCount: 1)))

            let both = CoreNFCTagSessions(
                polling: NFCPolling(includesISO15693: true), defects: defects.log, restartDelaySeconds: 0)
            system.script([.present([StandInISO15693Tag(channel: MiniISO15693Chip(uid: uid))])])
            let reading = try await NFCStandInSystem.run(system) { try await both.read() }
            #expect(reading.uid == uid)
            #expect(reading.technology == .iso15693(manufacturerCode: 0x04))
            #expect(reading.access == .notFormatted)
            #expect(reading.content == .notFormatted)
            #expect(reading.version == nil && reading.signature == nil)
        }

        @Test func pollingAsksForISO15693AndFeliCaOnlyWhenConfigured() {
            #expect(NFCPolling().rawOptions == NFCTagReaderSession.PollingOption.iso14443.rawValue)
            #expect(
                NFCPolling(includesISO15693: true).rawOptions
                    == NFCTagReaderSession.PollingOption([.iso14443, .iso15693]).rawValue)
            for polling in [NFCPolling(), NFCPolling(includesISO15693: true)] {
                #expect(NFCTagReaderSession.PollingOption(rawValue: polling.rawOptions).contains(.iso18092) == false)
            }
            #expect(
                NFCPolling.everyTag.rawOptions
                    == NFCTagReaderSession.PollingOption([.iso14443, .iso15693, .iso18092]).rawValue)
            #expect(NFCPolling(includesFeliCa: true).rawOptions == 0x5)
        }
    }
#endif
