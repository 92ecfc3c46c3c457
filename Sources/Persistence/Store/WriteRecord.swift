import Foundation

/// One entry of the write log.
public struct WriteRecord: Sendable, Equatable {
    /// The row id (`nil` before it is recorded).
    public var id: Int64?
    public var tag: TagKey
    public var operation: WriteOperation
    /// The NDEF message bytes written (empty for a lock).
    public var message: [UInt8]
    /// The capacity the write was checked against, and where that figure came from.
    public var capacity: CapacityRecord?
    /// True when the tag was read back and matched.
    public var verified: Bool
    public var pagesWritten: Int
    /// Air time from the datasheet timing model (not measured), when the engine modeled it.
    public var modeledAirTime: TimeInterval?
    public var at: Date

    public init(
        id: Int64? = nil, tag: TagKey, operation: WriteOperation = .write, message: [UInt8],
        capacity: CapacityRecord?, verified: Bool, pagesWritten: Int, modeledAirTime: TimeInterval?, at: Date
    ) {
        self.id = id
        self.tag = tag
        self.operation = operation
        self.message = message
        self.capacity = capacity
        self.verified = verified
        self.pagesWritten = pagesWritten
        self.modeledAirTime = modeledAirTime
        self.at = at
    }
}
