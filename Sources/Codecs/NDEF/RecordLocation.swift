/// Where one logical record sits in the bytes it was decoded from.
public struct RecordLocation: Sendable, Hashable {
    /// The offset of the record's (first chunk's) header byte.
    public let offset: Int
    /// The input ranges holding the payload, one per chunk, in order.
    public let payloadRanges: [Range<Int>]

    public init(offset: Int, payloadRanges: [Range<Int>]) {
        self.offset = offset
        self.payloadRanges = payloadRanges
    }

    /// The number of chunks the record was sent in (1 when not chunked).
    public var chunkCount: Int { payloadRanges.count }

    /// The input offset of byte `index` of the reassembled payload (`index` may equal the payload
    /// length, meaning just past its last byte).
    public func inputOffset(ofPayloadByte index: Int) -> Int {
        var remaining = index
        for range in payloadRanges {
            if remaining < range.count { return range.lowerBound + remaining }
            remaining -= range.count
        }
        return (payloadRanges.last?.upperBound ?? offset) + remaining
    }
}
