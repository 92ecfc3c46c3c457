import TLVArea
import TagCatalog

/// A chip's dynamic lock bits summarised the way a Lock Control TLV describes them: the page,
/// how many bits protect user pages, and how many pages each bit locks. Derived from the
/// catalog's ``/TagCatalog/DynamicLockMap`` (the one home of the lock-bit layout); used where the
/// NFC Forum arithmetic needs a ``/TLVArea/ControlArea`` (the bytes a data area must skip, which page to read
/// the lock bytes from). Which bit locks which page is read from the map itself
/// (``Type2Snapshot/isLocked(page:)``), because some chips interleave block-locking bits with the
/// lock bits (NTAG203, MIFARE Ultralight C).
public struct DynamicLockLayout: Sendable, Equatable {
    /// The page holding the dynamic lock bytes.
    public var page: Int
    /// How many lock bits protect user pages (block-locking bits not counted).
    public var bits: Int
    /// Pages each lock bit protects.
    public var pagesPerBit: Int

    public init(page: Int, bits: Int, pagesPerBit: Int) {
        self.page = page
        self.bits = bits
        self.pagesPerBit = pagesPerBit
    }

    /// The chip default for `model`, or `nil` where the chip has no dynamic lock bytes.
    public static func chipDefault(for model: TagModel) -> DynamicLockLayout? {
        guard let layout = model.type2Layout, let map = DynamicLockMap.of(model),
            let pagesPerBit = map.pagesPerBit(within: layout.userPages)
        else { return nil }
        return DynamicLockLayout(
            page: map.page, bits: map.lockBits(within: layout.userPages).count, pagesPerBit: pagesPerBit)
    }

    /// The same layout as a Lock Control TLV would describe it.
    public var controlArea: ControlArea {
        ControlArea(
            kind: .lock, byteAddress: page * Type2Page.size, byteCount: (bits + 7) / 8, lockBits: bits,
            bytesLockedPerBit: pagesPerBit * Type2Page.size)
    }
}
