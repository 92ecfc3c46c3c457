/// One Extended Inquiry Response data structure (Bluetooth Core v5.3 Vol 3 Part C §8): a length
/// byte counting what follows, the EIR data type (one byte, from the Bluetooth Assigned Numbers
/// "Common Data Types"), then the data. OOB data carries a sequence of them after the address.
public struct EIRDataStructure: Sendable, Hashable {
    /// 0x08 Shortened Local Name.
    public static let shortenedLocalName: UInt8 = 0x08
    /// 0x09 Complete Local Name (UTF-8).
    public static let completeLocalName: UInt8 = 0x09
    /// 0x0D Class of Device (3 bytes, little-endian).
    public static let classOfDevice: UInt8 = 0x0D

    public var type: UInt8
    public var data: [UInt8]

    public init(type: UInt8, data: [UInt8]) {
        self.type = type
        self.data = data
    }

    /// The most data one structure holds: its length byte (at most 255) counts the type byte too.
    public static let maximumDataLength = 254

    /// The Assigned Numbers name of the common types ("Complete Local Name", …), or `nil`.
    public var typeName: String? {
        switch type {
        case 0x01: "Flags"
        case 0x02: "Incomplete List of 16-bit Service UUIDs"
        case 0x03: "Complete List of 16-bit Service UUIDs"
        case 0x04: "Incomplete List of 32-bit Service UUIDs"
        case 0x05: "Complete List of 32-bit Service UUIDs"
        case 0x06: "Incomplete List of 128-bit Service UUIDs"
        case 0x07: "Complete List of 128-bit Service UUIDs"
        case 0x08: "Shortened Local Name"
        case 0x09: "Complete Local Name"
        case 0x0A: "TX Power Level"
        case 0x0D: "Class of Device"
        case 0x0E: "Simple Pairing Hash C-192"
        case 0x0F: "Simple Pairing Randomizer R-192"
        case 0x1D: "Simple Pairing Hash C-256"
        case 0x1E: "Simple Pairing Randomizer R-256"
        case 0xFF: "Manufacturer Specific Data"
        default: nil
        }
    }
}
