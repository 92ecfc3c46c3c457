/// Wi-Fi Simple Configuration Encryption Type (attribute 0x100F, 2 bytes), a bit set.
/// Wi-Fi Simple Configuration Technical Specification v2.0, table "Encryption Types".
public struct WiFiEncryption: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let none = WiFiEncryption(rawValue: 0x0001)
    /// Deprecated in WSC 2.0.
    public static let wep = WiFiEncryption(rawValue: 0x0002)
    /// Deprecated in WSC 2.0.
    public static let tkip = WiFiEncryption(rawValue: 0x0004)
    public static let aes = WiFiEncryption(rawValue: 0x0008)

    /// The names of the bits set, joined by `/` (e.g. `TKIP/AES`); unnamed bits as `0xNNNN`.
    public var name: String {
        Self.describe(rawValue, [(0x0001, "None"), (0x0002, "WEP"), (0x0004, "TKIP"), (0x0008, "AES")])
    }

    static func describe(_ value: UInt16, _ names: [(UInt16, String)]) -> String {
        var parts: [String] = []
        var rest = value
        for (bit, name) in names where value & bit != 0 {
            parts.append(name)
            rest &= ~bit
        }
        if rest != 0 || parts.isEmpty {
            let hex = String(rest, radix: 16, uppercase: true)
            parts.append("0x" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex)
        }
        return parts.joined(separator: "/")
    }
}
