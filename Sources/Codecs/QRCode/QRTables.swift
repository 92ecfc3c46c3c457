/// The block structure of ISO/IEC 18004:2015 table 9, per version (index 1–40; index 0 unused)
/// and per error-correction level (rows L, M, Q, H): how many error-correction codewords each
/// block has, and how many blocks the codewords are split into. With the count of data modules
/// (``rawDataModules(version:)``) these give every other figure of table 9: total codewords,
/// data codewords, and how many blocks are one codeword longer.
enum QRTables {
    static let eccCodewordsPerBlock: [[Int]] = [
        [
            -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26,
            28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28,
            28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        ],
        [
            -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30,
            28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
        [
            -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30,
            30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
        ],
    ]

    static let blocks: [[Int]] = [
        [
            -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16,
            17, 18, 19, 19, 20, 21, 22, 24, 25,
        ],
        [
            -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
            29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
        ],
        [
            -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35,
            38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
        ],
        [
            -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
            45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
        ],
    ]

    /// Modules left for data and error correction once the function patterns (finders,
    /// separators, timing, alignment, format and version information, the dark module) are
    /// taken: 208 for version 1, 29 648 for version 40. Includes the remainder bits.
    static func rawDataModules(version: Int) -> Int {
        var result = (16 * version + 128) * version + 64
        if version >= 2 {
            let alignments = version / 7 + 2
            result -= (25 * alignments - 10) * alignments - 55
            if version >= 7 { result -= 36 }
        }
        return result
    }

    /// Data codewords (after error correction is taken) of `version` at `level`.
    static func dataCodewords(version: Int, level: QRErrorCorrection) -> Int {
        rawDataModules(version: version) / 8 - eccCodewordsPerBlock[level.tableRow][version]
            * blocks[level.tableRow][version]
    }

    /// The centre coordinates of the alignment patterns (ISO/IEC 18004 annex E), evenly spaced
    /// from the last row or column towards 6, the spacing even; empty for version 1.
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let size = version * 4 + 17
        let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
        return [6] + (0..<(count - 1)).map { size - 7 - $0 * step }.reversed()
    }

    /// Bits of the character count in byte mode (ISO/IEC 18004 table 3).
    static func byteCountBits(version: Int) -> Int { version <= 9 ? 8 : 16 }

    /// The most bytes byte mode holds at `version` and `level`: data codewords × 8, minus the
    /// 4-bit mode indicator and the count.
    static func byteCapacity(version: Int, level: QRErrorCorrection) -> Int {
        (dataCodewords(version: version, level: level) * 8 - 4 - byteCountBits(version: version)) / 8
    }
}
