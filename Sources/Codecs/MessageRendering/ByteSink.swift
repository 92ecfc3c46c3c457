import TapCardSupport

/// The output buffer of `decode --jsonl`'s fast path: bytes appended to memory it owns, without
/// the uniqueness and capacity checks an `Array` makes on every append. Profiled with callgrind
/// (scripts/profile.sh), those checks and the copies behind them were a fifth of the instructions
/// the bulk decoder spent per message.
///
/// A class so that the writer's many small functions share one buffer without `inout` copies;
/// used by one thread at a time.
final class ByteSink {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 17) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let length = bytes.count
        if count + length > capacity { grow(to: count + length) }
        if length <= 16 {
            // JSON punctuation and keys: a loop beats a call to memcpy at these sizes.
            for index in 0..<length { base[count + index] = source[index] }
        } else {
            (base + count).update(from: source, count: length)
        }
        count += length
    }

    @inline(__always)
    func append(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// `length` bytes at the end, to be filled by the caller through the returned pointer.
    @inline(__always)
    func extend(by length: Int) -> UnsafeMutablePointer<UInt8> {
        if count + length > capacity { grow(to: count + length) }
        defer { count += length }
        return base + count
    }

    /// Drops everything after the first `length` bytes.
    func truncate(to length: Int) {
        count = min(count, max(0, length))
    }

    func removeAll() { count = 0 }

    private func grow(to needed: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        grown.update(from: base, count: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }
}
