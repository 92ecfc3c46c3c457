/// An index-checked cursor over bytes. Every read returns `nil` instead of trapping when the
/// bytes run out, so parsers can throw their own typed error naming `offset`.
public struct ByteReader: Sendable {
    public let bytes: [UInt8]
    /// The offset of the next byte to be read, from the start of `bytes`.
    public private(set) var offset: Int

    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = max(0, min(offset, bytes.count))
    }

    public var remaining: Int { bytes.count - offset }
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The next byte without consuming it.
    public func peek() -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    public mutating func readByte() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// `count` bytes, or `nil` (consuming nothing) when fewer remain. Never allocates more than
    /// what is actually present, whatever `count` claims.
    public mutating func read(count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    public mutating func readUInt16BE() -> UInt16? {
        guard let s = read(count: 2) else { return nil }
        return UInt16(s[s.startIndex]) << 8 | UInt16(s[s.startIndex + 1])
    }

    public mutating func readUInt32BE() -> UInt32? {
        guard let s = read(count: 4) else { return nil }
        return s.reduce(0) { $0 << 8 | UInt32($1) }
    }

    public mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        offset += count
        return true
    }
}
