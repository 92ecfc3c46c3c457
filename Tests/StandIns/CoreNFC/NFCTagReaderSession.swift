import Dispatch
import Foundation

/// Stand-in for the Swift overlay's `NFCTagReaderSessionDelegate` (iOS 13): all three methods are
/// plain requirements there, no `optional`.
public protocol NFCTagReaderSessionDelegate: NSObjectProtocol {
    func tagReaderSessionDidBecomeActive(_ session: NFCTagReaderSession)
    func tagReaderSession(_ session: NFCTagReaderSession, didInvalidateWithError error: any Error)
    func tagReaderSession(_ session: NFCTagReaderSession, didDetect tags: [NFCTag])
}

/// Stand-in for `NFCTagReaderSession` (iOS 13), the session that reveals UIDs.
///
/// Polling options are validated as the framework does: the failable initializer refuses an
/// empty set, unknown bits, and `.pace` combined with anything ("exclusive value that cannot be
/// combine with other NFCPollingOption values"); asking for `.iso18092` (FeliCa) without the
/// Info.plist system codes makes `begin()` fail with `SecurityViolation` ("Missing required
/// entitlement" — it does not name the option; exact code UNVERIFIED). An ISO 15693 tag in the
/// field is only seen when `.iso15693` is polled, a FeliCa card only when `.iso18092` is and it
/// answered Polling for one of the app's system codes (``StandInFeliCaTag``); an ISO 7816 tag only
/// after the system's SELECT of one of the app's AIDs succeeded (``StandInISO7816Tag``).
open class NFCTagReaderSession: NFCReaderSession {
    public struct PollingOption: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let iso14443 = PollingOption(rawValue: 0x1)
        public static let iso15693 = PollingOption(rawValue: 0x2)
        public static let iso18092 = PollingOption(rawValue: 0x4)
        public static let pace = PollingOption(rawValue: 0x8)
    }

    public let pollingOption: PollingOption
    private var detected: [StandInTagBase] = []
    private var connected: StandInTagBase?

    init(option: PollingOption, delegate: any NFCTagReaderSessionDelegate, queue: DispatchQueue?) {
        self.pollingOption = option
        super.init(delegate: delegate, queue: queue)
    }

    public convenience init?(
        pollingOption: PollingOption, delegate: any NFCTagReaderSessionDelegate, queue: DispatchQueue? = nil
    ) {
        let known: PollingOption = [.iso14443, .iso15693, .iso18092, .pace]
        guard !pollingOption.isEmpty, known.isSuperset(of: pollingOption),
            !(pollingOption.contains(.pace) && pollingOption != .pace)
        else { return nil }
        self.init(option: pollingOption, delegate: delegate, queue: queue)
    }

    open var connectedTag: NFCTag? { lock.withLock { connected?.asNFCTag } }

    private var tagDelegate: (any NFCTagReaderSessionDelegate)? {
        delegateReference as? any NFCTagReaderSessionDelegate
    }

    override func didBecomeActive() {
        if pollingOption.contains(.iso18092) && system.feliCaSystemCodes.isEmpty {
            finish(NFCReaderError(.readerErrorSecurityViolation, message: "Missing required entitlement"), message: nil)
            return
        }
        let me = Unchecked(self)
        sessionQueue.async {
            let session = me.value
            session.tagDelegate?.tagReaderSessionDidBecomeActive(session)
            session.poll()
        }
    }

    /// Takes the next thing that happens in the world. Runs on the session queue.
    private func poll() {
        guard checkTimeLimit() else { return }
        switch system.nextEvent() {
        case .present(let tags):
            // A tag is only seen when its technology is polled (ISO 14443, ISO 15693 or FeliCa).
            let seen = tags.filter { pollingOption.contains($0.pollingTechnology) && $0.asNFCTag != nil }
            guard !seen.isEmpty else {
                poll()
                return
            }
            guard seen.contains(where: \.needsDiscovery) else { return deliver(seen) }
            // An ISO 7816 tag is delivered only after one of the app's AIDs selected (NFCISO7816Tag.h),
            // a FeliCa card only after it answered Polling for one of the app's system codes (NFCFeliCaTag.h).
            let box = Unchecked((self, seen))
            Task {
                var found: [StandInTagBase] = []
                for tag in box.value.1 {
                    if await tag.discover(in: box.value.0.system) { found.append(tag) }
                }
                let result = Unchecked(found)
                box.value.0.sessionQueue.async { box.value.0.deliver(result.value) }
            }
        case let event:
            handleSessionEvent(event)
        }
    }

    /// Hands the tags to the delegate, or polls on when none is left to deliver. Runs on the session queue.
    private func deliver(_ tags: [StandInTagBase]) {
        guard !isInvalidated else { return }
        guard !tags.isEmpty else { return poll() }
        for tag in tags { tag.attach(to: self) }
        lock.withLock { detected = tags }
        system.record(.detected(tagCount: tags.count))
        tagDelegate?.tagReaderSession(self, didDetect: tags.compactMap(\.asNFCTag))
    }

    /// "Tags that are returned previously by ... didDetectTags: will become invalid."
    open func restartPolling() {
        guard !isInvalidated else { return }
        let previous = lock.withLock { () -> [StandInTagBase] in
            defer {
                detected = []
                connected = nil
            }
            return detected
        }
        for tag in previous { tag.disconnect() }
        system.record(.restartPolling)
        let me = Unchecked(self)
        sessionQueue.async { me.value.poll() }
    }

    /// "Connecting to the same tag that is currently opened has no effect. Connecting to a
    /// different tag will automatically terminate the previous tag connection."
    open func connect(to tag: NFCTag, completionHandler: @escaping @Sendable ((any Error)?) -> Void) {
        let result: NFCReaderError?
        if isInvalidated || !checkTimeLimit() {
            result = NFCReaderError(.readerTransceiveErrorSessionInvalidated, message: "Session invalidated")
        } else if let standIn = StandInTagBase.from(tag), lock.withLock({ detected.contains { $0 === standIn } }) {
            let previous = lock.withLock { () -> StandInTagBase? in
                defer { connected = standIn }
                return connected
            }
            if let previous, previous !== standIn { previous.disconnect() }
            result = standIn.connect()
        } else {
            result = NFCReaderError(.readerTransceiveErrorTagNotConnected, message: "Tag is not connected")
        }
        let error = Unchecked(result)
        sessionQueue.async { completionHandler(error.value) }
    }

    override func deliverInvalidation(_ error: NFCReaderError) {
        system.record(.invalidated(code: error.code.rawValue))
        tagDelegate?.tagReaderSession(self, didInvalidateWithError: error)
    }
}
