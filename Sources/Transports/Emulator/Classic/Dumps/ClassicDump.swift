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
    /// 4 or 7: from the header where there is one, else from block 0 (``uidLength(block0:)``).
    public var uidLength: Int
    public var headerUID: [UInt8]?
    /// Most significant byte first (`00 04`), as ISO/IEC 14443-3 writes it.
    public var headerATQA: [UInt8]?
    public var headerSAK: UInt8?
    /// Every block of the model, 16 entries each.
    public var blocks: [[UInt8?]]

    public init(
        format: ClassicDumpFormat, model: TagModel, uidLength: Int, headerUID: [UInt8]? = nil,
        headerATQA: [UInt8]? = nil, headerSAK: UInt8? = nil, blocks: [[UInt8?]]
    ) {
        self.format = format
        self.model = model
        self.uidLength = uidLength
        self.headerUID = headerUID
        self.headerATQA = headerATQA
        self.headerSAK = headerSAK
        self.blocks = blocks
    }

    /// The card the emulator runs: unknown bytes stand as zeros and stay unknown
    /// (``EmulatedClassicTag/unknownBytes``).
    public func tag() throws(EmulatorError) -> EmulatedClassicTag {
        var unknown = Set<Int>()
        var memory: [[UInt8]] = []
        for (number, block) in blocks.enumerated() {
            for (index, byte) in block.enumerated() where byte == nil { unknown.insert(number * 16 + index) }
            memory.append(block.map { $0 ?? 0 })
        }
        let tag = try EmulatedClassicTag(model: model, uidLength: uidLength, blocks: memory, unknown: unknown)
        tag.dumpFormat = format == .flipper ? nil : format
        return tag
    }

    /// A 4-byte UID when block 0's fifth byte is the XOR of its first four (the BCC: ISO/IEC
    /// 14443-3 §6.5.4), else 7 bytes when the first is NXP's manufacturer code `04`, else 4.
    public static func uidLength(block0: [UInt8?]) -> Int {
        let head = block0.prefix(5).compactMap { $0 }
        guard head.count == 5 else { return 4 }
        if head[0] ^ head[1] ^ head[2] ^ head[3] == head[4] { return 4 }
        return head[0] == 0x04 ? 7 : 4
    }

    /// Where the header disagrees with block 0 (or with the model): one sentence each. Block 0
    /// wins: it is what the card answers with.
    public var headerContradictions: [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var found: [String] = []
        let block0 = blocks.first ?? []
        let uid = block0.prefix(uidLength).compactMap { $0 }
        if let headerUID, uid.count == uidLength, headerUID != uid {
            found.append(
                "the header's UID \(hex(headerUID)) differs from block 0's \(hex(uid)); the card answers with block 0's"
            )
        }
        guard let facts = model.classic else { return found }
        if let headerSAK, headerSAK != facts.sak {
            found.append(
                "the header's SAK \(hex([headerSAK])) is not a \(model.displayName)'s \(hex([facts.sak])); the card answers with \(hex([facts.sak]))"
            )
        }
        let atqa = Array(facts.atqa(uidLength: uidLength).reversed())
        if let headerATQA, headerATQA != atqa {
            found.append(
                "the header's ATQA \(hex(headerATQA)) is not a \(model.displayName)'s \(hex(atqa)) for a \(uidLength)-byte UID; the card answers with \(hex(atqa))"
            )
        }
        return found
    }
}
