import Dispatch
import Foundation

/// Stand-in for `NFCNDEFReaderSessionDelegate`. In the real (ObjC) protocol
/// `readerSession(_:didDetect:)` and `readerSessionDidBecomeActive(_:)` are `optional`, and "Presence
/// of the -readerSession:didDetectTags: optional method will change the session behaviour into a
/// read-write session". A Linux protocol cannot have `optional` members (that needs `@objc`), so
/// the stand-in gives them default implementations and replaces "presence" with the explicit
/// switch ``implementsDidDetectTags`` (default `false`). Divergence documented; TapCard's adapter
/// uses `NFCTagReaderSession`, not this class.
public protocol NFCNDEFReaderSessionDelegate: NSObjectProtocol {
    func readerSession(_ session: NFCNDEFReaderSession, didInvalidateWithError error: any Error)
    func readerSession(_ session: NFCNDEFReaderSession, didDetectNDEFs messages: [NFCNDEFMessage])
    func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag])
    func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession)
    /// Stand-in only: `true` when the delegate "implements" `readerSession(_:didDetect:)`.
    var implementsDidDetectTags: Bool { get }
}

extension NFCNDEFReaderSessionDelegate {
    public func readerSession(_ session: NFCNDEFReaderSession, didDetect tags: [any NFCNDEFTag]) {}
    public func readerSessionDidBecomeActive(_ session: NFCNDEFReaderSession) {}
    public var implementsDidDetectTags: Bool { false }
}

/// Stand-in for `NFCNDEFReaderSession`: read-only mode delivers messages through
/// `didDetectNDEFs` and, with `invalidateAfterFirstRead`, ends with `FirstNDEFTagRead` after the
/// first successful read; read-write mode ("does not get invalidate automatically after a
/// successful tag detection") hands out tags and never calls `didDetectNDEFs`.
open class NFCNDEFReaderSession: NFCReaderSession {
    public let invalidateAfterFirstRead: Bool
    private var detected: [StandInTagBase] = []

    public init(delegate: any NFCNDEFReaderSessionDelegate, queue: DispatchQueue?, invalidateAfterFirstRead: Bool) {
        self.invalidateAfterFirstRead = invalidateAfterFirstRead
        super.init(delegate: delegate, queue: queue)
    }

    private var ndefDelegate: (any NFCNDEFReaderSessionDelegate)? {
        delegateReference as? any NFCNDEFReaderSessionDelegate
    }

    override func didBecomeActive() {
        let me = Unchecked(self)
        sessionQueue.async {
            let session = me.value
            session.ndefDelegate?.readerSessionDidBecomeActive(session)
            session.poll()
        }
    }

    private func poll() {
        guard checkTimeLimit() else { return }
        switch system.nextEvent() {
        case .present(let tags):
            guard !tags.isEmpty else { return poll() }
            system.record(.detected(tagCount: tags.count))
            if ndefDelegate?.implementsDidDetectTags == true {
                lock.withLock { detected = tags }
                ndefDelegate?.readerSession(self, didDetect: tags.compactMap { $0 as? any NFCNDEFTag })
                return
            }
            readFirstMessage(from: tags[0])
        case let event:
            handleSessionEvent(event)
        }
    }

    /// The system reads the tag itself in read-only mode.
    private func readFirstMessage(from tag: StandInTagBase) {
        let me = Unchecked(self)
        tag.attach(to: self)
        _ = tag.connect()
        guard let ndef = tag as? any NFCNDEFTag else { return poll() }
        ndef.readNDEF { message, _ in
            let session = me.value
            if let message {
                session.ndefDelegate?.readerSession(session, didDetectNDEFs: [message])
                if session.invalidateAfterFirstRead {
                    session.finish(
                        NFCReaderError(.readerSessionInvalidationErrorFirstNDEFTagRead, message: "First NDEF tag read"),
                        message: nil)
                    return
                }
            }
            // "RF polling restart is done automatically."
            session.poll()
        }
    }

    /// Has an effect only in read-write mode (header text).
    open func restartPolling() {
        guard !isInvalidated, ndefDelegate?.implementsDidDetectTags == true else { return }
        let previous = lock.withLock { () -> [StandInTagBase] in
            defer { detected = [] }
            return detected
        }
        for tag in previous { tag.disconnect() }
        system.record(.restartPolling)
        let me = Unchecked(self)
        sessionQueue.async { me.value.poll() }
    }

    open func connect(to tag: any NFCNDEFTag, completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        var result: NFCReaderError? = NFCReaderError(
            .readerTransceiveErrorTagNotConnected, message: "Tag is not connected")
        if isInvalidated {
            result = NFCReaderError(.readerTransceiveErrorSessionInvalidated, message: "Session invalidated")
        } else if let standIn = tag as? StandInTagBase, lock.withLock({ detected.contains { $0 === standIn } }) {
            for other in lock.withLock({ detected }) where other !== standIn { other.disconnect() }
            standIn.attach(to: self)
            result = standIn.connect()
        }
        let error = Unchecked(result)
        sessionQueue.async { completionHandler(error.value) }
    }

    override func deliverInvalidation(_ error: NFCReaderError) {
        system.record(.invalidated(code: error.code.rawValue))
        ndefDelegate?.readerSession(self, didInvalidateWithError: error)
    }
}
