/// Where a capacity figure comes from: read from the tag itself, or a model default.
public enum CapacitySource: String, Sendable, Equatable, Codable {
    /// Derived from this tag's own Capability Container and TLVs (or reported by the platform).
    case reported
    /// A model default from the datasheet; presented as "assuming …".
    case assumed
}

/// The largest NDEF message, in bytes, a tag can hold, and where that figure comes from.
public struct Capacity: Sendable, Equatable {
    public var bytes: Int
    public var source: CapacitySource
    public var model: TagModel?

    public init(bytes: Int, source: CapacitySource, model: TagModel? = nil) {
        self.bytes = bytes
        self.source = source
        self.model = model
    }
}
