/// Where a Type 5 tag's memory size came from, so a refusal that compares it with the CC can say
/// whether the tag reported the figure or TapCard assumed it.
public enum Type5MemorySource: String, Sendable, Hashable {
    /// GET SYSTEM INFO's block count × block size (reported by the tag).
    case systemInfo = "get-system-info"
    /// The catalog's user memory for the model the UID names (assuming the datasheet's figure).
    case catalog
    /// Not known before the CC: the data area is the CC's MLEN × 8 (reported by the CC).
    case capabilityContainer = "capability-container"

    /// The source in words, for sentences ("reported by GET SYSTEM INFO").
    public var phrase: String {
        switch self {
        case .systemInfo: "reported by GET SYSTEM INFO"
        case .catalog: "assuming the model's datasheet figure"
        case .capabilityContainer: "taken from the CC itself"
        }
    }
}
