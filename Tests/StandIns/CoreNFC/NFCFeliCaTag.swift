import Foundation

/// Stand-in for `NFCFeliCaTag` (iOS 13) with the calls TapCard needs, under the Swift names of
/// `CoreNFC.apinotes` (iPhoneOS17.0.sdk `NFCFeliCaTag.h`). The iOS 14 `Result` overlay and the
/// `async` twins are in `NFCFeliCaTag+Overlay.swift`. Completion handlers are `@Sendable`.
///
/// Header facts ``StandInFeliCaTag`` follows: the system polls with the Info.plist
/// `com.apple.developer.nfc.readersession.felica.systemcodes` "in the specified array order" and
/// returns the tag "on the first successful Polling command matching one of the system codes",
/// never when none matches; Polling with a code not in that list fails with `SecurityViolation`;
/// `sendFeliCaCommand`: "Maximum packet length is 254. Data length (LEN) byte and CRC bytes are
/// calculated and inserted automatically". iOS has no PMm property: it comes with a Polling answer.
///
/// Left out (TapCard does not call them): `requestSystemCode`, `requestServiceV2`,
/// `requestSpecificationVersion`, `resetMode`.
public protocol NFCFeliCaTag: NFCNDEFTag {
    /// "The system code most recently selected by the reader using the Polling command. This will
    /// match one of the entries in the … systemcodes in the Info.plist." (2 bytes, upper byte first
    /// as the Polling command carries it — the byte order is UNVERIFIED.)
    var currentSystemCode: Data { get }
    /// "Manufacturer ID of the currently selected system. Value is updated on each Polling command
    /// execution. It will be empty if system selection fails."
    var currentIDm: Data { get }

    /// Polling (`00`): PMm and request data; "System code must be one of the provided values in the
    /// … systemcodes in the Info.plist".
    func polling(
        systemCode: Data, requestCode: NFCFeliCaPollingRequestCode, timeSlot: NFCFeliCaPollingTimeSlot,
        completionHandler: @escaping @Sendable (Data, Data, (any Error)?) -> Void)
    /// Request Service (`02`): node codes 2 bytes each, little endian; key versions back.
    func requestService(
        nodeCodeList: [Data], completionHandler: @escaping @Sendable ([Data], (any Error)?) -> Void)
    /// Request Response (`04`): the mode, 0…3.
    func requestResponse(completionHandler: @escaping @Sendable (Int, (any Error)?) -> Void)
    /// Read Without Encryption (`06`, Check): "Valid read data blocks (block length of 16 bytes) are
    /// returned … when Status Flag 1 equals zero."
    func readWithoutEncryption(
        serviceCodeList: [Data], blockList: [Data],
        completionHandler: @escaping @Sendable (Int, Int, [Data], (any Error)?) -> Void)
    /// Write Without Encryption (`08`, Update): "Data block should be 16 bytes in length."
    func writeWithoutEncryption(
        serviceCodeList: [Data], blockList: [Data], blockData: [Data],
        completionHandler: @escaping @Sendable (Int, Int, (any Error)?) -> Void)
    /// Any command packet (code ‖ IDm ‖ parameters); the response packet comes back without LEN and CRC.
    func sendFeliCaCommand(
        commandPacket: Data, completionHandler: @escaping @Sendable (Data, (any Error)?) -> Void)
}
