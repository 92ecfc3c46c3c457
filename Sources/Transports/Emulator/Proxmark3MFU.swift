import TagCatalog
import TapCardSupport

/// Reads and writes Proxmark3 `hf mfu dump` JSON files (RfidResearchGroup/proxmark3,
/// `client/src/fileutils.c`, `jsfMfuMemory`): `"FileType": "mfu"`, a `Card` object with the UID,
/// the GET_VERSION answer (`Version`), `TBO_0`/`TBO_1`, the READ_SIG answer (`Signature`),
/// `Counter0`–`Counter2` (3 bytes each, least significant first, as READ_CNT answers) and
/// `Tearing0`–`Tearing2`, then `blocks` with every page as 4 bytes of hex under its number.
///
/// The dump is read into a ``FlipperDump``, so a Proxmark3 dump becomes a tag the same way a
/// Flipper Zero one does. The pages are the memory; the header `UID` is what the Proxmark3 says
/// it saw (``FlipperDump/uid``), and where the two differ the pages win, as in a Flipper file.
/// Older clients wrote `Tearing`, `Pack` and `"Counter": "N/A"` instead of the numbered fields:
/// their counters are read as zero.
public enum Proxmark3MFU {
    /// True when `bytes` look like a JSON document (a `{` first, after whitespace): the content,
    /// not the file name, decides.
    public static func isJSON(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "{")
    }

    // MARK: Parse

    /// The dump in `bytes`; `path` only names the file in errors.
    public static func dump(_ bytes: [UInt8], path: String) throws(EmulatorError) -> FlipperDump {
        do {
            return try parse(bytes)
        } catch {
            throw .malformedProxmark3File(path: path, error)
        }
    }

    public static func parse(_ bytes: [UInt8]) throws(Proxmark3DumpError) -> FlipperDump {
        let document: JSON
        do {
            document = try JSONReader.read(bytes)
        } catch {
            throw .json(error)
        }
        guard case .object = document, let fileTypeValue = document["FileType"] else { throw .notProxmark3Dump }
        guard case .string(let fileType) = fileTypeValue else { throw .notProxmark3Dump }
        guard fileType == "mfu" else { throw .unsupportedFileType(fileType) }
        guard let card = document["Card"], case .object = card else { throw .missingField("Card") }
        let pages = try blocks(document["blocks"])
        let uid = try hex(card, "UID", count: [4, 7, 10], required: true) ?? []
        let version = try hex(card, "Version", count: [8], required: false)
        let signature = try hex(card, "Signature", count: [32], required: false)
        var counters: [UInt32] = [0, 0, 0]
        var tearing: [UInt8] = [0, 0, 0]
        for index in 0..<3 {
            if let counter = try hex(card, "Counter\(index)", count: [3], required: false) {
                counters[index] = UInt32(counter[0]) | UInt32(counter[1]) << 8 | UInt32(counter[2]) << 16
            }
            if let flag = try hex(card, "Tearing\(index)", count: [1], required: false) { tearing[index] = flag[0] }
        }
        let model = identify(version: version, pageCount: pages.count)
        guard let model else {
            throw .unknownChip(version: version ?? [UInt8](repeating: 0, count: 8), pages: pages.count)
        }
        return FlipperDump(
            formatVersion: 0, chipName: FlipperNFC.chipName(for: model), model: model, uid: uid,
            signature: signature, getVersion: version, counters: counters, tearingFlags: tearing, pages: pages)
    }

    /// The model: by the GET_VERSION answer when the chip gave one, else by the page count of the
    /// chips that have no GET_VERSION (MIFARE Ultralight 16, NTAG203 42, Ultralight C 48).
    static func identify(version: [UInt8]?, pageCount: Int) -> TagModel? {
        if let version, version.contains(where: { $0 != 0 }) {
            return TagModel.identified(byVersion: version)
        }
        return TagModel.allCases.first { model in
            guard let layout = model.type2Layout else { return false }
            return layout.version == nil && layout.totalPages == pageCount
        }
    }

    private static func hex(_ card: JSON, _ name: String, count: [Int], required: Bool)
        throws(Proxmark3DumpError) -> [UInt8]?
    {
        guard let value = card[name] else {
            if required { throw .missingField("Card.\(name)") }
            return nil
        }
        guard case .string(let text) = value else {
            throw .badHexField("Card.\(name)", expectedBytes: count, found: value.serialized())
        }
        guard let bytes = decodeHex(text), count.contains(bytes.count) else {
            throw .badHexField("Card.\(name)", expectedBytes: count, found: text)
        }
        return bytes
    }

    /// Hex digits without separators (the Proxmark3 writes them compact), or nil.
    private static func decodeHex(_ text: String) -> [UInt8]? {
        do {
            return try Hex.decode(text)
        } catch {
            return nil
        }
    }

    private static func blocks(_ value: JSON?) throws(Proxmark3DumpError) -> [[UInt8]] {
        guard let value, case .object(let members) = value else { throw .missingField("blocks") }
        guard members.count <= FlipperNFC.maximumPages else { throw .tooManyBlocks(members.count) }
        var pages = [[UInt8]?](repeating: nil, count: members.count)
        for (name, content) in members {
            guard let block = Int(name), block >= 0, String(block) == name else { throw .badBlockName(name) }
            guard block < members.count else { throw .missingBlock(firstGap(members), count: members.count) }
            guard pages[block] == nil else { throw .duplicateBlock(block) }
            guard case .string(let text) = content, let bytes = decodeHex(text), bytes.count == 4 else {
                throw .badHexField("blocks.\(block)", expectedBytes: [4], found: content.serialized())
            }
            pages[block] = bytes
        }
        return try pages.enumerated().map { (index, page) throws(Proxmark3DumpError) in
            guard let page else { throw .missingBlock(index, count: members.count) }
            return page
        }
    }

    private static func firstGap(_ members: [(String, JSON)]) -> Int {
        let present = Set(members.compactMap { Int($0.0) })
        var block = 0
        while present.contains(block) { block += 1 }
        return block
    }

    // MARK: Render

    /// The dump as a Proxmark3 `hf mfu dump` JSON file, in the client's field order and
    /// two-space indentation (`hf mfu eload`/`restore` read it back).
    public static func render(_ dump: FlipperDump) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true) }
        var card: [(String, String)] = [
            ("UID", hex(dump.uid)),
            ("Version", hex(dump.getVersion ?? [UInt8](repeating: 0, count: 8))),
            ("TBO_0", "0000"), ("TBO_1", "00"),
            ("Signature", hex(dump.signature ?? [UInt8](repeating: 0, count: 32))),
        ]
        for index in 0..<3 {
            let counter = index < dump.counters.count ? dump.counters[index] : 0
            let flag = index < dump.tearingFlags.count ? dump.tearingFlags[index] : 0
            card.append(
                (
                    "Counter\(index)",
                    hex([UInt8(counter & 0xFF), UInt8(counter >> 8 & 0xFF), UInt8(counter >> 16 & 0xFF)])
                ))
            card.append(("Tearing\(index)", hex([flag])))
        }
        var lines = ["{", "  \"Created\": \"TapCard\",", "  \"FileType\": \"mfu\",", "  \"Card\": {"]
        lines += card.enumerated().map { index, field in
            "    \"\(field.0)\": \"\(field.1)\"" + (index == card.count - 1 ? "" : ",")
        }
        lines += ["  },", "  \"blocks\": {"]
        lines += dump.pages.enumerated().map { index, page in
            "    \"\(index)\": \"\(hex(page))\"" + (index == dump.pages.count - 1 ? "" : ",")
        }
        lines += ["  }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}

extension Proxmark3MFU {
    /// The header a Proxmark3 `hf mfu dump` `.bin` puts before the pages (`MFU_DUMP_PREFIX_LENGTH`
    /// in its `include/pm3_cmd.h`): GET_VERSION (8), TBO_0 (2), TBO_1 (1), the last page number
    /// (1), READ_SIG (32), three counters of 3 bytes with their tearing flag (12).
    public static let binaryHeaderLength = 56

    /// A `--model` image: raw pages, a Proxmark3 `.bin` (the 56-byte header, then the pages) or a
    /// Proxmark3 `.eml` (one page of hex per line), told apart by content and size. `nil` when
    /// the bytes are none of these for `model` (the caller reports the size).
    public static func image(_ bytes: [UInt8], model: TagModel) -> FlipperDump? {
        guard let layout = model.type2Layout else { return nil }
        let size = layout.totalPages * 4
        var pages: [UInt8]
        var dump = FlipperDump(
            chipName: FlipperNFC.chipName(for: model), model: model, uid: [], signature: nil, getVersion: nil,
            pages: [])
        if bytes.count == size {
            pages = bytes
        } else if bytes.count == binaryHeaderLength + size {
            pages = Array(bytes[binaryHeaderLength...])
            let version = Array(bytes[0..<8])
            if version.contains(where: { $0 != 0 }) { dump.getVersion = version }
            let signature = Array(bytes[12..<44])
            if signature.contains(where: { $0 != 0 }) { dump.signature = signature }
            for index in 0..<3 {
                let base = 44 + index * 4
                dump.counters[index] =
                    UInt32(bytes[base]) | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2]) << 16
                dump.tearingFlags[index] = bytes[base + 3]
            }
        } else if let eml = emlPages(bytes), eml.count == size {
            pages = eml
        } else {
            return nil
        }
        dump.pages = stride(from: 0, to: pages.count, by: 4).map { Array(pages[$0..<$0 + 4]) }
        dump.uid = Array(pages[0..<3]) + Array(pages[4..<8])
        return dump
    }

    /// The bytes of a `.eml` file (lines of hex digits, CR LF or LF), or nil when it is not one.
    static func emlPages(_ bytes: [UInt8]) -> [UInt8]? {
        var memory: [UInt8] = []
        for line in bytes.split(separator: 0x0A) {
            var text = line
            if text.last == 0x0D { text = text.dropLast() }
            if text.isEmpty { continue }
            guard text.count == 8 else { return nil }
            do {
                memory += try Hex.decode(utf8: text)
            } catch {
                return nil  // Not hex: not an .eml, and the caller reports the file's size.
            }
        }
        return memory.isEmpty ? nil : memory
    }
}
