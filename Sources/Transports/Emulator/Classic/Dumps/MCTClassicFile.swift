import TagCatalog
import TapCardSupport

/// MIFARE Classic Tool's dump (Android, ikarus23/MifareClassicTool): for every sector it read a
/// `+Sector: N` line, then one line of 32 hex digits a block; `-` stands for a digit it could not
/// read (a key it did not find reads `------------`, a block it could not read 32 dashes). A
/// sector the file does not list is unknown. There is no header: the highest sector (or
/// `--model`) says the model, block 0 the UID's length.
public enum MCTClassicFile {
    public static func isMCT(_ text: String) -> Bool {
        ClassicDumps.lines(text).contains { $0.text.hasPrefix("+Sector:") }
    }

    public static func parse(_ text: String, model given: TagModel?) throws(ClassicDumpError) -> ClassicDump {
        let most = 40
        var sectors: [Int: [[UInt8?]]] = [:]
        var current: Int? = nil
        var headers: [Int: Int] = [:]
        var halfKnown: [String] = []
        for line in ClassicDumps.lines(text) where !line.text.isEmpty {
            if line.text.hasPrefix("+Sector:") {
                let number = line.text.dropFirst(8).drop { $0 == " " }
                guard number.utf8.count <= 2, number.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                    let sector = Int(number),
                    sector < most
                else {
                    throw .badSector(line: line.number, reason: "'\(line.text)' is not a sector from 0 to \(most - 1)")
                }
                guard sectors[sector] == nil else {
                    throw .badSector(line: line.number, reason: "sector \(sector) is given a second time")
                }
                sectors[sector] = []
                headers[sector] = line.number
                current = sector
                continue
            }
            guard let sector = current else { throw .strayLine(line: line.number) }
            let count = sectors[sector]?.count ?? 0
            guard count < ClassicDumps.blocksInSector(sector) else {
                throw .sectorOverflow(line: line.number, sector: sector, blocks: ClassicDumps.blocksInSector(sector))
            }
            let block = ClassicDumps.firstBlock(ofSector: sector) + count
            sectors[sector, default: []].append(
                try ClassicDumps.block(line.text, line: line.number, block: block, dashes: true))
            if let note = halfKnownNote(line.text, line: line.number, block: block) { halfKnown.append(note) }
        }
        // MIFARE Classic Tool writes every block of a sector it saves (dashes for one it could not
        // read): a shorter sector would put its trailer's line in a data block.
        for (sector, lines) in sectors.sorted(by: { $0.key < $1.key })
        where lines.count != ClassicDumps.blocksInSector(sector) {
            throw .sectorShort(
                line: headers[sector] ?? 0, sector: sector, found: lines.count,
                blocks: ClassicDumps.blocksInSector(sector))
        }
        let highest = sectors.keys.max() ?? 0
        let model = try ClassicDumps.model(
            blockCount: ClassicDumps.firstBlock(ofSector: highest) + ClassicDumps.blocksInSector(highest), given: given)
        guard let facts = model.classic else { throw .wrongSize(found: 0, unit: "blocks", expected: [64, 256]) }
        var blocks = [[UInt8?]](repeating: [UInt8?](repeating: nil, count: 16), count: facts.blocks)
        for (sector, lines) in sectors {
            for (index, block) in lines.enumerated() {
                blocks[ClassicDumps.firstBlock(ofSector: sector) + index] = block
            }
        }
        var dump = ClassicDump(format: .mct, model: model, blocks: blocks)
        dump.fileNotes = halfKnown
        return dump
    }

    /// "line 3, block 1: byte 0 ('4-') is half known; …" for a block line (already read as 32
    /// characters) where a byte has one '-' and one hex digit, or `nil`. MIFARE Classic Tool
    /// writes whole bytes of dashes; a half-known byte is an edit, and the known half is lost.
    private static func halfKnownNote(_ text: Substring, line: Int, block: Int) -> String? {
        let digits = Array(text.utf8)
        let half = stride(from: 0, to: digits.count - 1, by: 2).filter { index in
            (digits[index] == 0x2D) != (digits[index + 1] == 0x2D)
        }
        guard !half.isEmpty else { return nil }
        let named = half.map { "\($0 / 2) ('\(String(decoding: digits[$0...$0 + 1], as: UTF8.self))')" }
        return
            "line \(line), block \(block): \(half.count == 1 ? "byte" : "bytes") \(named.joined(separator: ", ")) \(half.count == 1 ? "is" : "are") half known; a byte is known whole or not at all, so \(half.count == 1 ? "it is" : "they are") unknown, as MIFARE Classic Tool takes a byte with a '-'"
    }

    /// The card as MIFARE Classic Tool saves a dump (its `DumpEditor` and `Common.saveFile`,
    /// ikarus23/MifareClassicTool): `+Sector: N`, then the sector's blocks as 32 upper-case hex
    /// digits, lines joined by LF with none after the last. An unknown byte is written `--` (the
    /// app writes `------------` for a key it did not find and 32 dashes for a block it could not
    /// read; its reader takes `-` for any hex digit). A sector with no known byte is left out,
    /// as the app leaves out a sector it could not read, except the card's last sector, written
    /// in dashes so the file still says the card's size (the format has no header to say it).
    public static func encode(_ tag: EmulatedClassicTag) -> String {
        var lines: [String] = []
        let sectors = tag.facts.sectors
        for sector in 0..<sectors {
            let first = ClassicDumps.firstBlock(ofSector: sector)
            let range = first..<first + ClassicDumps.blocksInSector(sector)
            let anyKnown = range.contains { block in (0..<16).contains { tag.isKnown(block: block, byte: $0) } }
            guard anyKnown || sector == sectors - 1 else { continue }
            lines.append("+Sector: \(sector)")
            for block in range {
                lines.append(
                    tag.blocks[block].enumerated().map { index, byte in
                        tag.isKnown(block: block, byte: index) ? Hex.encode([byte], uppercase: true) : "--"
                    }.joined())
            }
        }
        return lines.joined(separator: "\n")
    }
}
