/// One user action on a tag, each in its own NFC session (one sheet): read it, write a message
/// and verify it, or lock it. The app's view models depend on this, not on CoreNFC, so they are
/// tested on Linux with the CoreNFC stand-in behind ``CoreNFCTagSessions``.
public protocol TagSessionService: AnyObject, Sendable {
    /// False where the device has no NFC reader (iPad, Simulator, iPhone 6 and older).
    var readingAvailable: Bool { get }
    func read() async throws(NFCSessionError) -> TagReading
    func write(_ records: [NDEFRecordFields]) async throws(NFCSessionError) -> WriteReceipt
    /// Locks the tag presented; when `expectedUID` is given, any other tag is refused.
    func lock(expectedUID: [UInt8]?) async throws(NFCSessionError) -> LockReceipt
}

/// Which radio technologies a session polls for. ISO 14443 always (NTAG and Ultralight);
/// ISO 15693 only when asked; FeliCa never, since it needs system codes in Info.plist and a
/// session asking for it without them refuses to start without naming why.
public struct NFCPolling: Sendable, Equatable {
    public var includesISO15693: Bool

    public init(includesISO15693: Bool = false) { self.includesISO15693 = includesISO15693 }

    /// The `NFCTagReaderSession.PollingOption` raw value (`.iso14443` 0x1, `.iso15693` 0x2).
    public var rawOptions: Int { includesISO15693 ? 0x3 : 0x1 }
}
