import TLVArea

extension DataArea {
    /// A Type 2 data area: from byte 16 (page 4, ``Type2Page/dataAreaStart``) in 4-byte pages
    /// (NFC Forum T2T §2.1) up to `end`.
    public init(end: Int, skipped: [Range<Int>] = []) {
        self.init(start: Type2Page.dataAreaStart, end: end, unitSize: Type2Page.size, skipped: skipped)
    }
}
