import Foundation

/// A tag paired with a profile, with the tag's inventory row (label, location, signature).
public struct PairedTagRecord: Sendable, Equatable {
    public var tag: TagRecord
    public var pairedAt: Date

    public init(tag: TagRecord, pairedAt: Date) {
        self.tag = tag
        self.pairedAt = pairedAt
    }
}
