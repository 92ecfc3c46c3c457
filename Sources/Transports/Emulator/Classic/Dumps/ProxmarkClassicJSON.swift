import TagCatalog
import TapCardSupport

/// Proxmark3's JSON dump of a MIFARE Classic card, as its client's `client/src/fileutils.c`
/// (`prepareJSON`, `jsfMfc_v2`) writes it after `hf mf dump`:
///
/// ```
/// {
///   "Created": "proxmark3",
///   "FileType": "mfc v2",
///   "Card": { "UID": "8A5C2E1B", "ATQA": "0400", "SAK": "08" },
///   "blocks": { "0": "8A5C2E1BE3080400…", "1": "…", … },
///   "SectorKeys": { "0": { "KeyA": "FFFFFFFFFFFF", "KeyB": "FFFFFFFFFFFF",
///                          "AccessConditions": "FF078069", "AccessConditionsText": {…} }, … }
/// }
/// ```
///
/// `ATQA` is in the order the card sent it (least significant byte first). Older clients wrote
/// `"FileType": "mfcard"` with the same members. A block the file leaves out is unknown; a trailer
/// the file leaves out takes its keys and access bytes from `SectorKeys`. Where a trailer and
/// `SectorKeys` disagree the trailer wins (it is what the dump read).
public enum ProxmarkClassicJSON {
    static let fileTypes = ["mfcard", "mfc v2", "mfc v3"]

    /// True when `bytes` are a JSON object whose `FileType` is a MIFARE Classic one.
    public static func isClassic(_ bytes: [UInt8]) -> Bool {
        let json: JSON
        do {
            json = try JSONReader.read(bytes)
        } catch {
            return looksClassic(bytes)
        }
        guard case .string(let type) = json["FileType"] else { return false }
        return fileTypes.contains(type)
    }

    /// A broken JSON text is still ours when it names a Classic file type: it then gets the
    /// JSON error, not "not a dump".
    private static func looksClassic(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        return fileTypes.contains { text.contains("\"\($0)\"") }
    }

