/// A tag's NDEF capacity as recorded, with where the figure came from.
public struct CapacityRecord: Sendable, Equatable {
    public enum Source: String, Sendable, Equatable {
        /// The tag reported it (its capability container).
        case reported
        /// Derived from the chip's datasheet, not read from this tag.
        case assumed
    }

    public var bytes: Int
    public var source: Source

    public init(bytes: Int, source: Source) {
        self.bytes = bytes
        self.source = source
    }
}
