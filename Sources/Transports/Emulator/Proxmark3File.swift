import TagCatalog
import TapCardSupport

/// What every Proxmark3 JSON dump shares (RfidResearchGroup/proxmark3 `client/src/fileutils.c`,
/// `prepareJSON`): a top-level object with `FileType`, a `Card` object of compact hex fields and
/// `blocks`, each block as hex under its number. ``tag(_:path:)`` picks the family by `FileType`:
/// `mfu` (``Proxmark3MFU``) or `15693 v4`/`15693 v5` (``Proxmark3ISO15693``).
public enum Proxmark3File {
    /// True when `bytes` look like a JSON document (a `{` first, after whitespace): the content,
    /// not the file name, decides.
    public static func isJSON(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "{")
    }

    /// The tag a Proxmark3 dump describes; `path` only names the file in errors. The second value
    /// is the dump of a Type 2 tag, header included (its UID, ``FlipperDump/unknowns``,
    /// ``FlipperDump/headerContradictions``), to report what the tag does not take from it.
    /// What a Proxmark3 dump does not hold, one phrase each: an `hf mfu dump`'s header gaps and
    /// unread pages, what an `hf 15 dump` has no member for (``Proxmark3ISO15693``).
    public static func unknowns(_ bytes: [UInt8], path: String) throws(EmulatorError) -> [String] {
        switch try tag(bytes, path: path) {
        case (_, let dump?): return dump.unknowns
        case (.type5, nil):
            do {
                return try Proxmark3ISO15693.parse(bytes).unknowns
            } catch {
                throw .malformedProxmark3File(path: path, error)
            }
        default: return []
        }
    }

    /// Where an `hf 15 dump`'s header contradicts its blocks (``Proxmark3ISO15693``); none for
    /// another dump (an `hf mfu dump` says its own through its ``FlipperDump``).
    public static func iso15693Contradictions(_ bytes: [UInt8], path: String) throws(EmulatorError) -> [String] {
        guard case (.type5, nil) = try tag(bytes, path: path) else { return [] }
        do {
            return try Proxmark3ISO15693.parse(bytes).contradictions
        } catch {
            throw .malformedProxmark3File(path: path, error)
        }
    }

    public static func tag(_ bytes: [UInt8], path: String) throws(EmulatorError) -> (VirtualTag, dump: FlipperDump?) {
        let document: JSON
        let fileType: String
        do {
            (document, fileType) = try self.document(bytes)
        } catch {
            throw .malformedProxmark3File(path: path, error)
        }
        switch fileType {
        case "mfu":
            let dump: FlipperDump
            do {
                dump = try Proxmark3MFU.parse(document)
            } catch {
                throw .malformedProxmark3File(path: path, error)
            }
            do {
                return (.type2(try EmulatedTag(dump: dump)), dump)
            } catch {
                throw .inFile(path: path, error)
            }
        case "15693 v4", "15693 v5":
            let parsed: Type5FlipperFile.Parsed
            do {
                parsed = try Proxmark3ISO15693.parse(document)
            } catch {
                throw .malformedProxmark3File(path: path, error)
            }
            return (.type5(try EmulatedType5Tag(model: parsed.model, uid: parsed.uid, memory: parsed.memory)), nil)
        case "mfdes":
            throw .malformedProxmark3File(path: path, desfireKeyFile(document))
        default:
            throw .malformedProxmark3File(path: path, .unsupportedFileType(fileType))
        }
    }

    /// What a DESFire key file (`hf mfdes chk --json`, `client/src/fileutils.c`,
    /// `jsfMfDesfireKeys`) holds: `$.Card.UID` and `$.DES`, `$.3DES`, `$.AES`, `$.K3KDES`, each
    /// an object of `{ "Key": hex }` by key number. Counted only, to say so: no tag is made of it.
    static func desfireKeyFile(_ document: JSON) -> Proxmark3DumpError {
        var keys = 0
        for kind in ["DES", "3DES", "AES", "K3KDES"] {
            guard case .object(let members) = document[kind] else { continue }
            keys += members.filter { $0.1["Key"] != nil }.count
        }
        var uid: [UInt8]? = nil
        if case .string(let text) = document["Card"]?["UID"], let bytes = decodeHex(text), !bytes.isEmpty,
            bytes.count <= 10
        {
            uid = bytes
        }
        return .desfireKeysOnly(keys: keys, uid: uid)
    }

    /// The parsed document and its `FileType`.
    static func document(_ bytes: [UInt8]) throws(Proxmark3DumpError) -> (JSON, String) {
        let document: JSON
        do {
            document = try JSONReader.read(bytes)
        } catch {
            throw .json(error)
        }
        guard case .object = document, let fileTypeValue = document["FileType"],
            case .string(let fileType) = fileTypeValue
        else { throw .notProxmark3Dump }
        if let duplicate = document.firstDuplicateMember(skipping: ["$.blocks"]) { throw .duplicateMember(duplicate) }
        return (document, fileType)
    }

    /// The `Card` member `name` as bytes of one of the lengths in `count`.
    static func hex(_ card: JSON, _ name: String, count: [Int], required: Bool) throws(Proxmark3DumpError) -> [UInt8]? {
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
    static func decodeHex(_ text: String) -> [UInt8]? {
        do {
            return try Hex.decode(text)
        } catch {
            return nil  // The caller names the field and what it holds.
        }
    }

    /// `blocks`: every block of `size` bytes, from 0 without a gap or a repeat.
    static func blocks(_ value: JSON?, size: Int) throws(Proxmark3DumpError) -> [[UInt8]] {
        guard let value, case .object(let members) = value else { throw .missingField("blocks") }
        guard members.count <= FlipperNFC.maximumPages else { throw .tooManyBlocks(members.count) }
        var blocks = [[UInt8]?](repeating: nil, count: members.count)
        for (name, content) in members {
            guard let block = Int(name), block >= 0, String(block) == name else { throw .badBlockName(name) }
            guard block < members.count else { throw .missingBlock(firstGap(members), count: members.count) }
            guard blocks[block] == nil else { throw .duplicateBlock(block) }
            guard case .string(let text) = content, let bytes = decodeHex(text), bytes.count == size else {
                throw .badHexField("blocks.\(block)", expectedBytes: [size], found: content.serialized())
            }
            blocks[block] = bytes
        }
        return try blocks.enumerated().map { (index, block) throws(Proxmark3DumpError) in
            guard let block else { throw .missingBlock(index, count: members.count) }
            return block
        }
    }

    private static func firstGap(_ members: [(String, JSON)]) -> Int {
        let present = Set(members.compactMap { Int($0.0) })
        var block = 0
        while present.contains(block) { block += 1 }
        return block
    }

    /// The lines of a dump in the client's layout (two-space indentation, `Created`, `FileType`,
    /// `Card`, `blocks`), from its `Card` fields and blocks as hex.
    static func render(fileType: String, card: [(String, String)], blocks: [[UInt8]]) -> String {
        var lines = ["{", "  \"Created\": \"TapCard\",", "  \"FileType\": \"\(fileType)\",", "  \"Card\": {"]
        lines += card.enumerated().map { index, field in
            "    \"\(field.0)\": \"\(field.1)\"" + (index == card.count - 1 ? "" : ",")
        }
        lines += ["  },", "  \"blocks\": {"]
        lines += blocks.enumerated().map { index, block in
            "    \"\(index)\": \"\(Hex.encode(block, uppercase: true))\"" + (index == blocks.count - 1 ? "" : ",")
        }
        lines += ["  }", "}"]
        return lines.joined(separator: "\n") + "\n"
    }
}
