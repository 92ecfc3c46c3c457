import TagCatalog

/// Where a chip keeps its dynamic lock bits when the tag carries no Lock Control TLV, and how
/// many pages each bit locks. Bits count from bit 0 of the first lock byte; bit `i` locks the
/// pages starting at page 16 + i × pagesPerBit.
public struct DynamicLockLayout: Sendable, Equatable {
    /// The page holding the dynamic lock bytes.
    public var page: Int
    /// How many lock bits protect pages (block-locking bits not counted).
    public var bits: Int
    /// Pages each lock bit protects.
    public var pagesPerBit: Int

    public init(page: Int, bits: Int, pagesPerBit: Int) {
        self.page = page
        self.bits = bits
        self.pagesPerBit = pagesPerBit
    }

    /// The chip default for `model`, or `nil` where the chip has no dynamic lock bytes.
    ///
    /// NTAG213: 2 pages per bit, pages 16–39 (12 bits; matches its factory Lock Control TLV
    /// `A0 0C 34`). NTAG215/216: 16 pages per bit (datasheet §8.5.2). NTAG212: 2 pages per bit.
    /// NTAG203 / Ultralight C: 4 pages per bit. Ultralight EV1 128 and NTAG I2C follow the same
    /// table style; their per-bit figure is UNVERIFIED (4 and 16 assumed).
    public static func chipDefault(for model: TagModel) -> DynamicLockLayout? {
        guard let layout = model.type2Layout, let page = layout.dynamicLockPage else { return nil }
        let pagesPerBit =
            switch model {
            case .ntag213, .ntag212: 2
            case .ntag215, .ntag216, .ntagI2C1k, .ntagI2C2k: 16
            default: 4
            }
        let protectedPages = max(0, layout.userPages.upperBound + 1 - 16)
        return DynamicLockLayout(
            page: page, bits: (protectedPages + pagesPerBit - 1) / pagesPerBit, pagesPerBit: pagesPerBit)
    }

    /// The same layout as a Lock Control TLV would describe it.
    public var controlArea: ControlArea {
        ControlArea(
            kind: .lock, byteAddress: page * Type2Page.size, byteCount: (bits + 7) / 8, lockBits: bits,
            bytesLockedPerBit: pagesPerBit * Type2Page.size)
    }
}
