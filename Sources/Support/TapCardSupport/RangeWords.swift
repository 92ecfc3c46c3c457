/// A run of numbered units in words, singular when it is one: "page 5", "pages 5–7", "block 3".
public enum RangeWords {
    /// `unit` is singular ("page"); the plural adds an s.
    public static func phrase(_ range: ClosedRange<Int>, unit: String) -> String {
        range.count == 1 ? "\(unit) \(range.lowerBound)" : "\(unit)s \(range.lowerBound)–\(range.upperBound)"
    }
}
