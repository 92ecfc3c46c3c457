import Testing

@testable import QRCode

/// Known answers from ISO/IEC 18004:2015: its tables and its worked example.
@Suite struct QRStructureTests {
    /// Table 7, byte mode: the capacities at the two ends and in between.
    @Test func byteCapacitiesAreTable7s() {
        let expected: [(Int, QRErrorCorrection, Int)] = [
            (1, .low, 17), (1, .medium, 14), (1, .quartile, 11), (1, .high, 7), (2, .medium, 26), (5, .quartile, 60),
            (9, .medium, 180), (10, .medium, 213), (10, .high, 119), (27, .low, 1_465), (40, .low, 2_953),
            (40, .medium, 2_331), (40, .quartile, 1_663), (40, .high, 1_273),
        ]
        for (version, level, bytes) in expected {
            #expect(QREncoder.capacity(version: version, level: level) == bytes, "\(version)-\(level.rawValue)")
        }
    }

    /// Table 9: total codewords, and every version's blocks divide them sensibly (each block
    /// holds more data than error correction never fails; error correction is at most 30 per block).
    @Test func codewordCountsAreTable9s() {
        #expect(QRTables.rawDataModules(version: 1) / 8 == 26)
        #expect(QRTables.rawDataModules(version: 7) / 8 == 196)
        #expect(QRTables.rawDataModules(version: 40) / 8 == 3_706)
        // Remainder bits (table 1): 0 for version 1, 7 for versions 2–6, 0 for 7–13, 3 for 14–20.
        #expect([1, 2, 6, 7, 14, 40].map { QRTables.rawDataModules(version: $0) % 8 } == [0, 7, 7, 0, 3, 0])
        for version in 1...40 {
            for level in QRErrorCorrection.allCases {
                let row = level.tableRow
                let ecc = QRTables.eccCodewordsPerBlock[row][version]
                let blocks = QRTables.blocks[row][version]
                let total = QRTables.rawDataModules(version: version) / 8
                #expect(ecc <= 30 && ecc >= 7)
                #expect(total / blocks > ecc, "\(version)-\(level.rawValue)")
            }
        }
        // 5-Q: 2 blocks of 15 and 2 of 16 data codewords, 18 error-correction codewords each.
        #expect(QRTables.dataCodewords(version: 5, level: .quartile) == 62)
        #expect(QRTables.dataCodewords(version: 27, level: .low) == 1_468)
    }

    /// Annex E: alignment pattern centres.
    @Test func alignmentPositionsAreAnnexEs() {
        #expect(QRTables.alignmentPositions(version: 1) == [])
        #expect(QRTables.alignmentPositions(version: 2) == [6, 18])
        #expect(QRTables.alignmentPositions(version: 7) == [6, 22, 38])
        #expect(QRTables.alignmentPositions(version: 32) == [6, 34, 60, 86, 112, 138])
        #expect(QRTables.alignmentPositions(version: 36) == [6, 24, 50, 76, 102, 128, 154])
        #expect(QRTables.alignmentPositions(version: 40) == [6, 30, 58, 86, 114, 142, 170])
    }

    /// Annex I's worked example, "01234567" at 1-M (numeric mode, so the data codewords are
    /// taken from the standard, not from this encoder): its ten error-correction codewords.
    @Test func reedSolomonMatchesAnnexI() {
        let data: [UInt8] = [
            0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
        ]
        #expect(
            ReedSolomon.remainder(data, divisor: ReedSolomon.divisor(degree: 10))
                == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func galoisFieldMultiplication() {
        // α⁸ = α⁴ + α³ + α² + 1 = 0x1D; 0x80 × 2 overflows into it.
        #expect(GaloisField.multiply(0x80, 0x02) == 0x1D)
        #expect(GaloisField.multiply(0x53, 0x01) == 0x53)
        #expect(GaloisField.multiply(0x00, 0xFF) == 0)
        // Every non-zero element has an inverse.
        for x in 1...255 {
            #expect((1...255).contains { GaloisField.multiply(UInt8(x), UInt8($0)) == 1 })
        }
    }

    /// Byte mode bit stream: "ab" at 1-M is 0100 00000010 01100001 01100010 0000, then pads.
    @Test func dataCodewordsOfAShortText() {
        #expect(
            QREncoder.dataCodewords(Array("ab".utf8), version: 1, level: .medium)
                == [0x40, 0x26, 0x16, 0x20, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11])
    }

