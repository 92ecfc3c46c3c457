/// One user action on a tag, each in its own NFC session (one sheet): read it, write a message
/// and verify it, lock it — through iOS's own NDEF operations — or run TapCard's own Type 2 work
/// on it with raw commands. The app's view models depend on this, not on CoreNFC, so they are
/// tested on Linux with the CoreNFC stand-in behind `CoreNFCTagSessions`.
public protocol TagSessionService: AnyObject, Sendable {
    /// False where the device has no NFC reader (iPad, Simulator, iPhone 6 and older).
    var readingAvailable: Bool { get }
    func read() async throws(NFCSessionError) -> TagReading
    /// Writes through iOS (`writeNDEF`), for tags that need no password.
    func write(_ records: [NDEFRecordFields]) async throws(NFCSessionError) -> WriteReceipt
    /// Locks the tag presented through iOS (`writeLock`); when `expectedUID` is given, any other
    /// tag is refused.
    func lock(expectedUID: [UInt8]?) async throws(NFCSessionError) -> LockReceipt

    /// Runs `body` with the tag presented as a raw Type 2 transport, under one sheet and in one
    /// connection: the one way to work on a password-protected tag, since PWD_AUTH only holds
    /// for raw commands in the connection that sent it (iOS's `writeNDEF` after it fails). The
    /// transport layer knows no workflow, so the caller brings it (a `Type2Tag` with the
    /// password). A failure of `body` ends the session with its sentence on the sheet; it comes
    /// back as ``TagSessionFailure/operation(_:)`` unless the session ended under it (the user
    /// cancelled, the time limit passed, the tag moved away), which is
    /// ``TagSessionFailure/session(_:)``.
    func withTransport<Result: Sendable, Failure: Error>(
        _ operation: NFCOperation, _ body: (PhoneTagTransport) async throws(Failure) -> Result
    ) async throws(TagSessionFailure<Failure>) -> Result

    /// Runs `body` with the tag presented as a ``/TagTransport/TagConnection`` carrying the
    /// channels its kind allows — NFC-A frames for a MIFARE tag, ISO-DEP APDUs for an ISO 7816
    /// (Type 4) tag — under one sheet and in one connection, so TapCard's own drivers run on the
    /// phone. Failures are classified as for ``withTransport(_:_:)``.
    func withConnection<Result: Sendable, Failure: Error>(
        _ operation: NFCOperation, _ body: (PhoneTagConnection) async throws(Failure) -> Result
    ) async throws(TagSessionFailure<Failure>) -> Result

    /// Reads the tag presented, in one session: on a tag TapCard has its own driver for — one
    /// that speaks ISO-DEP (Type 4), ISO 15693 (Type 5) or FeliCa (Type 3) — `driver` runs first
    /// with the tag as a ``PhoneTagConnection``; when it returns `nil` (no driver recognised the
    /// tag), and on every other tag, iOS's own NDEF calls read it as ``read()`` does, in the same
    /// session. A failure of `driver` is classified as for ``withTransport(_:_:)``; one of iOS's
    /// calls is ``TagSessionFailure/session(_:)``.
    func read<Driven: Sendable, Failure: Error>(
        driver: (PhoneTagConnection) async throws(Failure) -> Driven?
    ) async throws(TagSessionFailure<Failure>) -> PhoneTagOutcome<Driven, TagReading>

    /// Writes `records` to the tag presented, in one session: through `driver` (TapCard's own
    /// Type 3, 4 or 5 write) where the tag offers such a channel, else — or when `driver` returns
    /// `nil` — through iOS as ``write(_:)`` does.
    func write<Driven: Sendable, Failure: Error>(
        _ records: [NDEFRecordFields], driver: (PhoneTagConnection) async throws(Failure) -> Driven?
    ) async throws(TagSessionFailure<Failure>) -> PhoneTagOutcome<Driven, WriteReceipt>

    /// Locks the tag presented, in one session: through `driver` (TapCard's own lock) where the
    /// tag offers a channel one of its drivers speaks, else — or when `driver` returns `nil` —
    /// through iOS as ``lock(expectedUID:)`` does. When `expectedUID` is given, any other tag is
    /// refused (``NFCSessionError/differentTag(expected:found:)``) before anything is sent to it.
    func lock<Driven: Sendable, Failure: Error>(
        expectedUID: [UInt8]?, driver: (PhoneTagConnection) async throws(Failure) -> Driven?
    ) async throws(TagSessionFailure<Failure>) -> PhoneTagOutcome<Driven, LockReceipt>
}

/// Which radio technologies a session polls for. ISO 14443 always (NTAG, Ultralight, ISO-DEP);
/// ISO 15693 (Type 5) and FeliCa (ISO 18092, Type 3) only when asked. FeliCa needs the system
/// codes in Info.plist (`com.apple.developer.nfc.readersession.felica.systemcodes`): a session
/// asking for it without them refuses to start with `SecurityViolation`, without naming why
/// (`NFCFeliCaTag.h`); TapCard's app lists `12FC` and `88B4`.
public struct NFCPolling: Sendable, Equatable {
    public var includesISO15693: Bool
    public var includesFeliCa: Bool

    public init(includesISO15693: Bool = false, includesFeliCa: Bool = false) {
        self.includesISO15693 = includesISO15693
        self.includesFeliCa = includesFeliCa
    }

    /// Every technology TapCard has a channel for: what the app's "tap any tag" sessions poll.
    public static let everyTag = NFCPolling(includesISO15693: true, includesFeliCa: true)

    /// The `NFCTagReaderSession.PollingOption` raw value (`.iso14443` 0x1, `.iso15693` 0x2,
    /// `.iso18092` 0x4; `NFCTagReaderSession.h`).
    public var rawOptions: Int { 0x1 | (includesISO15693 ? 0x2 : 0) | (includesFeliCa ? 0x4 : 0) }
}
