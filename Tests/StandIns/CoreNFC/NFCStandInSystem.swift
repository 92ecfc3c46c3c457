import Foundation

/// The simulated phone around the stand-in sessions: whether NFC exists, the app's entitlements,
/// what the user does (present tags, tap Cancel, walk away) and a transcript of what the sheet
/// showed. Not part of CoreNFC: only tests use it; the adapter never sees it.
///
/// Each test runs inside `await NFCStandInSystem.run(system) { … }`: one phone at a time in the
/// whole test process (tests in other suites and targets wait their turn), so parallel tests never
/// share the "only one session at a time" slot or each other's script. A session captures the
/// system current when it is created. (A task-local would not do: sessions are created and
/// called back on dispatch queues, where task-locals are not visible.)
public final class NFCStandInSystem: @unchecked Sendable {
    private static let installed = Installed()
    private static let gate = Gate()

    /// The phone sessions are created on.
    public static var current: NFCStandInSystem { installed.lock.withLock { installed.system } }

    /// Runs `body` with `system` as the phone, after any other test's phone has been put away.
    public static func run<Result, Failure: Error>(
        _ system: NFCStandInSystem, _ body: () async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        await gate.acquire()
        installed.lock.withLock { installed.system = system }
        defer {
            installed.lock.withLock { installed.system = NFCStandInSystem() }
            Task { await gate.release() }
        }
        return try await body()
    }

    private final class Installed: @unchecked Sendable {
        let lock = NSLock()
        var system = NFCStandInSystem()
    }

    private actor Gate {
        private var busy = false
        private var waiters: [CheckedContinuation<Void, Never>] = []

        func acquire() async {
            guard busy else {
                busy = true
                return
            }
            await withCheckedContinuation { waiters.append($0) }
        }

        func release() {
            if waiters.isEmpty { busy = false } else { waiters.removeFirst().resume() }
        }
    }

    /// "An opened session has a 60 seconds time limit restriction after -beginSession is called."
    public static let sessionTimeLimit: Double = 60

    /// One thing that happens in the world while a session polls.
    public enum Event {
        /// These tags enter the field together (one tag, or several to provoke "multiple tags").
        case present([StandInTagBase])
        /// The user taps Cancel on the sheet.
        case userCancels
        /// The user waits; the 60-second session limit passes.
        case timeLimitPasses
        /// The app goes to the background; the system ends the session.
        case appEntersBackground
        /// Nothing comes near the phone and the clock stands still: the session stays active
        /// until the app ends it or lets go of it. (Only for tests that need a session to wait.)
        case idle
    }

    /// What the user could have seen, in order.
    public enum Record: Equatable, Sendable {
        case sheetShown(String)
        case alert(String)
        case invalidatedByApp(errorMessage: String?)
        case invalidated(code: Int)
        case detected(tagCount: Int)
        case restartPolling
        case releasedWhileActive
    }

    private let lock = NSLock()
    let reportsAppInvalidation: Bool
    private var _readingAvailable: Bool
    private var _radioEnabled: Bool
    private var _entitlements: Set<String>
    private var _feliCaSystemCodes: [String]
    private let _iso7816SelectIdentifiers: [String]
    private var events: [Event] = []
    private var _transcript: [Record] = []
    private var _now: Double = 0
    private var activeSession: ObjectIdentifier?

    /// - Parameters:
    ///   - readingAvailable: `NFCReaderSession.readingAvailable` (false on iPad, simulator, old iPhone).
    ///   - radioEnabled: false reproduces `readerErrorRadioDisabled` (6) at `begin()`.
    ///   - readerSessionFormats: the `com.apple.developer.nfc.readersession.formats` entitlement.
    ///   - feliCaSystemCodes: Info.plist `com.apple.developer.nfc.readersession.felica.systemcodes`,
    ///     the system codes the system polls, in order, before it delivers a FeliCa card
    ///     (``StandInFeliCaTag``); by default the app's list (``appFeliCaSystemCodes``).
    ///   - iso7816SelectIdentifiers: Info.plist `com.apple.developer.nfc.readersession.iso7816.select-identifiers`,
    ///     the AIDs the system SELECTs, in order, before it delivers an ISO 7816 tag
    ///     (``StandInISO7816Tag``); by default the app's list (``appISO7816SelectIdentifiers``).
    ///   - reportsAppInvalidation: `false` makes the system stay silent after the app's own
    ///     `invalidate()` (the real one reports `UserCanceled`; this tests that nobody waits forever).
    public init(
        readingAvailable: Bool = true, radioEnabled: Bool = true, readerSessionFormats: Set<String> = ["TAG"],
        feliCaSystemCodes: [String] = appFeliCaSystemCodes,
        iso7816SelectIdentifiers: [String] = appISO7816SelectIdentifiers,
        reportsAppInvalidation: Bool = true
    ) {
        self.reportsAppInvalidation = reportsAppInvalidation
        _readingAvailable = readingAvailable
        _radioEnabled = radioEnabled
        _entitlements = readerSessionFormats
        _feliCaSystemCodes = feliCaSystemCodes
        _iso7816SelectIdentifiers = iso7816SelectIdentifiers
    }

