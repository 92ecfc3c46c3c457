import Foundation

/// Stand-in for `NFCISO7816Tag` (iOS 13; `NFCISO7816Tag.h`, apinotes `sendCommandAPDU:completionHandler:`
/// → `sendCommand(apdu:completionHandler:)`; corenfc-api.md §1.7). The header: "When the reader
/// discovered a compatible ISO7816 tag it automatically performs a SELECT command (by DF name)
/// using the values provided in "com.apple.developer.nfc.readersession.iso7816.select-identifiers"
/// in the specified array order. The tag is returned … on the first successful SELECT command …
/// Tag will not be returned … if no application described in [that list] is found."
///
/// Completion handlers are `@Sendable`, as elsewhere in the stand-in (the safe superset for
/// Swift 6). Divergence: the real protocol also refines the private `__NFCTag`, `NSCopying` and
/// `NSSecureCoding`. The `async` twins are in `AsyncTwins.swift`.
public protocol NFCISO7816Tag: NFCNDEFTag {
    /// "The Hex string of the application identifier (DF name) selected by the reader when the tag
    /// is discovered. This will match one of the entries in [select-identifiers]."
    var initialSelectedAID: String { get }
    /// "The hardware UID of the tag."
    var identifier: Data { get }
    /// "The optional historical bytes extracted from the Type A Answer To Select response."
    var historicalBytes: Data? { get }
    /// "The optional Application Data bytes extracted from the Type B Answer To Request response."
    var applicationData: Data? { get }
    /// "Indicates if applicationData follows proprietary data coding."
    var proprietaryApplicationDataCoding: Bool { get }
    /// "Send a command APDU to the tag and receives a response APDU … responseData may be empty.
    /// Command processing status bytes (SW1-SW2) are always valid." "A SELECT command with a P1
    /// value of 0x04 (selection by DF name) will be checked against the values listed in [select-
    /// identifiers] … Selecting an application outside of the permissible list will result in a
    /// NFCReaderErrorSecurityViolation error."
    func sendCommand(
        apdu: NFCISO7816APDU, completionHandler: @escaping @Sendable (Data, UInt8, UInt8, (any Error)?) -> Void)
}

extension NFCISO7816Tag {
    /// The iOS 14 `Result` form (Swift overlay): `payload` is `nil` when the response had no data.
    public func sendCommand(
        apdu: NFCISO7816APDU,
        resultHandler: @escaping @Sendable (Result<NFCISO7816ResponseAPDU, any Error>) -> Void
    ) {
        sendCommand(apdu: apdu) { data, sw1, sw2, error in
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
