import Foundation

/// Stand-in for the Swift overlay's `struct NFCFeliCaStatusFlag` (iOS 14, iPhoneOS17.0.sdk
/// swiftinterface): status flags 1 and 2 of a FeliCa answer (`00 00` is success).
public struct NFCFeliCaStatusFlag {
    public var statusFlag1: Int
    public var statusFlag2: Int

    public init(statusFlag1 _statusFlag1: Int, statusFlag2 _statusFlag2: Int) {
        statusFlag1 = _statusFlag1
        statusFlag2 = _statusFlag2
    }
}
