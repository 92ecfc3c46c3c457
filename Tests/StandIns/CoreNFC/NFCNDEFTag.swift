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
/// inserted automatically" (iOS 15-era header): commands go without CRC.
/// `sendMiFareISO7816Command` keeps its ObjC-derived name `sendMiFareISO7816Command(_:completionHandler:)`
/// (the apinotes rename sits under `NFCISO7816Tag`, which has no such selector, so it does not
/// apply; the overlay calls `self.sendMiFareISO7816Command(apdu)`). The `async` twins are in
/// `AsyncTwins.swift`.
public protocol NFCMiFareTag: NFCNDEFTag {
    var mifareFamily: NFCMiFareFamily { get }
    /// "The hardware UID of the tag."
    var identifier: Data { get }
    var historicalBytes: Data? { get }
    func sendMiFareCommand(
        commandPacket command: Data, completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void)
    /// An ISO 7816-4 APDU to a MIFARE Plus or DESFire tag: "Only available when mifareFamily
    /// returns NFCMiFarePlus, NFCMiFareDESFire" (`NFCMiFareTag.h`, corenfc-api.md §1.6).
    func sendMiFareISO7816Command(
        _ apdu: NFCISO7816APDU, completionHandler: @escaping @Sendable (Data, UInt8, UInt8, (any Error)?) -> Void)
}

extension NFCMiFareTag {
    /// The iOS 14 `Result` form (Swift overlay).
    public func sendMiFareCommand(
        commandPacket command: Data, resultHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
    ) {
        sendMiFareCommand(commandPacket: command) { data, error in
            resultHandler(error.map { .failure($0) } ?? .success(data))
        }
    }

    /// The iOS 14 `Result` form (Swift overlay): `payload` is `nil` when the response had no data.
    public func sendMiFareISO7816Command(
        _ apdu: NFCISO7816APDU,
        resultHandler: @escaping @Sendable (Result<NFCISO7816ResponseAPDU, any Error>) -> Void
    ) {
        sendMiFareISO7816Command(apdu) { data, sw1, sw2, error in
            if let error {
                resultHandler(.failure(error))
            } else {
                resultHandler(
                    .success(
                        NFCISO7816ResponseAPDU(statusWord1: sw1, statusWord2: sw2, paylaod: data.isEmpty ? nil : data)))
            }
        }
    }
}
