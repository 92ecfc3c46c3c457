/// Where a capacity figure came from. Wording depends on it: an assumed figure is always
/// presented with the word "assuming", a reported one as what the tag reports.
public enum CapacitySource: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// A tag stated it: iOS `queryNDEFStatus`, or the tag's own CC and TLVs read live.
    case reported
    /// A model default or a figure someone typed; no tag has answered.
    case assumed
}

/// The largest NDEF message, in bytes, a tag can hold, with its provenance.
public struct Capacity: Sendable, Equatable, Hashable, Codable {
    /// Maximum NDEF message size in bytes (the message alone, without TLV or NLEN framing).
    public var bytes: Int
    public var source: CapacitySource
    /// The tag model the figure belongs to, when known.
    public var model: TagModel?

    public init(bytes: Int, source: CapacitySource, model: TagModel?) {
        self.bytes = bytes
        self.source = source
        self.model = model
    }

    /// A figure a tag reported.
    public static func reported(_ bytes: Int, model: TagModel? = nil) -> Capacity {
        Capacity(bytes: bytes, source: .reported, model: model)
    }

    /// A figure nobody measured: a model's default, or a number the user gave.
    public static func assumed(_ bytes: Int, model: TagModel? = nil) -> Capacity {
        Capacity(bytes: bytes, source: .assumed, model: model)
    }
}
