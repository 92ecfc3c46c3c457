import Foundation

/// Stand-in for `NFCISO15693ResponseFlag` (`NS_OPTIONS(uint8_t, …)`, iOS 14, `NFCISO15693Tag.h`):
/// the response flags byte `sendRequest` and the iOS 14 crypto calls hand back.
public struct NFCISO15693ResponseFlag: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let error = NFCISO15693ResponseFlag(rawValue: 1 << 0)
    public static let responseBufferValid = NFCISO15693ResponseFlag(rawValue: 1 << 1)
    public static let finalResponse = NFCISO15693ResponseFlag(rawValue: 1 << 2)
    public static let protocolExtension = NFCISO15693ResponseFlag(rawValue: 1 << 3)
    public static let blockSecurityStatusBit5 = NFCISO15693ResponseFlag(rawValue: 1 << 4)
    public static let blockSecurityStatusBit6 = NFCISO15693ResponseFlag(rawValue: 1 << 5)
    public static let waitTimeExtension = NFCISO15693ResponseFlag(rawValue: 1 << 6)
}
