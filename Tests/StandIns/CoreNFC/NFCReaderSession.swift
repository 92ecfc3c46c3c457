import Dispatch
import Foundation

/// Stand-in for the ObjC protocol `NFCReaderSession`, imported in Swift as
/// `NFCReaderSessionProtocol` (apinotes: `invalidateSession` → `invalidate()`).
public protocol NFCReaderSessionProtocol: NSObjectProtocol {
    var isReady: Bool { get }
    /// "can be update dynamically in any thread context as long as the session is valid."
    var alertMessage: String { get set }
    func begin()
    func invalidate()
    func invalidate(errorMessage: String)
}

/// Stand-in for `NFCReaderSession` (iOS 11), the base of every reader session.
///
/// Behaviour reproduced from the header text and observed practice:
/// - the app must hold the session: the system keeps only a weak reference, so a released
///   session vanishes without any delegate callback (`deinit` frees the system slot silently);
/// - "Only one NFCReaderSession can be active at any time in the system": a second `begin()`
///   while one is active invalidates the newcomer with `SystemIsBusy`;
/// - "An opened session has a 60 seconds time limit restriction after -beginSession is called":
///   the stand-in keeps a virtual clock (``NFCStandInSystem/advance(seconds:)``), never wall time;
/// - the delegate is weak and is called on `sessionQueue`, asynchronously;
/// - `invalidate()` ends the session and the delegate still receives `didInvalidateWithError`
///   with `UserCanceled` (observed on devices, UNVERIFIED in Apple's docs): a result that was
///   already delivered must not be replaced by that callback.
///
/// Divergences: the real class is an ObjC class with an `NS_UNAVAILABLE` `init`; this one has an
/// internal designated initializer. Like the real one it is not `Sendable`.
open class NFCReaderSession: NSObject, NFCReaderSessionProtocol {
    /// "YES if device supports NFC tag reading."
    open class var readingAvailable: Bool { NFCStandInSystem.current.readingAvailable }

    public let sessionQueue: DispatchQueue
    /// The delegate, weak as in the real class.
    public var delegate: AnyObject? { delegateReference }
    weak var delegateReference: AnyObject?

    let system: NFCStandInSystem
    let lock = NSLock()
    var state: SessionState = .created
    var storedAlertMessage = ""
    var beganAt: Double = 0

    enum SessionState: Equatable {
        case created
        case active
        case invalidated
    }

    init(delegate: AnyObject, queue: DispatchQueue?) {
        self.delegateReference = delegate
        // "A nil value will cause the creation of a serial dispatch queue internally for the session."
        self.sessionQueue = queue ?? DispatchQueue(label: "com.apple.corenfc.standin.session")
        self.system = NFCStandInSystem.current
        super.init()
    }

    deinit {
        system.sessionReleased(id: ObjectIdentifier(self), wasActive: state == .active)
    }

    open var isReady: Bool { lock.withLock { state == .active } }

    open var alertMessage: String {
        get { lock.withLock { storedAlertMessage } }
        set {
            let valid = lock.withLock { () -> Bool in
                storedAlertMessage = newValue
                return state != .invalidated
            }
            if valid { system.record(.alert(newValue)) }
        }
    }

    open func begin() {
        let proceed = lock.withLock { () -> Bool in
            guard state == .created else { return false }
            state = .active
            return true
        }
        guard proceed else { return }
        if let refusal = system.admit(self) {
            finish(refusal, message: nil)
            return
        }
        beganAt = system.now
        system.record(.sheetShown(alertMessage))
        didBecomeActive()
    }

    open func invalidate() {
        system.record(.invalidatedByApp(errorMessage: nil))
        finish(
            NFCReaderError(.readerSessionInvalidationErrorUserCanceled, message: "Session invalidated by user"),
            message: nil, silently: !system.reportsAppInvalidation)
    }

    open func invalidate(errorMessage: String) {
        system.record(.invalidatedByApp(errorMessage: errorMessage))
        finish(
            NFCReaderError(.readerSessionInvalidationErrorUserCanceled, message: "Session invalidated by user"),
            message: errorMessage, silently: !system.reportsAppInvalidation)
    }

    /// Ends the session once; later calls do nothing. The delegate hears about it on the queue.
    func finish(_ error: NFCReaderError, message: String?, silently: Bool = false) {
        let first = lock.withLock { () -> Bool in
            guard state != .invalidated else { return false }
            state = .invalidated
            return true
        }
        guard first else { return }
        system.sessionEnded(id: ObjectIdentifier(self))
        if silently { return }
        let me = Unchecked(self)
        sessionQueue.async { me.value.deliverInvalidation(error) }
    }

    var isInvalidated: Bool { lock.withLock { state == .invalidated } }

    /// Seconds left before the 60-second limit, on the stand-in's virtual clock.
    func checkTimeLimit() -> Bool {
        guard lock.withLock({ state == .active }) else { return false }
        if system.now - beganAt >= NFCStandInSystem.sessionTimeLimit {
            finish(
                NFCReaderError(.readerSessionInvalidationErrorSessionTimeout, message: "Session timeout"), message: nil)
            return false
        }
        return true
    }

    /// What both session kinds do with an event that brings no tag: cancel, time out, wait,
    /// or end when the app goes to the background. (Tags are the subclasses' business.)
    func handleSessionEvent(_ event: NFCStandInSystem.Event) {
        switch event {
        case .present, .idle:
            break
        case .userCancels:
            finish(
                NFCReaderError(.readerSessionInvalidationErrorUserCanceled, message: "Session invalidated by user"),
                message: nil)
        case .timeLimitPasses:
            system.advance(seconds: NFCStandInSystem.sessionTimeLimit)
            _ = checkTimeLimit()
        case .appEntersBackground:
            finish(
                NFCReaderError(
                    .readerSessionInvalidationErrorSessionTerminatedUnexpectedly,
                    message: "Session invalidated unexpectedly"), message: nil)
        }
    }

    // Subclass hooks.
    func didBecomeActive() {}
    func deliverInvalidation(_ error: NFCReaderError) {}
    func handle(_ event: NFCStandInSystem.Event) {}
}

/// Moves a non-`Sendable` stand-in object onto the session queue. Internal: the stand-in itself
/// is thread-safe behind its locks, and the app-facing types stay non-`Sendable` like the real ones.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
