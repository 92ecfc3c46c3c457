/// The bytes of a Type 2 tag that may hold TLVs: from byte 16 (page 4) up to the end the CC
/// declares, minus the lock and reserved bytes that control TLVs or the chip name inside it.
public struct DataArea: Sendable, Equatable {
    /// Byte offset (from page 0) of the first byte: always 16.
    public var start: Int
    /// Byte offset just past the last byte.
    public var end: Int
    /// Ranges inside `start..<end` that NDEF data skips.
    public private(set) var skipped: [Range<Int>]

    public init(start: Int = Type2Page.dataAreaStart, end: Int, skipped: [Range<Int>] = []) {
        self.start = start
        self.end = max(start, end)
        self.skipped = []
        for range in skipped { skip(range) }
    }

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
