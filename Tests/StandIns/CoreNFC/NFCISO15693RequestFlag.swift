import Foundation

/// Stand-in for `NFCISO15693RequestFlag` (`NS_OPTIONS(uint8_t, …)`, `NFCISO15693Tag.h`, iOS 14
/// names; iOS 11–13 spelt them `RequestFlag…`). Bit values from the header:
/// `DualSubCarriers 1<<0`, `HighDataRate 1<<1`, `ProtocolExtension 1<<3`, `Select 1<<4`,
/// `Address 1<<5`, `Option 1<<6`, `CommandSpecificBit8 1<<7` (iOS 14). Bit 3 (inventory) has no name:
/// iOS runs the inventory itself.
public struct NFCISO15693RequestFlag: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let dualSubCarriers = NFCISO15693RequestFlag(rawValue: 1 << 0)
    public static let highDataRate = NFCISO15693RequestFlag(rawValue: 1 << 1)
    public static let protocolExtension = NFCISO15693RequestFlag(rawValue: 1 << 3)
    /// "setting RequestFlagSelect to flags will disable the Address flag" (every standard command).
    public static let select = NFCISO15693RequestFlag(rawValue: 1 << 4)
    /// "Address flag is automatically enforced by default and the tag's UID is sent with the command."
    public static let address = NFCISO15693RequestFlag(rawValue: 1 << 5)
    /// With it, "first byte of data block will contain the associated block security status".
    public static let option = NFCISO15693RequestFlag(rawValue: 1 << 6)
    public static let commandSpecificBit8 = NFCISO15693RequestFlag(rawValue: 1 << 7)
}
