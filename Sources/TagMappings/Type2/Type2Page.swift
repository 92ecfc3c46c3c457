/// NFC Forum Type 2 memory is addressed in 4-byte pages; these helpers convert between byte
/// offsets (from the start of page 0) and pages.
public enum Type2Page {
    /// Bytes per page (T2T: "block"), fixed by the NFC Forum Type 2 Tag specification.
    public static let size = 4
    /// The first page of the data area (pages 0–2 hold UID and static lock bytes, page 3 the CC).
    public static let firstDataPage = 4
    /// The byte offset of the data area's first byte.
    public static let dataAreaStart = 16

    /// The page holding byte `offset`.
    public static func page(ofByte offset: Int) -> Int { offset / size }

    /// The byte range of `page`.
    public static func byteRange(ofPage page: Int) -> Range<Int> { page * size..<(page + 1) * size }
}
