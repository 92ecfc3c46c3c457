/// ISO/IEC 9797-1 padding method 2, which NTAG 424 DNA uses in FULL communication mode: append
/// 80, then 00 up to a whole number of 16-byte blocks; already whole data gets a full extra block
/// (NTAG 424 DNA datasheet, secure messaging; shared/reference/type4-type5-ntag424.md §2.5).
public enum ISO9797Padding {
    /// `data` with method 2 padding to a multiple of 16 bytes (always at least one byte added).
    public static func pad(_ data: [UInt8]) -> [UInt8] {
        var out = data + [0x80]
        out += [UInt8](repeating: 0, count: (16 - out.count % 16) % 16)
        return out
    }

    /// `data` without its method 2 padding. Strict: the data must be a non-empty whole number of
    /// blocks and its last block must end in 80 followed only by 00; anything else is refused.
    /// Called after a MAC over the ciphertext was verified, so its timing tells nothing new.
    public static func unpad(_ data: [UInt8]) throws(CipherError) -> [UInt8] {
        guard !data.isEmpty, data.count % 16 == 0 else { throw .notWholeBlocks(data.count) }
        var end = data.count - 1
        while end > data.count - 16, data[end] == 0 { end -= 1 }
        guard data[end] == 0x80 else { throw .badPadding }
        return Array(data[..<end])
    }
}
