import Foundation

/// Stand-in for `NFCFeliCaPollingTimeSlot` (`NS_ENUM(NSInteger, …)`, iOS 14 names,
/// `NFCFeliCaTag.h`): the Polling command's time slot number.
public enum NFCFeliCaPollingTimeSlot: Int, Sendable {
    case max1 = 0
    case max2 = 1
    case max4 = 3
    case max8 = 7
    case max16 = 15
}
