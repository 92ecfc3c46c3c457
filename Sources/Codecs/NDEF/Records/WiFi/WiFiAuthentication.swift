/// Wi-Fi Simple Configuration Authentication Type (attribute 0x1003, 2 bytes), a bit set.
/// Wi-Fi Simple Configuration Technical Specification v2.0, table "Authentication Types".
public struct WiFiAuthentication: OptionSet, Sendable, Hashable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static let open = WiFiAuthentication(rawValue: 0x0001)
    /// Deprecated in WSC 2.0.
    public static let wpaPersonal = WiFiAuthentication(rawValue: 0x0002)
    /// Deprecated in WSC 2.0.
    public static let shared = WiFiAuthentication(rawValue: 0x0004)
    /// Deprecated in WSC 2.0.
    public static let wpaEnterprise = WiFiAuthentication(rawValue: 0x0008)
    public static let wpa2Enterprise = WiFiAuthentication(rawValue: 0x0010)
    public static let wpa2Personal = WiFiAuthentication(rawValue: 0x0020)

    private static let names: [(WiFiAuthentication, String)] = [
        (.open, "Open"), (.wpaPersonal, "WPA-Personal"), (.shared, "Shared"), (.wpaEnterprise, "WPA-Enterprise"),
        (.wpa2Enterprise, "WPA2-Enterprise"), (.wpa2Personal, "WPA2-Personal"),
    ]

    /// The names of the bits set, joined by `/` (e.g. `WPA-Personal/WPA2-Personal`); unnamed bits
    /// as `0xNNNN`.
    public var name: String { WiFiEncryption.describe(rawValue, Self.names.map { ($0.0.rawValue, $0.1) }) }
}
