/// The bytes of a tag's memory that may hold TLVs: from the first byte after the header (Type 2:
/// byte 16, page 4; Type 5: byte 4 or 8, after the CC) up to the end the CC declares, minus the
/// lock and reserved bytes that control TLVs or the chip name inside it.
///
/// Positions are byte offsets from the start of memory (Type 2 page 0, Type 5 block 0); TLV
/// offsets in reports are relative to ``start``.
public struct DataArea: Sendable, Equatable {
    /// Byte offset (from the start of memory) of the first byte: 16 on Type 2, the CC's length on
    /// Type 5.
    public var start: Int
    /// Byte offset just past the last byte.
    public var end: Int
    /// Bytes per unit of memory the tag reads and writes: a Type 2 page (4), a Type 5 block (the
    /// block size GET SYSTEM INFO reports). The walk never needs it; write plans do.
    public var unitSize: Int
    /// Ranges inside `start..<end` that NDEF data skips.
    public private(set) var skipped: [Range<Int>]

    public init(start: Int, end: Int, unitSize: Int, skipped: [Range<Int>] = []) {
        self.start = start
        self.end = max(start, end)
        self.unitSize = max(1, unitSize)
        self.skipped = []
        for range in skipped { skip(range) }
    }

    /// The unit (page or block) holding byte `offset`.
    public func unit(ofByte offset: Int) -> Int { offset / unitSize }

    /// The byte range of `unit`.
    public func byteRange(ofUnit unit: Int) -> Range<Int> { unit * unitSize..<(unit + 1) * unitSize }

    /// Declares `range` as not part of NDEF data (ignored where it lies outside the area).
    public mutating func skip(_ range: Range<Int>) {
        let clamped = range.clamped(to: start..<end)
        guard !clamped.isEmpty, !skipped.contains(clamped) else { return }
        skipped.append(clamped)
    }
    /// The first usable byte at or after `offset`, or `nil` past the end.
    public func nextUsable(from offset: Int) -> Int? {
        var position = max(offset, start)
        var moved = true
        while moved {
            moved = false
            guard position < end else { return nil }
            for range in skipped where range.contains(position) {
                position = range.upperBound
                moved = true
            }
        }
        return position
    }

    /// The position `count` usable bytes after `offset` (itself usable), or `nil` when the area
    /// ends first. `advance(from: p, by: 0) == nextUsable(from: p)`.
    public func advance(from offset: Int, by count: Int) -> Int? {
        guard var position = nextUsable(from: offset) else { return nil }
        var remaining = count
        while remaining > 0 {
            guard let next = nextUsable(from: position + 1) else { return nil }
            position = next
            remaining -= 1
        }
        return position
    }

    /// How many usable bytes lie at or after `offset`.
    public func usableCount(from offset: Int) -> Int {
        let from = max(offset, start)
        guard from < end else { return 0 }
        var count = end - from
        for range in skipped {
            count -= range.clamped(to: from..<end).count
        }
        return max(0, count)
    }

    /// The usable positions of `count` bytes starting at `offset`, or `nil` when they do not fit.
    public func positions(from offset: Int, count: Int) -> [Int]? {
        guard count >= 0, count <= usableCount(from: offset) else { return nil }
        var result: [Int] = []
        result.reserveCapacity(count)
        var position = nextUsable(from: offset)
        while result.count < count, let current = position {
            result.append(current)
            position = nextUsable(from: current + 1)
        }
        return result.count == count ? result : nil
    }
}
