/// What a read of a Type 3 tag found: the attribute block and the message it describes.
///
/// - ``capacity`` is Nmaxb × 16, as the attribute block reports it.
/// - ``isReadOnly`` is the RW flag (00).
/// - ``isInterruptedWrite``: WriteF is 0F, a write was torn (or is under way). Such a card holds
///   no valid message: ``message`` is `nil`; a tear verdict counts it as "empty".
/// - ``isLengthBeyondCapacity``: Ln is more than Nmaxb × 16, so no message can be read: ``message``
///   is `nil`, as after an interrupted write.
/// - ``isComplete``: every byte Ln announces was read.
public struct Type3Snapshot: Sendable, Hashable {
    public var attribute: Type3AttributeBlock
    /// The NDEF message bytes (`Ln` of them), `nil` after an interrupted write.
    public var message: [UInt8]?
    public var isComplete: Bool

    public var capacity: Int { attribute.capacity }
    public var isReadOnly: Bool { attribute.isReadOnly }
    public var isInterruptedWrite: Bool { attribute.isWriteInProgress }
    public var isLengthBeyondCapacity: Bool { attribute.length > attribute.capacity }

    /// A snapshot from the attribute block and the data blocks' bytes read after it (block 1
    /// first; extra bytes are padding and dropped).
    public static func make(attribute: Type3AttributeBlock, data: [UInt8]) -> Type3Snapshot {
        if attribute.isWriteInProgress || attribute.length > attribute.capacity {
            return Type3Snapshot(attribute: attribute, message: nil, isComplete: true)
        }
        let length = min(attribute.length, attribute.capacity)
        return Type3Snapshot(
            attribute: attribute, message: Array(data.prefix(length)),
            isComplete: data.count >= attribute.length)
    }
}