    public static func parse(_ bytes: [UInt8], model given: TagModel?) throws(ClassicDumpError) -> ClassicDump {
        let json = try parseJSON(bytes)
        if let duplicate = json.firstDuplicateMember(skipping: ["$.blocks"]) {
            throw .jsonField(
                path: duplicate,
                reason:
                    "given twice; JSON readers disagree on which one counts (the Proxmark3 client keeps the last), so the dump's value is not known"
            )
        }
        guard case .string(let type) = json["FileType"], fileTypes.contains(type) else {
            throw .jsonField(path: "$.FileType", reason: "not one of \(fileTypes.joined(separator: ", "))")
        }
        let uid = try hex(json["Card"]?["UID"], path: "$.Card.UID", counts: [4, 7])
        let atqa = try hex(json["Card"]?["ATQA"], path: "$.Card.ATQA", counts: [2])
        let sak = try hex(json["Card"]?["SAK"], path: "$.Card.SAK", counts: [1])
        guard case .object(let members) = json["blocks"] else {
            throw .jsonField(path: "$.blocks", reason: "missing, or not an object of blocks")
        }
        let most = EmulatedClassicTag.supportedModels.compactMap { $0.classic?.blocks }.max() ?? 256
        var found: [Int: [UInt8?]] = [:]
        for (key, value) in members {
            guard key.utf8.count <= 4, key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let number = Int(key) else {
                throw .jsonField(path: "$.blocks.\(key)", reason: "not a block number")
            }
            guard number < most else { throw .blockOutOfRange(block: number, blocks: most) }
            guard found[number] == nil else { throw .duplicateBlock(block: number, line: 0) }
            guard case .string(let text) = value else {
                throw .jsonField(path: "$.blocks.\(key)", reason: "not a string of 32 hex digits")
            }
            found[number] = try ClassicDumps.block(Substring(text), line: 0, block: number, dashes: false)
        }
        // The memory says the model: its highest block, or the highest sector `SectorKeys` lists
        // (the client lists every sector; a block it leaves out is unknown, not absent from the
        // card). A header SAK that names another model is reported (ClassicDump.headerContradictions),
        // never obeyed.
        var blockCount = (found.keys.max() ?? 0) + 1
        if case .object(let sectors) = json["SectorKeys"] {
            for key in sectors.map(\.0) where key.utf8.count <= 2 && key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                guard let sector = Int(key), sector < 40 else { continue }
                blockCount = max(
                    blockCount, ClassicDumps.firstBlock(ofSector: sector) + ClassicDumps.blocksInSector(sector))
            }
        }
        let model = try ClassicDumps.model(blockCount: blockCount, given: given)
        guard let facts = model.classic else { throw .jsonField(path: "$.blocks", reason: "not a MIFARE Classic") }
        var blocks = (0..<facts.blocks).map { found[$0] ?? [UInt8?](repeating: nil, count: 16) }
        var contradictions: [String] = []
        if case .object(let sectors) = json["SectorKeys"] {
            for (key, entry) in sectors {
                guard key.utf8.count <= 2, key.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let sector = Int(key),
                    sector < facts.sectors
                else {
                    throw .jsonField(path: "$.SectorKeys.\(key)", reason: "not a sector of \(model.withArticle)")
                }
                let trailer = ClassicDumps.firstBlock(ofSector: sector) + ClassicDumps.blocksInSector(sector) - 1
                let parts: [(String, Int, Int)] = [("KeyA", 0, 6), ("AccessConditions", 6, 4), ("KeyB", 10, 6)]
                for (name, offset, count) in parts {
                    let path = "$.SectorKeys.\(key).\(name)"
                    guard let bytes = try hex(entry[name], path: path, counts: [count]) else { continue }
                    let held = blocks[trailer][offset..<offset + count]
                    if held.allSatisfy({ $0 != nil }), held.map({ $0 ?? 0 }) != bytes {
                        contradictions.append(
                            "'\(path)' is \(Hex.encode(bytes, uppercase: true)) but block \(trailer), sector \(sector)'s trailer, holds \(Hex.encode(held.map { $0 ?? 0 }, uppercase: true)) there; the trailer's bytes are kept (they are what the dump read)"
                        )
                    }
                    for (index, byte) in bytes.enumerated() where blocks[trailer][offset + index] == nil {
                        blocks[trailer][offset + index] = byte
                    }
                }
            }
        }
        var dump = ClassicDump(
            format: .proxmark3JSON, model: model, headerUID: uid,
            headerATQA: atqa.map { Array($0.reversed()) }, headerSAK: sak?.first, blocks: blocks)
        dump.fileContradictions = contradictions
        return dump
    }

    /// The hex string at `path`; `nil` when absent and `optional` (the `Card` members are
    /// optional: a dump without them is still a card).
    /// The JSON text, read by the one total JSON reader (TapCardSupport's `JSONReader`).
    private static func parseJSON(_ bytes: [UInt8]) throws(ClassicDumpError) -> JSON {
        do throws(JSONReadError) {
            return try JSONReader.read(bytes)
        } catch {
            throw .json(error)
        }
    }

    private static func hex(_ value: JSON?, path: String, counts: [Int])
        throws(ClassicDumpError) -> [UInt8]?
    {
        guard let value else { return nil }
        guard case .string(let text) = value else { throw .jsonField(path: path, reason: "not a hex string") }
        let digits = Array(text.utf8)
        guard digits.count % 2 == 0, counts.contains(digits.count / 2) else {
            throw .jsonField(
                path: path,
                reason:
                    "\(digits.count) hex digits; it takes \(counts.map { String($0 * 2) }.joined(separator: " or "))")
        }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = ClassicDumps.hexValue(digits[index]), let low = ClassicDumps.hexValue(digits[index + 1])
            else { throw .jsonField(path: path, reason: "byte \(index / 2) is not two hex digits") }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// The card as `hf mf dump` writes it (`mfc v2`): every block, an unknown byte as `00`.
    ///
    /// The format has no mark for a byte nobody read, and the client's loader (`loadFileJSONex`)
    /// stops at the first block missing from `blocks`, so leaving a block out would cut the card
    /// short for `hf mf eload`. `hf mf dump` itself writes `00` for what it could not read (a block
    /// it failed to read stays as its zeroed buffer; a key A it could not use is zeroed:
    /// `mfc_read_tag` in `client/src/cmdhfmf.c`), and so does this; ``zeroFilled(_:)`` lists
    /// those bytes for the export to say. A `SectorKeys` member holding an unknown byte is left
    /// out: a key nobody knows is not stated as a key.
    public static func encode(_ tag: EmulatedClassicTag) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true) }
        func known(_ block: Int, _ range: Range<Int>) -> Bool {
            range.allSatisfy { tag.isKnown(block: block, byte: $0) }
        }
        var out = "{\n  \"Created\": \"TapCard\",\n  \"FileType\": \"mfc v2\",\n  \"Card\": {\n"
        out +=
            "    \"UID\": \"\(hex(tag.uid))\",\n    \"ATQA\": \"\(hex(tag.atqa))\",\n    \"SAK\": \"\(hex([tag.sak]))\"\n  },\n"
        let blocks = tag.blocks.enumerated().map { number, bytes in
            let written = bytes.enumerated().map { tag.isKnown(block: number, byte: $0.offset) ? $0.element : 0 }
            return "    \"\(number)\": \"\(hex(written))\""
        }
        out += "  \"blocks\": {\n" + blocks.joined(separator: ",\n") + "\n  },\n"
        var sectors: [String] = []
        for sector in 0..<tag.facts.sectors {
            let trailer = tag.trailerBlock(ofSector: sector)
            let bytes = tag.blocks[trailer]
            var members: [String] = []
            if known(trailer, 0..<6) { members.append("\"KeyA\": \"\(hex(Array(bytes[0..<6])))\"") }
            if known(trailer, 10..<16) { members.append("\"KeyB\": \"\(hex(Array(bytes[10..<16])))\"") }
            if known(trailer, 6..<10) { members.append("\"AccessConditions\": \"\(hex(Array(bytes[6..<10])))\"") }
            sectors.append("    \"\(sector)\": {\n      " + members.joined(separator: ",\n      ") + "\n    }")
        }
        out += "  \"SectorKeys\": {\n" + sectors.joined(separator: ",\n") + "\n  }\n}\n"
        return out
    }

    /// The bytes ``encode(_:)`` writes as `00` because nobody knows them: each block holding one,
    /// in order, with its runs of unknown bytes.
    public static func zeroFilled(_ tag: EmulatedClassicTag) -> [(block: Int, runs: [Range<Int>])] {
        (0..<tag.blockCount).compactMap { block in
            var runs: [Range<Int>] = []
            for byte in 0..<ClassicFacts.blockSize where !tag.isKnown(block: block, byte: byte) {
                if let last = runs.last, last.upperBound == byte {
                    runs[runs.count - 1] = last.lowerBound..<byte + 1
                } else {
                    runs.append(byte..<byte + 1)
                }
            }
            return runs.isEmpty ? nil : (block, runs)
        }
    }
}
