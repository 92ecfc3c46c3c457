extension JSON {
    /// The path (`$.Card.UID`, `$.blocks.3`) of the first member whose name its object already
    /// has, depth first, or `nil`. RFC 8259 §4 leaves such a document's meaning to the reader (one
    /// keeps the first, another the last), so a dump that has one holds no value anyone can name.
    /// Array elements are named by index (`$.list[2]`). The objects at `skipping` are not looked
    /// into (a reader that refuses their duplicates in its own words, `Block 5 appears twice`).
    public func firstDuplicateMember(at path: String = "$", skipping: Set<String> = []) -> String? {
        guard !skipping.contains(path) else { return nil }
        switch self {
        case .object(let members):
            var seen = Set<String>()
            for (name, value) in members {
                if !seen.insert(name).inserted { return "\(path).\(name)" }
                if let found = value.firstDuplicateMember(at: "\(path).\(name)", skipping: skipping) { return found }
            }
            return nil
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = element.firstDuplicateMember(at: "\(path)[\(index)]", skipping: skipping) {
                    return found
                }
            }
            return nil
        case .null, .bool, .int, .double, .string, .raw:
            return nil
        }
    }
}
