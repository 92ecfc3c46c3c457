/// Just enough DER to take keys and signatures apart: tag, length, contents.
struct DERReader {
    var bytes: [UInt8]
    var offset = 0

    /// Reads one element; returns its tag and contents, or `nil` at the end or on bad input.
    mutating func next() -> (tag: UInt8, contents: [UInt8])? {
        guard offset + 2 <= bytes.count else { return nil }
        let tag = bytes[offset]
        var length = Int(bytes[offset + 1])
        offset += 2
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard count <= 2, offset + count <= bytes.count else { return nil }
            length = bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
            offset += count
        }
        guard offset + length <= bytes.count else { return nil }
        defer { offset += length }
        return (tag, Array(bytes[offset..<offset + length]))
    }

    /// An INTEGER's value as exactly `count` big-endian bytes (a leading sign byte dropped).
    static func fixed(_ integer: [UInt8], count: Int) -> [UInt8] {
        let trimmed = Array(integer.drop(while: { $0 == 0 }))
        return [UInt8](repeating: 0, count: max(0, count - trimmed.count)) + trimmed.suffix(count)
    }
}
