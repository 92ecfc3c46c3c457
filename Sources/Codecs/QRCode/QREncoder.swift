/// Encodes bytes as a QR code (ISO/IEC 18004:2015, model 2) in byte mode.
///
/// The steps of §7.1: the smallest version that holds the data at the level; the bit stream
/// (mode 0100, the count, the bytes, a terminator of up to four zeros, zero bits to a byte
/// boundary, then the pad codewords 0xEC 0x11 alternately); the codewords split into blocks,
/// each given its Reed–Solomon codewords, and interleaved; the bits placed around the function
/// patterns; and of the eight masks, the one with the lowest penalty (`QRPenalty`), ties going
/// to the lower mask number.
public enum QREncoder {
    /// The symbol for `bytes` at `level`, in the smallest version from `minimumVersion` up to
    /// `maximumVersion` that holds them.
    public static func encode(
        _ bytes: [UInt8], level: QRErrorCorrection = .medium, minimumVersion: Int = 1, maximumVersion: Int = 40
    ) throws(QRCodeError) -> QRMatrix {
        for version in [minimumVersion, maximumVersion] where !(1...40).contains(version) {
            throw QRCodeError.versionOutOfRange(version)
        }
        guard
            let version = (minimumVersion...max(minimumVersion, maximumVersion)).first(where: {
                bytes.count <= capacity(version: $0, level: level)
            })
        else {
            let biggest = max(minimumVersion, maximumVersion)
            throw QRCodeError.tooLong(
                bytes: bytes.count, capacity: capacity(version: biggest, level: level), version: biggest, level: level)
        }
        let codewords = interleaved(
            dataCodewords(bytes, version: version, level: level), version: version, level: level)
        var canvas = QRCanvas(version: version)
        canvas.drawCodewords(codewords)
        let trials = (0..<8).map { mask in
            var trial = canvas
            trial.applyMask(mask)
            trial.drawFormat(mask: mask, level: level)
            return (mask: mask, penalty: QRPenalty.score(trial.modules, size: trial.size), modules: trial.modules)
        }
        // `min(by:)` keeps the first of equal elements: ties go to the lower mask number.
        let chosen = trials.min { $0.penalty < $1.penalty } ?? trials[0]
        return QRMatrix(
            version: version, errorCorrection: level, mask: chosen.mask, size: canvas.size, modules: chosen.modules)
    }

    /// The text's UTF-8 bytes as a QR code: what a phone's camera reads back as the same text.
    public static func encode(
        _ text: String, level: QRErrorCorrection = .medium, minimumVersion: Int = 1, maximumVersion: Int = 40
    ) throws(QRCodeError) -> QRMatrix {
        try encode(Array(text.utf8), level: level, minimumVersion: minimumVersion, maximumVersion: maximumVersion)
    }

    /// The most bytes byte mode holds at `version` and `level` (ISO/IEC 18004 table 7, "Byte"
    /// column): 14 at 1-M, 2 953 at 40-L.
    public static func capacity(version: Int, level: QRErrorCorrection) -> Int {
        QRTables.byteCapacity(version: version, level: level)
    }

    /// The data codewords: mode, count, bytes, terminator, padding (§7.4).
    static func dataCodewords(_ bytes: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let capacityBits = QRTables.dataCodewords(version: version, level: level) * 8
        var bits: [Bool] = []
        func append(_ value: Int, _ count: Int) {
            for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 != 0) }
        }
        append(0b0100, 4)
        append(bytes.count, QRTables.byteCountBits(version: version))
        for byte in bytes { append(Int(byte), 8) }
        append(0, min(4, capacityBits - bits.count))
        append(0, (8 - bits.count % 8) % 8)
        var codewords: [UInt8] = stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<start + 8].reduce(UInt8(0)) { $0 << 1 | ($1 ? 1 : 0) }
        }
        var pad: UInt8 = 0xEC
        while codewords.count * 8 < capacityBits {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Splits the data into blocks (the short ones first, the long ones one codeword longer),
    /// adds each block's error correction, and interleaves: the data codewords column by
    /// column across the blocks, then the error-correction codewords the same way (§7.6).
    static func interleaved(_ data: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let blockCount = QRTables.blocks[level.tableRow][version]
        let eccLength = QRTables.eccCodewordsPerBlock[level.tableRow][version]
        let rawCodewords = QRTables.rawDataModules(version: version) / 8
        let shortBlocks = blockCount - rawCodewords % blockCount
        let shortDataLength = rawCodewords / blockCount - eccLength
        let divisor = ReedSolomon.divisor(degree: eccLength)
        var dataBlocks: [[UInt8]] = []
        var eccBlocks: [[UInt8]] = []
        var offset = 0
        for index in 0..<blockCount {
            let length = shortDataLength + (index < shortBlocks ? 0 : 1)
            let block = Array(data[offset..<offset + length])
            offset += length
            dataBlocks.append(block)
            eccBlocks.append(ReedSolomon.remainder(block, divisor: divisor))
        }
        var result: [UInt8] = []
        for column in 0...shortDataLength {
            for block in dataBlocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<eccLength {
            for block in eccBlocks { result.append(block[column]) }
        }
        return result
    }
}
