import TapCardSupport

/// A Proxmark3 JSON dump that cannot be read as a tag, with the field (and block) at fault.
public enum Proxmark3DumpError: TapCardError, Equatable {
    /// The file is not JSON.
    case json(JSONReadError)
    /// The top level is not a JSON object, or `FileType` is missing.
    case notProxmark3Dump
    /// A member its object gives twice (`$.Card.Signature`): which one the dump means is unknown.
    case duplicateMember(String)
    /// `FileType` names a dump this reader does not take (`mfc v2`, `15693 v4`, …).
    case unsupportedFileType(String)
    /// A field the tag cannot do without is absent.
    case missingField(String)
    /// A field is there but is not a string of hex digits, or not of the length the format fixes.
    case badHexField(String, expectedBytes: [Int], found: String)
    /// `blocks` holds a member whose name is not a block number.
    case badBlockName(String)
    /// A block number appears twice.
    case duplicateBlock(Int)
    /// Blocks must run from 0 without a gap: `missing` is the first absent block, `count` how many
    /// the file holds.
    case missingBlock(Int, count: Int)
    /// More blocks than any Ultralight/NTAG chip has.
    case tooManyBlocks(Int)
    /// An ISO 15693 dump whose UID names no Type 5 chip TapCard emulates.
    case unknownType5Chip(uid: [UInt8])
    /// An ISO 15693 dump whose block count or size is not its chip's.
    case type5Geometry(blocks: Int, blockSize: Int, expectedBlocks: Int, expectedSize: Int)
    /// A `"FileType": "mfdes"` file: the keys `hf mfdes chk --json` found (`keys` of them), the
    /// card's UID, and nothing else. The client saves no DESFire file contents
    /// (`client/src/cmdhfmfdes.c`: `hf mfdes dump` prints them only), so no tag can be made of it.
    case desfireKeysOnly(keys: Int, uid: [UInt8]?)
    /// No model TapCard knows has this GET_VERSION answer and page count.
    case unknownChip(version: [UInt8], pages: Int)

    public var origin: ErrorOrigin { .input }

    public var sentence: String {
        switch self {
        case .json(let error):
            error.sentence
        case .duplicateMember(let path):
            "'\(path.prefix(80))' is given twice; JSON readers disagree on which one counts (the Proxmark3 client keeps the last), so the dump's value is not known."
        case .notProxmark3Dump:
            "The JSON has no \"FileType\" at its top level, so it is not a Proxmark3 dump."
        case .unsupportedFileType(let type):
            "The Proxmark3 dump is of FileType '\(type)'; only 'mfu' (hf mfu dump: MIFARE Ultralight and NTAG), '15693 v4' or '15693 v5' (hf 15 dump) and 'mfcard', 'mfc v2' or 'mfc v3' (hf mf dump: MIFARE Classic) can be read."
        case .missingField(let name):
            "The Proxmark3 dump has no \(name); a tag cannot be made without it."
        case .badHexField(let name, let expected, let found):
            "\(name) is '\(found.prefix(80))'; it must be \(expected.map { "\($0)" }.joined(separator: " or ")) bytes of hex."
        case .badBlockName(let name):
            "blocks holds a member named '\(name.prefix(40))'; block names are numbers from 0."
        case .duplicateBlock(let block):
            "Block \(block) appears twice in blocks."
        case .missingBlock(let block, let count):
            "Block \(block) is missing: the dump holds \(count) blocks, and they must run from block 0 without a gap."
        case .tooManyBlocks(let count):
            "The dump holds \(count) blocks, more than any MIFARE Ultralight or NTAG chip has (\(FlipperNFC.maximumPages))."
        case .unknownType5Chip(let uid):
            "The UID \(Hex.encode(uid, uppercase: true, separator: " ")) names no Type 5 chip TapCard emulates (ICODE SLIX2, ST25DV04K)."
        case .type5Geometry(let blocks, let blockSize, let expectedBlocks, let expectedSize):
            "The dump holds \(blocks) blocks of \(blockSize) bytes; the chip its UID names has \(expectedBlocks) blocks of \(expectedSize) bytes."
        case .desfireKeysOnly(let keys, let uid):
            "it is the key file of a MIFARE DESFire that 'hf mfdes chk --json' saves (FileType 'mfdes'): \(keys) \(keys == 1 ? "key" : "keys") the check found\(uid.map { " and the UID " + Hex.encode($0, uppercase: true, separator: " ") } ?? ""), but no application, no file and no file content. The Proxmark3 client saves none of those for a DESFire ('hf mfdes dump' only prints them), so no tag can be made of it; read the card itself, or import a Flipper Zero Mifare DESFire file."
        case .unknownChip(let version, let pages):
            "No model TapCard knows answers GET_VERSION \(Hex.encode(version, uppercase: true, separator: " ")) with \(pages) \(pages == 1 ? "page" : "pages"); give the model with --model and a raw image instead."
        }
    }
}
