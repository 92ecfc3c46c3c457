import TagCatalog
import TapCardSupport

/// Proxmark3 `hf 15 dump` JSON files (`"FileType": "15693 v4"` or `"15693 v5"`;
/// RfidResearchGroup/proxmark3 `client/src/fileutils.c`, `json15_save_tag`): `Card` holds `uid`,
/// `dsfid`, `dsfidlock`, `afi`, `afilock`, `bytesperpage`, `pagescount` (1 byte in v4, 2 little
/// endian in v5), `ic`, `locks` (one byte per block), `random`, `privacypasswd` and `state`;
/// `blocks` every block.
///
/// The client keeps the UID as the tag sends it, least significant byte first; TapCard keeps it
/// `E0` first, so a UID ending in `E0` is reversed and one starting with it is taken as it is.
/// The chip is named by the UID (ICODE SLIX2 or ST25DV04K), the geometry must be the chip's.
/// What the format does not carry stays as a new chip has it, and is unknown to the dump: the
/// SLIX2's originality signature (zeros: it does not verify) and its passwords other than the
/// privacy one (the factory values).
public enum Proxmark3ISO15693 {
    public static func parse(_ bytes: [UInt8]) throws(Proxmark3DumpError) -> Type5FlipperFile.Parsed {
        let (document, fileType) = try Proxmark3File.document(bytes)
        guard fileType == "15693 v4" || fileType == "15693 v5" else { throw .unsupportedFileType(fileType) }
        return try parse(document)
    }

    static func parse(_ document: JSON) throws(Proxmark3DumpError) -> Type5FlipperFile.Parsed {
        guard let card = document["Card"], case .object = card else { throw .missingField("Card") }
        let stored = try Proxmark3File.hex(card, "uid", count: [8], required: true) ?? []
        let uid = stored.last == 0xE0 ? Array(stored.reversed()) : stored
        guard let model = [TagModel.icodeSLIX2, .st25dv04k].first(where: { $0.type5?.matches(uid: uid) == true }),
            let facts = model.type5
        else { throw .unknownType5Chip(uid: uid) }
        let size = try Proxmark3File.hex(card, "bytesperpage", count: [1], required: false).map { Int($0[0]) }
        let blocks = try Proxmark3File.blocks(document["blocks"], size: size ?? facts.blockSize)
        guard blocks.count == facts.blockCount, size ?? facts.blockSize == facts.blockSize else {
            throw .type5Geometry(
                blocks: blocks.count, blockSize: size ?? facts.blockSize, expectedBlocks: facts.blockCount,
                expectedSize: facts.blockSize)
        }
        // `pagescount` (1 byte in v4, 2 little endian in v5) against the blocks the file holds.
        var contradictions: [String] = []
        if let count = try Proxmark3File.hex(card, "pagescount", count: [1, 2], required: false) {
            let declared = Int(count[0]) | (count.count == 2 ? Int(count[1]) << 8 : 0)
            if declared != blocks.count {
                contradictions.append(
                    "'$.Card.pagescount' says \(declared) blocks, but the dump holds \(blocks.count), \(model.withArticle)'s; the blocks win"
                )
            }
        }
        var memory = Type5Memory(facts: facts, formatted: false)
        memory.blocks = blocks
        // What the file leaves out, and what the tag has in its place.
        var unknowns = [
            ("dsfid", "the DSFID (00 here)"), ("afi", "the AFI (00 here)"),
            ("locks", "the block locks (none locked here)"),
        ]
        .filter { card[$0.0] == nil }.map(\.1)
        memory.dsfid = try Proxmark3File.hex(card, "dsfid", count: [1], required: false)?[0] ?? 0
        memory.afi = try Proxmark3File.hex(card, "afi", count: [1], required: false)?[0] ?? 0
        memory.dsfidLocked = try Proxmark3File.hex(card, "dsfidlock", count: [1], required: false)?[0] ?? 0 != 0
        memory.afiLocked = try Proxmark3File.hex(card, "afilock", count: [1], required: false)?[0] ?? 0 != 0
        if let locks = try Proxmark3File.hex(card, "locks", count: [facts.blockCount], required: false) {
            memory.locked = locks.map { $0 != 0 }
        }
        if model == .icodeSLIX2 {
            var slix = memory.slix ?? SLIXSettings()
            if let privacy = try Proxmark3File.hex(card, "privacypasswd", count: [4], required: false) {
                slix.privacyPassword = privacy
            }
            memory.slix = slix
            // The format has no member for these (json15_save_tag).
            unknowns += [
                "the originality signature (zeros here)",
                "the read, write, destroy and EAS passwords (the factory values here)",
                "the protection pointer and condition (00 here)", "the EAS and protection-pointer locks (false here)",
                "privacy mode (off here)",
            ]
        }
        return Type5FlipperFile.Parsed(
            model: model, uid: uid, memory: memory, unknowns: unknowns, contradictions: contradictions)
    }

    /// The tag as a `15693 v5` dump (v5: the block count in 2 bytes, as an SLIX2's 80 need no more
    /// than v4's byte but newer clients write v5).
    public static func render(_ tag: EmulatedType5Tag) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true) }
        let memory = tag.memory
        let count = memory.blocks.count
        let card: [(String, String)] = [
            ("uid", hex(tag.uid.reversed())),
            ("dsfid", hex([memory.dsfid])), ("dsfidlock", hex([memory.dsfidLocked ? 1 : 0])),
            ("afi", hex([memory.afi])), ("afilock", hex([memory.afiLocked ? 1 : 0])),
            ("bytesperpage", hex([UInt8(clamping: tag.facts.blockSize)])),
            ("pagescount", hex([UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF)])),
            ("ic", hex([tag.facts.icReference])),
            ("locks", hex(memory.locked.map { $0 ? 1 : 0 })),
            ("random", "0000"),
            ("privacypasswd", hex(memory.slix?.privacyPassword ?? [0, 0, 0, 0])),
            ("state", "00"),
        ]
        return Proxmark3File.render(fileType: "15693 v5", card: card, blocks: memory.blocks)
    }
}
