import Contacts
import Testing

/// Folding at the exact 75-octet boundary (RFC 2426 §2.6: "lines longer than 75 octets SHOULD
/// be split"), with characters of every UTF-8 length sitting on the boundary.
@Suite struct LineFoldingTests {
    func physicalLines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var current: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                lines.append(current)
                current = []
                index += 2
            } else {
                current.append(bytes[index])
                index += 1
            }
        }
        #expect(current.isEmpty, "the output must end in CRLF")
        return lines
    }

    @Test func exactly75OctetsIsNotFolded() {
        let line = "NOTE:" + String(repeating: "x", count: 70)  // 5 + 70 = 75 octets
        #expect(LineFolding.fold(line) == Array(line.utf8) + [0x0D, 0x0A])
    }

    @Test func seventySixOctetsFoldsBeforeTheLastOctet() {
        let line = "NOTE:" + String(repeating: "x", count: 71)  // 76 octets
        let expected = Array(("NOTE:" + String(repeating: "x", count: 70)).utf8) + [0x0D, 0x0A, 0x20, 0x78, 0x0D, 0x0A]
        #expect(LineFolding.fold(line) == expected)
    }

    /// A character of `width` octets that would end at octet 76 moves whole to the next line; one
    /// that ends exactly at octet 75 stays.
    @Test(arguments: [("y", 1), ("é", 2), ("€", 3), ("😀", 4)])
    func multiByteCharacterOnTheBoundary(character: String, width: Int) {
        #expect(character.utf8.count == width)
        // Ends exactly at octet 75: no fold.
        let fitting = "NOTE:" + String(repeating: "x", count: 70 - width) + character
        #expect(fitting.utf8.count == 75)
        #expect(LineFolding.fold(fitting) == Array(fitting.utf8) + [0x0D, 0x0A])
        // Would end at octet 76: the whole character goes to the continuation line.
        let straddling = "NOTE:" + String(repeating: "x", count: 71 - width) + character
        #expect(straddling.utf8.count == 76)
        let lines = physicalLines(LineFolding.fold(straddling))
        #expect(lines.count == 2)
        #expect(lines[0] == Array(("NOTE:" + String(repeating: "x", count: 71 - width)).utf8))
        #expect(lines[0].count == 76 - width)
        #expect(lines[1] == [0x20] + Array(character.utf8))
    }

    @Test func continuationLinesHoldAtMost74OctetsAfterTheSpace() {
        let line = "NOTE:" + String(repeating: "€", count: 100)  // 305 octets
        let lines = physicalLines(LineFolding.fold(line))
        #expect(lines[0].count == 74)  // 5 + 23 × 3 = 74; a 24th € would make 77
        for continuation in lines.dropFirst() {
            #expect(continuation.first == 0x20)
            #expect(continuation.count <= 75)
            #expect(continuation.dropFirst().first != 0x20)
        }
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.count == 73 })  // space + 24 × 3 = 73
        #expect(LineFolding.unfold(LineFolding.fold(line)) == Array(line.utf8) + [0x0D, 0x0A])
    }

    @Test func aGraphemeClusterIsNeverSplit() {
        // 👍🏽 is two scalars, 8 octets; 👨‍👩‍👧‍👦 is seven scalars, 25 octets.
        for cluster in ["👍🏽", "👨‍👩‍👧‍👦", "e\u{301}", "🇭🇺"] {
            for padding in 60...75 {
                let line = "NOTE:" + String(repeating: "x", count: padding) + cluster + "tail"
                let lines = physicalLines(LineFolding.fold(line))
                let text = lines.map { String(decoding: $0, as: UTF8.self) }
                #expect(text.contains { $0.contains(cluster) }, "\(cluster) split at padding \(padding)")
                #expect(lines.allSatisfy { $0.count <= 75 })
            }
        }
    }

    @Test func anEscapeIsNeverSplitFromItsBackslash() {
        for padding in 65...75 {
            let line = "NOTE:" + String(repeating: "x", count: padding) + "\\;\\,\\n\\\\" + "end"
            let lines = physicalLines(LineFolding.fold(line))
            for line in lines { #expect(line.last != UInt8(ascii: "\\") || line.suffix(2) == [0x5C, 0x5C]) }
        }
    }

    @Test func noContinuationLineIsBlankAndNoneStartsWithContentWhitespace() {
        let line = "NOTE:" + String(repeating: "ab ", count: 40) + String(repeating: " ", count: 10) + "z"
        let lines = physicalLines(LineFolding.fold(line))
        for continuation in lines.dropFirst() {
            #expect(continuation.count >= 2)
            #expect(continuation[1] != 0x20)
        }
    }

    @Test func aGraphemeLongerThanALineIsSplitBetweenScalarsOnly() {
        let zalgo = "a" + String(repeating: "\u{301}", count: 60)  // 1 + 120 octets, one grapheme
        let line = "NOTE:" + zalgo
        let bytes = LineFolding.fold(line)
        let lines = physicalLines(bytes)
        #expect(lines.allSatisfy { $0.count <= 75 })
        for line in lines {
            // Every physical line is valid UTF-8 on its own: no sequence was cut.
            #expect(String(decoding: line, as: UTF8.self).utf8.count == line.count)
        }
        #expect(LineFolding.unfold(bytes) == Array(line.utf8) + [0x0D, 0x0A])
    }
}