    /// Format information (annex C, table C.1) and version information (annex D, table D.1),
    /// read back from the drawn symbol.
    @Test func formatAndVersionInformation() throws {
        let matrix = try QREncoder.encode(Array(repeating: 0x61, count: 100), level: .medium, minimumVersion: 7)
        #expect(matrix.version == 7)
        // Version 7: 000111 110010010100 (0x07C94), bit i at (size − 11 + i mod 3, i / 3).
        var bits = 0
        for index in 0..<18 where matrix.isDark(x: matrix.size - 11 + index % 3, y: index / 3) { bits |= 1 << index }
        #expect(bits == 0x07C94)
        // Format bits 0–5 run down column 8 from the top; bits 8…14 along row 8 (7, then 5 to 0).
        var format = 0
        for index in 0..<6 where matrix.isDark(x: 8, y: index) { format |= 1 << index }
        if matrix.isDark(x: 8, y: 7) { format |= 1 << 6 }
        if matrix.isDark(x: 8, y: 8) { format |= 1 << 7 }
        if matrix.isDark(x: 7, y: 8) { format |= 1 << 8 }
        for index in 9..<15 where matrix.isDark(x: 14 - index, y: 8) { format |= 1 << index }
        // Table C.1, level M: masks 0–7.
        let tableC1 = [0x5412, 0x5125, 0x5E7C, 0x5B4B, 0x45F9, 0x40CE, 0x4F97, 0x4AA0]
        #expect(format == tableC1[matrix.mask])
        #expect(matrix.isDark(x: 8, y: matrix.size - 8))
    }

    @Test func tooMuchDataIsANumberedError() {
        #expect(throws: QRCodeError.tooLong(bytes: 2_954, capacity: 2_953, version: 40, level: .low)) {
            try QREncoder.encode([UInt8](repeating: 0x41, count: 2_954), level: .low)
        }
        #expect(throws: QRCodeError.tooLong(bytes: 214, capacity: 213, version: 10, level: .medium)) {
            try QREncoder.encode([UInt8](repeating: 0x41, count: 214), maximumVersion: 10)
        }
        #expect(throws: QRCodeError.versionOutOfRange(41)) { try QREncoder.encode("a", maximumVersion: 41) }
        let sentence = QRCodeError.tooLong(bytes: 2_954, capacity: 2_953, version: 40, level: .low).sentence
        #expect(sentence.contains("2954 bytes") && sentence.contains("holds 2953"))
    }

    @Test func theSmallestVersionThatHoldsTheDataIsChosen() throws {
        #expect(try QREncoder.encode([UInt8](repeating: 0x41, count: 14)).version == 1)
        #expect(try QREncoder.encode([UInt8](repeating: 0x41, count: 15)).version == 2)
        #expect(try QREncoder.encode([UInt8](repeating: 0x41, count: 2_331)).version == 40)
    }

    @Test func theSVGHasAQuietZoneAndCrispEdges() throws {
        let matrix = try QREncoder.encode("https://ada.example/")
        let svg = QRSVGRenderer.svg(matrix, pixels: 120, label: "QR <code> & \"link\"")
        let side = matrix.size + 8
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\""))
        #expect(svg.contains("shape-rendering=\"crispEdges\""))
        #expect(svg.contains("aria-label=\"QR &lt;code&gt; &amp; &quot;link&quot;\""))
        // The top-left finder's first row: 7 dark modules starting at the quiet zone's edge.
        #expect(svg.contains("d=\"M4 4h7v1h-7z"))
    }
}
