import Foundation

/// A row of the tag inventory: a tag TapCard has seen.
public struct TagRecord: Sendable, Equatable {
    public var key: TagKey
    /// The capacity last recorded; a reported figure is never replaced by an assumed one.
    public var capacity: CapacityRecord?
    public var label: String?
    public var location: String?
    public var firstSeen: Date
    public var lastSeen: Date
    public var signature: SignatureRecord?
    /// When TapCard locked the tag read-only, if it did.
    public var lockedAt: Date?

    public init(
        key: TagKey, capacity: CapacityRecord? = nil, label: String? = nil, location: String? = nil,
        firstSeen: Date, lastSeen: Date, signature: SignatureRecord? = nil, lockedAt: Date? = nil
    ) {
        self.key = key
        self.capacity = capacity
        self.label = label
        self.location = location
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.signature = signature
        self.lockedAt = lockedAt
    }
}
