import Foundation

/// Stand-in for `NFCFeliCaPollingRequestCode` (`NS_ENUM(NSInteger, …)`, iOS 14 names,
/// `NFCFeliCaTag.h`): the Polling command's request code.
public enum NFCFeliCaPollingRequestCode: Int, Sendable {
    case noRequest = 0
    case systemCode = 1
    case communicationPerformance = 2
}
