#if canImport(CoreNFC)
    @preconcurrency import CoreNFC
    import Foundation
    import TagCatalog
    import TagTransport
    import Type2

    /// ``TagSessionService`` over CoreNFC's `NFCTagReaderSession`: one session per user action,
    /// connect → `queryNDEFStatus` → `readNDEF` / `writeNDEF` / `writeLock`, and `sendMiFareCommand`
    /// for GET_VERSION, READ_SIG, the password configuration and TapCard's own raw Type 2 work
    /// (``withTransport(_:_:)``: PWD_AUTH, then raw page commands in the same connection), and
    /// ISO-DEP APDUs for TapCard's own Type 4 work (``withConnection(_:_:)``).
    /// `NFCTagReaderSession` rather than `NFCNDEFReaderSession` because only it reveals the UID.
    public final class CoreNFCTagSessions: TagSessionService {
        public let polling: NFCPolling
        let defects: DefectLog
        let restartDelay: Double
        /// Seconds to wait for CoreNFC to confirm an ending we asked for.
        let endingGrace: Double

        /// - Parameters:
        ///   - polling: ISO 14443 always; ISO 15693 and FeliCa only if asked (``NFCPolling/everyTag``).
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
                if let refusal = tag.crypto1Refusal { throw refusal }
                let (result, message) = try await body(driver, tag)
                await driver.finish(success: message)
                return result
            } catch {
                await driver.finish(failure: error)
                throw error
            }
        }

        /// Runs `body` with the connected tag as a raw Type 2 transport, under one sheet and one
        /// connection (see ``TagSessionService/withTransport(_:_:)``): a password presented with
        /// PWD_AUTH holds for every raw command `body` sends after it. `body` must not call the
        /// NDEF operations (there is no way to from a ``PhoneTagTransport``): iOS fails `writeNDEF`
        /// after PWD_AUTH with a "Stack Error".
        public func withTransport<Result: Sendable, Failure: Error>(
            _ operation: NFCOperation = .reading,
            _ body: (PhoneTagTransport) async throws(Failure) -> Result
        ) async throws(TagSessionFailure<Failure>) -> Result {
            try await withConnectedTag(operation) { tag throws(Failure) in
                try await body(PhoneTagTransport(uid: tag.uid, technology: tag.technology, radio: tag))
            }
        }

        /// Runs `body` with the connected tag as a ``/TagTransport/TagConnection`` offering the
        /// channels its `NFCTag` case allows (``PhoneTagConnection``): NFC-A frames for `.miFare`,
        /// ISO-DEP APDUs for `.iso7816` and DESFire/Plus `.miFare`, ISO 15693 requests for
        /// `.iso15693`, FeliCa commands for `.feliCa`, under one sheet and one
        /// connection (see ``TagSessionService/withConnection(_:_:)``).
        public func withConnection<Result: Sendable, Failure: Error>(
            _ operation: NFCOperation = .reading,
            _ body: (PhoneTagConnection) async throws(Failure) -> Result
        ) async throws(TagSessionFailure<Failure>) -> Result {
            try await withConnectedTag(operation) { tag throws(Failure) in
                try await body(await Self.connection(to: tag))
            }
        }

        /// The connected tag with the channels its `NFCTag` case allows. iOS has no PMm property:
        /// for a FeliCa card one Polling fetches it before the work starts.
        static func connection(to tag: ConnectedTag) async -> PhoneTagConnection {
            if tag.offersFeliCa { await tag.fetchPMm() }
            return PhoneTagConnection(
                uid: tag.uid, technology: tag.technology, initialSelectedAID: tag.initialSelectedAID,
                nfcA: tag.isMiFare ? tag : nil, isoDep: tag.offersISODep ? tag : nil,
                iso15693: tag.iso15693ManufacturerCode != nil ? tag : nil, felica: tag.offersFeliCa ? tag : nil,
                feliCaSystemCode: tag.feliCaSystemCode)
        }

        /// One sheet, one connected tag, `body` run on it; its failure classified (``failure(_:during:sessionEnding:)``)
        /// and shown on the sheet.
        private func withConnectedTag<Result: Sendable, Failure: Error>(
            _ operation: NFCOperation,
            _ body: (ConnectedTag) async throws(Failure) -> Result
        ) async throws(TagSessionFailure<Failure>) -> Result {
            guard readingAvailable else { throw .session(.unsupportedDevice) }
            let driver = TagSessionDriver(
                operation: operation, polling: polling, restartDelay: restartDelay, defects: defects,
                endingGrace: endingGrace)
            do throws(NFCSessionError) { try driver.begin() } catch { throw .session(error) }
            let tag: ConnectedTag
            do throws(NFCSessionError) {
                tag = try await driver.tagArrived.value()
            } catch {
                await driver.finish(failure: error)
                throw .session(error)
            }
            let result: Result
            do throws(Failure) {
                result = try await body(tag)
            } catch {
                throw await Self.ended(by: error, during: operation, tag: tag, driver: driver)
            }
            await driver.finish(success: "Done.")
            return result
        }

        /// Ends the session after TapCard's own work on `tag` threw `error`, with its sentence on
        /// the sheet, and says who failed (``failure(_:during:sessionEnding:)``).
        private static func ended<Failure: Error>(
            by error: Failure, during operation: NFCOperation, tag: ConnectedTag, driver: TagSessionDriver
        ) async -> TagSessionFailure<Failure> {
            var failure = Self.failure(error, during: operation, sessionEnding: tag.endingReason)
            await driver.finish(failureMessage: failure.isCancellation ? nil : failure.sentence)
            // "The session had already ended" (103) may arrive before the ending itself;
            // once the session has confirmed its end, that ending is what happened.
            if case .operation = failure, case .reader(let code, _)? = error as? ChannelError,
                code == CoreNFCErrorCode.sessionInvalidated.rawValue
            {
                failure = .session(await driver.ended.value())
            }
            return failure
        }

        public func read<Driven: Sendable, Failure: Error>(
            driver: (PhoneTagConnection) async throws(Failure) -> Driven?
        ) async throws(TagSessionFailure<Failure>) -> PhoneTagOutcome<Driven, TagReading> {
            try await driverFirst(.reading, driver: driver, iOS: Self.readThroughIOS)
        }

        public func write<Driven: Sendable, Failure: Error>(
            _ records: [NDEFRecordFields], driver: (PhoneTagConnection) async throws(Failure) -> Driven?
        ) async throws(TagSessionFailure<Failure>) -> PhoneTagOutcome<Driven, WriteReceipt> {
            try await driverFirst(.writing, driver: driver) { driver, tag throws(NFCSessionError) in
                try await Self.writeThroughIOS(records, driver, tag)
            }
        }

        public func lock<Driven: Sendable, Failure: Error>(
            expectedUID: [UInt8]?, driver: (PhoneTagConnection) async throws(Failure) -> Driven?
        ) async throws(TagSessionFailure<Failure>) -> PhoneTagOutcome<Driven, LockReceipt> {
            try await driverFirst(.locking, expectedUID: expectedUID, driver: driver, iOS: Self.lockThroughIOS)
        }

        /// One sheet: TapCard's own driver on a tag that offers ISO-DEP, ISO 15693 or FeliCa,
        /// then — when there is no such channel or the driver returned `nil` — iOS's NDEF calls,
        /// in the same connection. A tag other than `expectedUID` is refused before anything is
        /// sent to it.
        private func driverFirst<Driven: Sendable, Receipt: Sendable, Failure: Error>(
            _ operation: NFCOperation, expectedUID: [UInt8]? = nil,
            driver body: (PhoneTagConnection) async throws(Failure) -> Driven?,
            iOS fallback: (TagSessionDriver, ConnectedTag) async throws(NFCSessionError) -> (Receipt, String)
        ) async throws(TagSessionFailure<Failure>) -> PhoneTagOutcome<Driven, Receipt> {
            guard readingAvailable else { throw .session(.unsupportedDevice) }
            let driver = TagSessionDriver(
                operation: operation, polling: polling, restartDelay: restartDelay, defects: defects,
                endingGrace: endingGrace)
            do throws(NFCSessionError) { try driver.begin() } catch { throw .session(error) }
            let tag: ConnectedTag
            do throws(NFCSessionError) {
                tag = try await driver.tagArrived.value()
                if let refusal = tag.crypto1Refusal { throw refusal }
                if let expectedUID, expectedUID != tag.uid {
                    throw .differentTag(expected: expectedUID, found: tag.uid)
                }
            } catch {
                await driver.finish(failure: error)
                throw .session(error)
            }
            if tag.offersISODep || tag.iso15693ManufacturerCode != nil || tag.offersFeliCa {
                let connection = await Self.connection(to: tag)
                let driven: Driven?
                do throws(Failure) {
                    driven = try await body(connection)
                } catch {
                    throw await Self.ended(by: error, during: operation, tag: tag, driver: driver)
                }
                if let driven {
                    await driver.finish(success: "Done.")
                    return .driver(driven)
                }
            }
            do throws(NFCSessionError) {
                let (receipt, message) = try await fallback(driver, tag)
                await driver.finish(success: message)
                return .iOS(receipt)
            } catch {
                await driver.finish(failure: error)
                throw .session(error)
            }
        }

        /// Who failed when `body` threw `error`. A bare transport error (one the work did not
        /// explain in its own terms) is the session's when the session had ended under it (its
        /// ending says what happened: Cancel, the time limit…) or the tag left; anything else — a
        /// refused password, a preflight refusal, a write interrupted with the tag's possible
        /// states — is the work's own.
        static func failure<Failure: Error>(
            _ error: Failure, during operation: NFCOperation, sessionEnding: NFCSessionError?
        ) -> TagSessionFailure<Failure> {
            guard let transport = error as? ChannelError else { return .operation(error) }
            if let sessionEnding { return .session(sessionEnding) }
            if case .tagLost = transport { return .session(.tagLost(during: operation)) }
            return .operation(error)
        }

        public func read() async throws(NFCSessionError) -> TagReading {
            try await run(.reading) { driver, tag throws(NFCSessionError) in try await Self.readThroughIOS(driver, tag)
            }
        }

        /// iOS's own read: `queryNDEFStatus`, `readNDEF`, then GET_VERSION, READ_SIG and the
        /// password configuration where the tag takes MIFARE commands.
        static func readThroughIOS(_ driver: TagSessionDriver, _ tag: ConnectedTag) async throws(NFCSessionError)
            -> (TagReading, String)
        {
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
                version: version, signature: signature, protection: await Self.protection(of: tag, version: version)
            )
            return (reading, Self.doneMessage(for: content))
        }

        /// GET_VERSION, asked after the NDEF work: a chip without it NAKs (or stays silent) and
        /// drops to IDLE, which would break any command after it.
        static func version(of tag: ConnectedTag) async -> [UInt8]? {
            guard tag.isMiFare, let version = try? await tag.transceive([0x60]), version.count == 8 else { return nil }
            return version
        }

        /// CFG0 and CFG1, when GET_VERSION named a chip with a password: one READ from the
        /// configuration page (CFG0, CFG1, then PWD and PACK, which read as zeros). Asked last: a
        /// read-protected tag NAKs it (which iOS may report as a lost connection) and goes idle.
        static func protection(of tag: ConnectedTag, version: [UInt8]?) async -> ProtectionReading {
            guard let version, let model = ChipIdentification.fromVersion(version).model,
                let scheme = PasswordScheme.of(model)
            else { return .notApplicable }
            guard let pages = try? await tag.transceive(Type2Command.read(page: scheme.configPage)), pages.count == 16,
                let configuration = AccessConfiguration(
                    scheme: scheme, cfg0: Array(pages[0..<4]), cfg1: Array(pages[4..<8]))
            else { return .notReadable(page: scheme.configPage) }
            return .configuration(configuration)
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
            try await run(.writing) { driver, tag throws(NFCSessionError) in
                try await Self.writeThroughIOS(records, driver, tag)
            }
        }

        /// iOS's own write: the preflight (`queryNDEFStatus`), `writeNDEF`, and `readNDEF` to verify.
        static func writeThroughIOS(_ records: [NDEFRecordFields], _ driver: TagSessionDriver, _ tag: ConnectedTag)
            async throws(NFCSessionError) -> (WriteReceipt, String)
        {
            let needed = ConnectedTag.messageLength(records)
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

        public func lock(expectedUID: [UInt8]?) async throws(NFCSessionError) -> LockReceipt {
            try await run(.locking) { driver, tag throws(NFCSessionError) in
                if let expectedUID, expectedUID != tag.uid {
                    throw .differentTag(expected: expectedUID, found: tag.uid)
                }
                return try await Self.lockThroughIOS(driver, tag)
            }
        }

        /// iOS's own lock: `queryNDEFStatus`, `writeLock`, and the status again.
        static func lockThroughIOS(_ driver: TagSessionDriver, _ tag: ConnectedTag) async throws(NFCSessionError)
            -> (LockReceipt, String)
        {
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
#endif
