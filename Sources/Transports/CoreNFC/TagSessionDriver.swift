#if canImport(CoreNFC)
    @preconcurrency import CoreNFC
    import Foundation

    /// Runs one `NFCTagReaderSession` (one sheet) for one user action and is its delegate.
    ///
    /// The system keeps only a weak reference to a session: an app that does not hold it sees the
    /// sheet vanish with no callback. The driver holds the session strongly from `begin()` until the
    /// session reports its end, and whoever runs the action holds the driver. Should the driver
    /// still be released early, `deinit` fails the waiting caller with
    /// ``NFCSessionError/sessionReleased`` and records a defect: never a silent hang.
    final class TagSessionDriver: NSObject, NFCTagReaderSessionDelegate, @unchecked Sendable {
        // @unchecked: `session` and `connected` are read and written only on `queue`, the queue the
        // session was created with (CoreNFC calls the delegate there); the rest is immutable or a
        // `SettleOnce`, which locks.
        let queue: DispatchQueue
        let operation: NFCOperation
        let polling: NFCPolling
        let restartDelay: Double
        /// How long to wait for CoreNFC to confirm an ending we asked for.
        let endingGrace: Double
        let defects: DefectLog
        /// The connected tag, or how the session ended before one connected.
        let tagArrived: SettleOnce<ConnectedTag, NFCSessionError>
        /// How the session ended (CoreNFC always reports an ending, even for our own `invalidate()`).
        let ended: SettleOnce<NFCSessionError, Never>
        private var session: NFCTagReaderSession?
        private var connected: ConnectedTag?

        init(
            operation: NFCOperation, polling: NFCPolling, restartDelay: Double, defects: DefectLog,
            endingGrace: Double = 5
        ) {
            self.endingGrace = endingGrace
            self.queue = DispatchQueue(label: "TapCard.NFCSession.\(operation.rawValue)")
            self.operation = operation
            self.polling = polling
            self.restartDelay = restartDelay
            self.defects = defects
            self.tagArrived = SettleOnce("tag detection (\(operation.rawValue))", defects: defects)
            self.ended = SettleOnce("session ending (\(operation.rawValue))", defects: defects)
        }

        deinit {
            let defects = defects
            let operation = operation
            tagArrived.settleIfPending(.failure(.sessionReleased)) {
                defects.record(
                    "the \(operation.rawValue) NFC session was released before it reported a tag or its end.")
            }
            ended.settleIfPending(.success(.sessionReleased))
        }

        /// Creates and starts the session, with the operation's message on the sheet.
        func begin() throws(NFCSessionError) {
            let options = NFCTagReaderSession.PollingOption(rawValue: polling.rawOptions)
            let started = queue.sync { () -> Bool in
                guard let session = NFCTagReaderSession(pollingOption: options, delegate: self, queue: queue) else {
                    return false
                }
                session.alertMessage = operation.holdNearMessage
                self.session = session
                session.begin()
                return true
            }
            if !started { throw .pollingRefused(rawOptions: polling.rawOptions) }
        }

        /// Updates the sheet's message ("can be update dynamically in any thread context as long as
        /// the session is valid"; we still do it on the queue, where the session lives).
        func show(_ message: String) {
            queue.async { [self] in session?.alertMessage = message }
        }

        /// Ends the session with `message` on the sheet and waits for CoreNFC to confirm the ending,
        /// so the next action does not find the system busy.
        func finish(success message: String) async {
            queue.async { [self] in
                session?.alertMessage = message
                session?.invalidate()
            }
            await awaitEnding()
        }

        /// Ends the session showing `error` (unless it already ended, or the user cancelled).
        func finish(failure error: NFCSessionError) async {
            await finish(failureMessage: error.isCancellation ? nil : error.sentence)
        }

        /// Ends the session showing `message` (unless it already ended); `nil`: no error shown.
        func finish(failureMessage message: String?) async {
            queue.async { [self] in
                if !ended.isSettled, let message {
                    session?.invalidate(errorMessage: message)
                } else {
                    session?.invalidate()
                }
            }
            await awaitEnding()
        }

        /// Waits for CoreNFC's `didInvalidateWithError` after our own `invalidate()` (it always
        /// comes, with `UserCanceled`), but never forever: if it has not come after
        /// `endingGrace` seconds the action returns anyway and the silence is logged as a defect.
        private func awaitEnding() async {
            let ended = ended
            let defects = defects
            let operation = operation
            queue.asyncAfter(deadline: .now() + endingGrace) {
                ended.settleIfPending(.success(.sessionReleased)) {
                    defects.record("the \(operation.rawValue) NFC session never reported its end after invalidate().")
                }
            }
            _ = await ended.value()
        }

        func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession) {}

        func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error) {
            let reason = NFCSessionError(code: ConnectedTag.errorCode(error), during: operation)
            // An ending after a tag connected is normal (our own `invalidate()` reports UserCanceled):
            // it must not replace the result, so these are `settleIfPending`, not `settle`.
            tagArrived.settleIfPending(.failure(reason))
            connected?.sessionEnded(reason)
            ended.settleIfPending(.success(reason))
            // "To read new tags, a new session instance is required."
            self.session = nil
        }

        func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag]) {
            guard !tagArrived.isSettled else { return }
            guard tags.count == 1, let tag = tags.first else {
                // Several tags answer at once: say so, give the user a moment, poll again.
                session.alertMessage = NFCOperation.multipleTagsMessage
                queue.asyncAfter(deadline: .now() + restartDelay) { [self] in self.session?.restartPolling() }
                return
            }
            let handle = ConnectedTag(tag: tag, queue: queue, defects: defects)
            handle.session = session
            connected = handle
            session.connect(to: tag) { [self] error in
                if let error {
                    tagArrived.settle(.failure(NFCSessionError(code: ConnectedTag.errorCode(error), during: operation)))
                } else {
                    tagArrived.settle(.success(handle))
                }
            }
        }
    }
#endif
