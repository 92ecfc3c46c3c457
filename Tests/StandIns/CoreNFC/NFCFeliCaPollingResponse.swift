import Foundation

/// Stand-in for the Swift overlay's `struct NFCFeliCaPollingResponse` (iOS 14, iPhoneOS17.0.sdk
/// swiftinterface): the PMm and the request data of a Polling answer.
public struct NFCFeliCaPollingResponse {
    public var manufactureParameter: Data
    public var requestData: Data?

    public init(manufactureParameter _manufactureParameter: Data, requestData _requestData: Data?) {
        manufactureParameter = _manufactureParameter
        requestData = _requestData
    }
}
