import TagCatalog
import TapCardSupport

/// A MIFARE Classic card as a dump holds it: the memory, byte by byte (`nil` for a byte the tool
/// did not read: a Flipper's `??`, MIFARE Classic Tool's `-`, a block a Proxmark3 file leaves
/// out), and what the tool's header says it saw (UID, ATQA, SAK) where it has one.
///
/// The memory wins over the header (block 0 is what the card answers with: MF1S50yyX §8.6.1);
/// ``headerContradictions`` says where the two disagree.
public struct ClassicDump: Sendable, Equatable {
    public var format: ClassicDumpFormat
    public var model: TagModel
    /// 4 or 7, and what decided it (``ClassicUIDLength``: block 0 where it can, else the header,
    /// else an assumption it names).
    public var uidDecision: ClassicUIDLength
    public var headerUID: [UInt8]?
    /// Most significant byte first (`00 04`), as ISO/IEC 14443-3 writes it.
    public var headerATQA: [UInt8]?
    public var headerSAK: UInt8?
    /// What a header line naming a model says where the blocks present make another (a Flipper
    /// `Mifare Classic type: 4K` over 64 blocks), one sentence; the blocks decide the model.
    public var headerModelNote: String?
    /// Every block of the model, 16 entries each.
    public var blocks: [[UInt8?]]
    /// Where the file contradicts itself beyond the header (a Proxmark3 `SectorKeys` entry that
    /// differs from its sector's trailer), one sentence each; part of ``headerContradictions``.
    public var fileContradictions: [String] = []
    /// What else the file says that the card cannot keep as it is (a MIFARE Classic Tool byte
    /// half made of `-`), one sentence each; part of ``notes``.
    public var fileNotes: [String] = []

    public init(
        format: ClassicDumpFormat, model: TagModel, headerUID: [UInt8]? = nil, headerATQA: [UInt8]? = nil,
        headerSAK: UInt8? = nil, headerModelNote: String? = nil, blocks: [[UInt8?]]
    ) {
        self.format = format
        self.model = model
        self.headerUID = headerUID
        self.headerATQA = headerATQA
        self.headerSAK = headerSAK
        self.headerModelNote = headerModelNote
        self.blocks = blocks
        self.uidDecision = ClassicUIDLength.decide(
            block0: blocks.first ?? [], headerUID: headerUID, headerATQA: headerATQA)
    }

    /// 4 or 7.
    public var uidLength: Int { uidDecision.bytes }

    /// The card the emulator runs: unknown bytes stand as zeros and stay unknown
    /// (``EmulatedClassicTag/unknownBytes``); the tag keeps ``notes`` for whoever opens it.
    public func tag() throws(EmulatorError) -> EmulatedClassicTag {
        var unknown = Set<Int>()
        var memory: [[UInt8]] = []
        var blocks = blocks
        if uidFromHeader, let headerUID {
            // Block 0's UID bytes are not in the dump: the header's are what the tool read.
            for index in 0..<uidLength where blocks[0][index] == nil { blocks[0][index] = headerUID[index] }
        }
        for (number, block) in blocks.enumerated() {
            for (index, byte) in block.enumerated() where byte == nil { unknown.insert(number * 16 + index) }
            memory.append(block.map { $0 ?? 0 })
        }
        let tag = try EmulatedClassicTag(model: model, uidLength: uidLength, blocks: memory, unknown: unknown)
        tag.dumpFormat = format == .flipper ? nil : format
        tag.dumpNotes = notes
        return tag
    }

    /// True when block 0 leaves a UID byte unknown (a Proxmark3 JSON dump without block 0) and the
    /// header gives the UID: the card takes the header's bytes there, and ``notes`` says so.
    public var uidFromHeader: Bool {
        guard let headerUID, headerUID.count == uidLength, let block0 = blocks.first, block0.count >= uidLength
        else { return false }
        return block0.prefix(uidLength).contains(nil)
    }

    /// Everything the import says beside the card: the header's contradictions, a model the header
    /// names and the blocks do not make, a UID taken from the header, and a UID length that had to
    /// be assumed.
    public var notes: [String] {
        headerContradictions + [uidFromHeaderNote].compactMap { $0 } + block0Notes + fileNotes
            + (uidDecision.assumed ? ["the UID's length: \(uidDecision.reason)"] : [])
    }

    /// Where block 0's SAK or ATQA bytes differ from what the card answers with (a libnfc `.mfd`
    /// of an Infineon card holds SAK 88; a 4K's image cut to 1K holds 18): manufacturer data,
    /// which the card does not answer with (MF1S50yyX §8.6.1); the card is the model its blocks
    /// make and answers with that model's SAK and ATQA. One sentence each, or none.
    public var block0Notes: [String] {
        mismatches(
            sak: uidDecision.block0SAK, atqa: uidDecision.block0ATQA, of: "block 0's",
            keeping: " (block 0 is manufacturer data and keeps its bytes)")
    }

    /// Where a SAK and an ATQA (most significant byte first) that `source` ("the header's",
    /// "block 0's") gives differ from what the card, the model its blocks make, answers with: one
    /// sentence each, `keeping` appended.
    private func mismatches(sak: UInt8?, atqa: [UInt8]?, of source: String, keeping: String = "") -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        guard let facts = model.classic else { return [] }
        var found: [String] = []
        if let sak, sak != facts.sak {
            let other = EmulatedClassicTag.supportedModels.first { $0.classic?.sak == sak }
            found.append(
                other.map { other in
                    "\(source) SAK \(hex([sak])) names \(other.withArticle), but the dump holds \(facts.blocks) blocks, \(model.withArticle)'s; the card is \(model.withArticle) and answers with SAK \(hex([facts.sak]))\(keeping)"
                }
                    ?? "\(source) SAK \(hex([sak])) is not \(model.withArticle)'s \(hex([facts.sak])); the card answers with \(hex([facts.sak]))\(keeping)"
            )
        }
        let expected = Array(facts.atqa(uidLength: uidLength).reversed())
        if let atqa, atqa != expected {
            found.append(
                "\(source) ATQA \(hex(atqa)) is not \(model.withArticle)'s \(hex(expected)) for a \(uidLength)-byte UID; the card answers with \(hex(expected))\(keeping)"
            )
        }
        return found
    }

    /// What ``uidFromHeader`` means for the card, or `nil`.
    public var uidFromHeaderNote: String? {
        guard uidFromHeader, let headerUID else { return nil }
        return
            "block 0's UID bytes are not in the dump; the header's UID \(Hex.encode(headerUID, uppercase: true, separator: " ")) is taken there"
    }

    /// Where the header disagrees with block 0 (or with the model): one sentence each. Block 0
    /// wins: it is what the card answers with.
    public var headerContradictions: [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        // A model line the blocks contradict is the header's too.
        var found: [String] = fileContradictions + [headerModelNote].compactMap { $0 }
        let block0 = blocks.first ?? []
        let uid = block0.prefix(uidLength).compactMap { $0 }
        if let headerUID, uid.count == uidLength, headerUID != uid {
            let lengths =
                headerUID.count == uid.count
                ? "" : " (\(headerUID.count) bytes where block 0 holds \(uid.count): \(uidDecision.reason))"
            found.append(
                "the header's UID \(hex(headerUID)) differs from block 0's \(hex(uid))\(lengths); the card answers with block 0's"
            )
        }
        return found + mismatches(sak: headerSAK, atqa: headerATQA, of: "the header's")
    }
}
