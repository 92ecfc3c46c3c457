import Foundation

/// Stand-in for the Swift overlay's `NFCISO7816ResponseAPDU` (iOS 14; the iPhoneOS 17.0 SDK's
/// `CoreNFC.swiftmodule` interface, type4-type5-ntag424.md §4.1): what the `Result`-based
/// `sendCommand(apdu:resultHandler:)` delivers. `payload` is `nil` when the response had no data.
/// The initialiser's label is `paylaod:`, Apple's typo, kept so that code written against the SDK
/// compiles here unchanged.
public struct NFCISO7816ResponseAPDU {
    public var statusWord1: UInt8
    public var statusWord2: UInt8
    public var payload: Data?

    public init(statusWord1: UInt8, statusWord2: UInt8, paylaod: Data?) {
        self.statusWord1 = statusWord1
        self.statusWord2 = statusWord2
        self.payload = paylaod
    }
}
