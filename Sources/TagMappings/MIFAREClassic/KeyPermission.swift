/// Which key grants one operation under a sector's access conditions (MF1S50 datasheet, tables
/// "Access conditions for the sector trailer" and "for data blocks").
public enum KeyPermission: String, Sendable, Equatable, CaseIterable {
    case never
    case keyA = "key-a"
    case keyB = "key-b"
    case keyAOrB = "key-a-or-b"

    /// Whether authenticating with key A grants it.
    public var allowsKeyA: Bool { self == .keyA || self == .keyAOrB }
    /// Whether authenticating with key B grants it.
    public var allowsKeyB: Bool { self == .keyB || self == .keyAOrB }
}
