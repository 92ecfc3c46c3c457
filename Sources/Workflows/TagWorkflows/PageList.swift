/// Page numbers in words: "page 16", "pages 16–20 and 40".
enum PageList {
    static func phrase(_ pages: [Int]) -> String {
        let sorted = Array(Set(pages)).sorted()
        var runs: [ClosedRange<Int>] = []
        for page in sorted {
            if let last = runs.last, last.upperBound + 1 == page {
                runs[runs.count - 1] = last.lowerBound...page
            } else {
                runs.append(page...page)
            }
        }
        let parts = runs.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)–\($0.upperBound)" }
        let list =
            parts.count <= 1
            ? parts.joined() : parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        return (sorted.count == 1 ? "page " : "pages ") + list
    }
}