    /// What TapCard's App/TapCard/Info.plist lists: the NFC Forum NDEF Tag Application (T4T ≥ 2.0,
    /// type4-type5-ntag424.md §1.2 and §4.1). AppBundleTests checks the two agree.
    public static let appISO7816SelectIdentifiers = ["D2760000850101"]

    /// What TapCard's App/TapCard/Info.plist lists: the NFC Forum Type 3 system code `12FC` first,
    /// then FeliCa Lite-S's own `88B4` (design/multi-technology.md §2.8; TagCatalog `Type3Facts`).
    /// AppBundleTests checks the two agree.
    public static let appFeliCaSystemCodes = ["12FC", "88B4"]

    public var readingAvailable: Bool { lock.withLock { _readingAvailable } }
    var feliCaSystemCodes: [String] { lock.withLock { _feliCaSystemCodes } }
    var iso7816SelectIdentifiers: [String] { _iso7816SelectIdentifiers }

    /// Appends events to what will happen, consumed one per poll (session start, `restartPolling()`).
    public func script(_ newEvents: [Event]) { lock.withLock { events.append(contentsOf: newEvents) } }

    public var transcript: [Record] { lock.withLock { _transcript } }
    /// The alert messages the sheet showed, in order.
    public var alertMessages: [String] {
        transcript.compactMap {
            switch $0 {
            case .sheetShown(let text), .alert(let text): text
            default: nil
            }
        }
    }

    /// True while a session holds the system slot.
    public var hasActiveSession: Bool { lock.withLock { activeSession != nil } }

    /// The virtual clock, in seconds.
    var now: Double { lock.withLock { _now } }
    public func advance(seconds: Double) { lock.withLock { _now += seconds } }

    func record(_ entry: Record) { lock.withLock { _transcript.append(entry) } }

    /// The next thing that happens; when the script is exhausted the user walks away and the
    /// session runs into its time limit, so a test can never hang on a silent session.
    func nextEvent() -> Event {
        lock.withLock { events.isEmpty ? .timeLimitPasses : events.removeFirst() }
    }

    /// Decides whether `session` may start; returns the invalidation error otherwise.
    func admit(_ session: NFCReaderSession) -> NFCReaderError? {
        lock.withLock { () -> NFCReaderError? in
            guard _readingAvailable else {
                return NFCReaderError(.readerErrorUnsupportedFeature, message: "Feature not supported")
            }
            let format = session is NFCTagReaderSession ? "TAG" : "NDEF"
            guard _entitlements.contains(format) else {
                return NFCReaderError(.readerErrorSecurityViolation, message: "Missing required entitlement")
            }
            guard _radioEnabled else { return NFCReaderError(.readerErrorRadioDisabled, message: "Radio disabled") }
            guard activeSession == nil else {
                return NFCReaderError(
                    .readerSessionInvalidationErrorSystemIsBusy, message: "System resource unavailable")
            }
            activeSession = ObjectIdentifier(session)
            return nil
        }
    }

    func sessionEnded(id: ObjectIdentifier) {
        lock.withLock { if activeSession == id { activeSession = nil } }
    }

    /// A session object was deallocated. If it was still active the sheet just vanishes: no
    /// delegate callback, exactly like the real framework when the app forgot to hold it.
    func sessionReleased(id: ObjectIdentifier, wasActive: Bool) {
        lock.withLock {
            if activeSession == id {
                activeSession = nil
                _transcript.append(.releasedWhileActive)
            }
        }
    }
}
