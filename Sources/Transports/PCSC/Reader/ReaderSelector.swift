/// How `--reader` names a reader: an index from `tapcard readers` (0-based), the exact name, or a
/// part of one name (case-insensitive) that matches exactly one reader.
public enum ReaderSelector: Sendable, Equatable {
    case index(Int)
    case name(String)

    public init(_ text: String) {
        if let index = Int(text), index >= 0 {
            self = .index(index)
        } else {
            self = .name(text)
        }
    }

    /// The reader among `readers` this selector names.
    public func resolve(in readers: [String]) throws(PCSCError) -> String {
        switch self {
        case .index(let index):
            guard readers.indices.contains(index) else {
                throw PCSCError.readerNotFound(selector: String(index), available: readers)
            }
            return readers[index]
        case .name(let name):
            if readers.contains(name) { return name }
            let lowered = name.lowercased()
            let matches = readers.filter { $0.lowercased().contains(lowered) }
            guard matches.count == 1 else { throw PCSCError.readerNotFound(selector: name, available: readers) }
            return matches[0]
        }
    }
}
