#if canImport(CoreNFC)
    @preconcurrency import CoreNFC
    import Foundation
    import TagTransport

    /// ``TagSessionService`` over CoreNFC's `NFCTagReaderSession`: one session per user action,
    /// connect → `queryNDEFStatus` → `readNDEF` / `writeNDEF` / `writeLock`, and `sendMiFareCommand`
    /// for GET_VERSION and READ_SIG. `NFCTagReaderSession` rather than `NFCNDEFReaderSession`
    /// because only it reveals the UID.
    public final class CoreNFCTagSessions: TagSessionService {
        public let polling: NFCPolling
        let defects: DefectLog
        let restartDelay: Double
        /// Seconds to wait for CoreNFC to confirm an ending we asked for.
        let endingGrace: Double

        /// - Parameters:
        ///   - polling: ISO 14443 always; ISO 15693 only if asked.
        ///   - defects: where defects are recorded (a callback delivered twice…); standard error by default.
        ///   - restartDelaySeconds: the pause before polling again after "more than one tag".
        ///   - endingGraceSeconds: how long to wait for CoreNFC to confirm an ending we asked for.
        public init(
            polling: NFCPolling = NFCPolling(), defects: DefectLog = .standardError, restartDelaySeconds: Double = 0.5,
            endingGraceSeconds: Double = 5
        ) {
            self.endingGrace = endingGraceSeconds
            self.polling = polling
            self.defects = defects
            self.restartDelay = restartDelaySeconds
        }

        public var readingAvailable: Bool { NFCTagReaderSession.readingAvailable }

        /// One sheet: start, wait for one connected tag, run `body`, end with its message.
        private func run<Result: Sendable>(
            _ operation: NFCOperation,
            _ body: (TagSessionDriver, ConnectedTag) async throws(NFCSessionError) -> (Result, String)
        ) async throws(NFCSessionError) -> Result {
            guard readingAvailable else { throw .unsupportedDevice }
            let driver = TagSessionDriver(
                operation: operation, polling: polling, restartDelay: restartDelay, defects: defects,
                endingGrace: endingGrace)
            try driver.begin()
            do throws(NFCSessionError) {
                let tag = try await driver.tagArrived.value()
                let (result, message) = try await body(driver, tag)
                await driver.finish(success: message)
                return result
            } catch {
                await driver.finish(failure: error)
                throw error
            }
        }

        /// Runs `body` with the connected tag as a raw Type 2 transport, under one sheet; a
        /// transport failure in `body` ends the session with its sentence.
        public func withTransport<Result: Sendable>(
            _ operation: NFCOperation = .reading,
            _ body: (PhoneTagTransport) async throws(TransportError) -> Result
        ) async throws(NFCSessionError) -> Result {
            try await run(operation) { _, tag throws(NFCSessionError) in
                do throws(TransportError) {
                    return (try await body(PhoneTagTransport(tag)), "Done.")
                } catch {
                    if case .tagLost = error { throw .tagLost(during: operation) }
                    throw .transport(error, during: operation)
                }
            }
        }

        public func read() async throws(NFCSessionError) -> TagReading {
            try await run(.reading) { driver, tag throws(NFCSessionError) in
                let (access, capacity) = try await tag.status(during: .reading)
                let content: TagContent
                if access == .notFormatted {
                    content = .notFormatted
                } else {
                    do throws(NFCSessionError) {
                        content = .records(try await tag.readRecords(during: .reading))
                    } catch {
                        content = try Self.classifyReadFailure(error)
                    }
                }
                let version = await Self.version(of: tag)
                var signature: [UInt8]? = nil
                if version != nil {
                    signature = try? await tag.transceive([0x3C, 0x00])
                    if signature?.count != 32 { signature = nil }
                }
                let reading = TagReading(
                    uid: tag.uid, technology: tag.technology, access: access, reportedCapacity: capacity,
                    content: content,
                    version: version, signature: signature)
                return (reading, Self.doneMessage(for: content))
            }
        }

        /// GET_VERSION, asked after the NDEF work: a chip without it NAKs (or stays silent) and
        /// drops to IDLE, which would break any command after it.
        static func version(of tag: ConnectedTag) async -> [UInt8]? {
            guard tag.isMiFare, let version = try? await tag.transceive([0x60]), version.count == 8 else { return nil }
            return version
        }

        /// A formatted tag with no message makes `readNDEF` fail (`ZeroLengthMessage`, 403): that is
        /// "empty", not a failure. A tag that answered badly is "unreadable"; a lost tag, timeout or
        /// cancellation ends the action.
        static func classifyReadFailure(_ error: NFCSessionError) throws(NFCSessionError) -> TagContent {
            switch error {
            case .reader(let code, _) where code == CoreNFCErrorCode.zeroLengthMessage.rawValue: return .empty
            case .reader(let code, _) where code == CoreNFCErrorCode.tagResponseError.rawValue:
                return .unreadable(error)
            default: throw error
            }
        }

        static func doneMessage(for content: TagContent) -> String {
            switch content {
            case .empty: "Read. The tag is empty."
            case .records(let records): records.count == 1 ? "Read 1 record." : "Read \(records.count) records."
            case .notFormatted: "Read. The tag is not NDEF formatted."
            case .unreadable: "Read the tag, but not its message."
            }
        }

        public func write(_ records: [NDEFRecordFields]) async throws(NFCSessionError) -> WriteReceipt {
            let needed = ConnectedTag.messageLength(records)
            return try await run(.writing) { driver, tag throws(NFCSessionError) in
                // Preflight, in the same session: nothing is written unless all of it passes.
                let (access, capacity) = try await tag.status(during: .writing)
                switch access {
                case .notFormatted: throw .notNDEFFormatted
                case .readOnly: throw .readOnly
                case .readWrite: break
                }
                guard needed <= capacity else { throw .tooBig(needed: needed, capacity: capacity) }
                driver.show(NFCOperation.writing.workingMessage)
                try await tag.write(records)
                driver.show(NFCOperation.verifying.workingMessage)
                let back: [NDEFRecordFields]
                do throws(NFCSessionError) {
                    back = try await tag.readRecords(during: .verifying)
                } catch {
                    guard case .reader(CoreNFCErrorCode.zeroLengthMessage.rawValue, _) = error else { throw error }
                    back = []
                }
                guard back == records else {
                    throw .verifyMismatch(
                        writtenBytes: needed, readBackBytes: back.isEmpty ? 0 : ConnectedTag.messageLength(back))
                }
                let receipt = WriteReceipt(
                    uid: tag.uid, messageBytes: needed, reportedCapacity: capacity, verified: true,
                    version: await Self.version(of: tag), technology: tag.technology)
                return (receipt, "Written and checked: \(needed) of \(capacity) bytes.")
            }
        }

        public func lock(expectedUID: [UInt8]?) async throws(NFCSessionError) -> LockReceipt {
            try await run(.locking) { driver, tag throws(NFCSessionError) in
                if let expectedUID, expectedUID != tag.uid {
                    throw .differentTag(expected: expectedUID, found: tag.uid)
                }
                let (access, _) = try await tag.status(during: .locking)
                switch access {
                case .notFormatted: throw .notNDEFFormatted
                case .readOnly: throw .readOnly
                case .readWrite: break
                }
                driver.show(NFCOperation.locking.workingMessage)
                try await tag.writeLock()
                let (after, _) = try await tag.status(during: .locking)
                let message =
                    after == .readOnly ? "Locked. The tag is now read-only." : "The tag did not report read-only."
                return (LockReceipt(uid: tag.uid, accessAfter: after), message)
            }
        }
    }
#endif
