import Foundation

/// Stand-in for `NFCNDEFStatus` (`NS_ENUM(NSUInteger)`, raw values from `NFCNDEFTag.h`).
public enum NFCNDEFStatus: UInt, Sendable {
    /// "Tag is not NDEF formatted; NDEF read and write are disallowed."
    case notSupported = 1
    case readWrite = 2
    case readOnly = 3
}

/// Stand-in for `NFCNDEFTag` (iOS 13). Completion handlers are `@Sendable` as in recent SDK
/// documentation (the safe superset for Swift 6). Divergence: the real protocol also refines
/// `NSCopying` and `NSSecureCoding`; nothing in TapCard uses either, so they are left out.
public protocol NFCNDEFTag: NSObjectProtocol {
    var isAvailable: Bool { get }
    /// `capacity`: "the maximum NDEF message size in bytes that can be store on the tag."
    func queryNDEFStatus(completionHandler: @escaping @Sendable (NFCNDEFStatus, Int, (any Error)?) -> Void)
    func readNDEF(completionHandler: @escaping @Sendable (NFCNDEFMessage?, (any Error)?) -> Void)
    func writeNDEF(_ ndefMessage: NFCNDEFMessage, completionHandler: @escaping @Sendable ((any Error)?) -> Void)
    /// "Locks the NDEF tag to read-only state ... This is a permanent operation."
    func writeLock(completionHandler: @escaping @Sendable ((any Error)?) -> Void)
}

/// Stand-in for `NFCMiFareFamily` (raw values from `NFCMiFareTag.h`).
public enum NFCMiFareFamily: UInt, Sendable {
    case unknown = 1
    case ultralight = 2
    case plus = 3
    case desfire = 4
}

/// Stand-in for `NFCMiFareTag` (iOS 13). Apinotes rename `sendMiFareCommand:completionHandler:`
/// to `sendMiFareCommand(commandPacket:completionHandler:)`. "CRC bytes are calculated and
/// inserted automatically" (iOS 15-era header): commands go without CRC. Divergence: no
/// `sendMiFareISO7816Command` (Plus/DESFire only); the `async` twins are in `AsyncTwins.swift`.
public protocol NFCMiFareTag: NFCNDEFTag {
    var mifareFamily: NFCMiFareFamily { get }
    /// "The hardware UID of the tag."
    var identifier: Data { get }
    var historicalBytes: Data? { get }
    func sendMiFareCommand(
        commandPacket command: Data, completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void)
}
