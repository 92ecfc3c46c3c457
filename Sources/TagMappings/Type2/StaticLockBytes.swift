/// The two static lock bytes in page 2 (bytes 10 and 11 of memory).
///
/// NTAG213/215/216 datasheet §8.5.2 and MF0ICU1 §7.5.2: lock byte 0 bits 0–2 are block-locking
/// bits (bit 0 freezes the CC's lock bit, bit 1 the lock bits of pages 4–9, bit 2 of pages
/// 10–15); bits 3–7 lock pages 3–7. Lock byte 1 bits 0–7 lock pages 8–15. A set bit cannot be
/// cleared.
public struct StaticLockBytes: Sendable, Equatable {
    public var bytes: (UInt8, UInt8)

    public init(_ byte0: UInt8, _ byte1: UInt8) { bytes = (byte0, byte1) }

    /// Reads bytes 10–11 of memory; `nil` when fewer than 12 bytes are given.
    public static func fromMemory(_ memory: [UInt8]) -> StaticLockBytes? {
        guard memory.count >= 12 else { return nil }
        return StaticLockBytes(memory[10], memory[11])
    }

    /// Every page (3–15) whose lock bit is set.
    public var lockedPages: [Int] {
        (3...15).filter { isLocked(page: $0) }
    }

    /// True when the lock bit of `page` (3–15) is set.
    public func isLocked(page: Int) -> Bool {
        switch page {
        case 3...7: bytes.0 & (1 << UInt8(page)) != 0
        case 8...15: bytes.1 & (1 << UInt8(page - 8)) != 0
        default: false
        }
    }

    /// The same bytes with every lock and block-lock bit set.
    public static let allLocked = StaticLockBytes(0xFF, 0xFF)

    public static func == (lhs: StaticLockBytes, rhs: StaticLockBytes) -> Bool {
        lhs.bytes == rhs.bytes
    }
}
