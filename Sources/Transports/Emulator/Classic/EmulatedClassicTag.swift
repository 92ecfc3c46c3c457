import TagCatalog
import TagFrames
import TagTransport
import TapCardSupport

/// A MIFARE Classic 1K or 4K card in memory, with the reader in front of it: a
/// ``/TagTransport/ClassicChannel`` whose key slots, authentication and block access behave as
/// the chip's rules and a PC/SC reader's answers say (`ClassicChip` has them). Facts come from
/// ``/TagCatalog/ClassicFacts``.
///
/// The harness around the chip is the one every emulated tag has (`FieldHarness`): field
/// presence, tears, removal, several cards. Loading a key touches only the reader and is never
/// torn; authenticate, read and write are the card's commands and count for
/// ``tearAfter(commands:mode:)``:
/// - `.notDelivered`: nothing happens;
/// - `.replyLost`: the command is carried out and its answer lost;
/// - `.corruptedWrite`: a WRITE that passes the chip's checks leaves its block as it was (the
///   model takes a 16-byte block write as atomic; the datasheets promise nothing either way:
///   UNVERIFIED); any other command behaves as `.replyLost`.
///
/// Every mode then throws `.tagLost` and leaves the card out of the field until ``present()``,
/// which is a new activation: nothing is authenticated any more.
public final class EmulatedClassicTag: ClassicChannel {
    public let model: TagModel
    public let facts: ClassicFacts
    public let uid: [UInt8]

    /// The other tool's dump this card was read from with `--tag` (never written back), `nil` for
    /// a virtual tag file.
    public var dumpFormat: ClassicDumpFormat?
    /// What the dump this card was read from contradicts or leaves open (``ClassicDump/notes``),
    /// said whenever it is opened; empty for a virtual tag file TapCard wrote.
    public var dumpNotes: [String] = []

    private var chip: ClassicChip
    private var harness = FieldHarness()

    /// The models the emulator knows at command level.
    public static let supportedModels: [TagModel] = [.mifareClassic1K, .mifareClassic4K]

    /// A card as it leaves the factory (unless `formatted`): every data block zero, every trailer the transport
    /// configuration (keys `FFFFFFFFFFFF`, access bits `FF 07 80`, GPB `69`: MF1S50yyX §8.7
    /// "delivery state"), not NDEF-formatted; block 0 holds the UID (``manufacturerBlock(uid:facts:)``).
    ///
    /// - Parameters:
    ///   - model: one of ``supportedModels``; anything else is a programming error (check with
    ///     ``check(model:)`` when the model comes from input).
    ///   - uid: 4 or 7 bytes (``check(uid:)``); `nil` draws a random 4-byte UID.
    ///   - formatted: NDEF-formatted per AN1304 with an empty message (`ClassicFormattedImage`)
    ///     instead of as shipped.
    public init(model: TagModel = .mifareClassic1K, uid: [UInt8]? = nil, formatted: Bool = false) {
        guard let facts = model.classic, Self.supportedModels.contains(model) else {
            preconditionFailure("EmulatedClassicTag does not emulate \(model.rawValue); check(model:) first.")
        }
        precondition(uid == nil || uid?.count == 4 || uid?.count == 7, "A Classic UID has 4 or 7 bytes.")
        var generator = SystemRandomNumberGenerator()
        let uid =
            uid ?? [UInt8.random(in: 0x01...0x87, using: &generator)]
            + (0..<3).map { _ in UInt8.random(in: 0...255, using: &generator) }
        self.model = model
        self.facts = facts
        self.uid = uid
        var blocks = [[UInt8]](repeating: [UInt8](repeating: 0, count: ClassicFacts.blockSize), count: facts.blocks)
        blocks[0] = Self.manufacturerBlock(uid: uid, facts: facts)
        var chip = ClassicChip(facts: facts, blocks: blocks)
        for sector in 0..<facts.sectors { blocks[chip.trailerBlock(ofSector: sector)] = Self.transportTrailer }
        chip.blocks = formatted ? ClassicFormattedImage.formatted(blocks, facts: facts, chip: chip) : blocks
        self.chip = chip
    }

    /// A card holding `blocks` (a loaded file): the model's block count, 16 bytes each, the UID
    /// taken from block 0. `unknown` holds the offsets (block × 16 + byte) the file did not know
    /// (they stand as zeros in `blocks`); the UID's bytes must be known.
    public init(model: TagModel, uidLength: Int, blocks: [[UInt8]], unknown: Set<Int> = []) throws(EmulatorError) {
        try Self.check(model: model)
        guard let facts = model.classic else { throw .unsupportedModel(model) }
        guard blocks.count == facts.blocks, blocks.allSatisfy({ $0.count == ClassicFacts.blockSize }) else {
            throw .classicMemory(
                "\(model.withArticle) has \(facts.blocks) blocks of 16 bytes; this has \(blocks.count)")
        }
        guard uidLength == 4 || uidLength == 7 else { throw .classicUID(length: uidLength) }
        let unknownUID = (0..<uidLength).filter(unknown.contains)
        guard unknownUID.isEmpty else {
            let bytes = unknownUID.map(String.init).joined(separator: ", ")
            throw .classicMemory(
                "block 0 does not say the UID: \(unknownUID.count == 1 ? "byte" : "bytes") \(bytes) of its first \(uidLength) (the UID) \(unknownUID.count == 1 ? "is" : "are") not in the dump, and no header UID stands for \(unknownUID.count == 1 ? "it" : "them")"
            )
        }
        self.model = model
        self.facts = facts
        self.uid = Array(blocks[0].prefix(uidLength))
        self.chip = ClassicChip(facts: facts, blocks: blocks)
        self.chip.unknown = unknown.filter { $0 >= 0 && $0 < facts.blocks * ClassicFacts.blockSize }
    }

    /// Keys `FF…FF`, access bits `FF 07 80`, GPB `69`, key B `FF…FF`.
    public static var transportTrailer: [UInt8] {
        [UInt8](repeating: 0xFF, count: 6) + [0xFF, 0x07, 0x80, 0x69] + [UInt8](repeating: 0xFF, count: 6)
    }

    /// Block 0 as the chip carries it: a 4-byte UID, its BCC (XOR of the four), SAK and ATQA, or a
    /// 7-byte UID, SAK and ATQA (the layout Flipper Zero dumps of NXP cards show), then zeros for
    /// the manufacturer data (their values are NXP's: UNVERIFIED).
    public static func manufacturerBlock(uid: [UInt8], facts: ClassicFacts) -> [UInt8] {
        let bcc: [UInt8] = uid.count == 4 ? [uid.reduce(0, ^)] : []
        let head = uid + bcc + [facts.sak] + facts.atqa(uidLength: uid.count)
        return head + [UInt8](repeating: 0, count: ClassicFacts.blockSize - head.count)
    }

    public static func check(model: TagModel) throws(EmulatorError) {
        guard supportedModels.contains(model), model.classic != nil else { throw .unsupportedModel(model) }
    }

    public static func check(uid: [UInt8]) throws(EmulatorError) {
        guard uid.count == 4 || uid.count == 7 else { throw .classicUID(length: uid.count) }
        if uid[0] == 0x88 { throw .uidCascadeTag(index: 0) }
    }

    public var blockCount: Int { facts.blocks }

    /// Every block as stored (trailers with their keys). For tests, files and the bridge's checks.
    public var blocks: [[UInt8]] { chip.blocks }

    /// Offsets (block × 16 + byte) of the bytes the dump this card came from did not know.
    public var unknownBytes: Set<Int> { chip.unknown }

    /// Whether byte `index` of `block` is known.
    public func isKnown(block: Int, byte index: Int) -> Bool {
        !chip.unknown.contains(block * ClassicFacts.blockSize + index)
    }

    /// The sectors holding a byte nobody knows, in order.
    public var sectorsWithUnknownBytes: [Int] {
        Set(chip.unknown.map { chip.sector(ofBlock: $0 / ClassicFacts.blockSize) }).sorted()
    }

    /// The sectors whose trailer does not give key A, or key B, in full.
    public func sectorsWithUnknownKey(_ role: ClassicKeyRole) -> [Int] {
        (0..<facts.sectors).filter { sector in
            let start = chip.trailerBlock(ofSector: sector) * ClassicFacts.blockSize + (role == .a ? 0 : 10)
            return (start..<start + 6).contains(where: chip.unknown.contains)
        }
    }

    /// The trailer block of `sector`.
    public func trailerBlock(ofSector sector: Int) -> Int { chip.trailerBlock(ofSector: sector) }
    /// The sector `block` lies in (4 blocks a sector below block 128, 16 above).
    public func sector(ofBlock block: Int) -> Int { chip.sector(ofBlock: block) }

    /// Replaces `block` bypassing every rule (tests, fixtures); ignored outside the card or for
    /// bytes that are not 16.
    public func setBlock(_ block: Int, to bytes: [UInt8]) {
        guard block >= 0, block < facts.blocks, bytes.count == ClassicFacts.blockSize else { return }
        chip.blocks[block] = bytes
        for offset in 0..<ClassicFacts.blockSize { chip.unknown.remove(block * ClassicFacts.blockSize + offset) }
    }

    /// True when a trailer holds a key other than the public ones (transport `FFFFFFFFFFFF`, MAD
    /// key A `A0A1A2A3A4A5`, NDEF key A `D3F7D3F7D3F7`, and zeros): the file then holds a secret.
    public var holdsPrivateKeys: Bool {
        let public6: Set<[UInt8]> = [
            [UInt8](repeating: 0xFF, count: 6), [0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5],
            [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7],
            [UInt8](repeating: 0, count: 6),
        ]
        return (0..<facts.sectors).contains { sector in
            let trailer = chip.blocks[chip.trailerBlock(ofSector: sector)]
            return !public6.contains(Array(trailer[0..<6])) || !public6.contains(Array(trailer[10..<16]))
        }
    }

    /// The ATQA anticollision shows for this card's UID.
    public var atqa: [UInt8] { facts.atqa(uidLength: uid.count) }
    public var sak: UInt8 { facts.sak }

    public var isInField: Bool { harness.isInField }
    /// Card commands (authenticate, read, write) that reached the card, torn ones included; a
    /// command refused by the field (no card, several cards) does not count.
    public private(set) var commandCount = 0

    // MARK: Faults

    /// Lets exactly `commands` more card commands (authenticate, read, write) complete; the next
    /// one fails in `mode` and the card leaves the field.
    public func tearAfter(commands: Int, mode: TearMode) { harness.tearAfter(commands: commands, mode: mode) }
    public func cancelTear() { harness.cancelTear() }
    /// Takes the card out of the field: commands throw `.tagLost(command: nil)` until ``present()``.
    public func remove() {
        harness.remove()
        chip.reset()
    }
    /// Puts the card back: a new activation, nothing authenticated.
    public func present() {
        harness.present()
        chip.reset()
    }
    /// Puts `count - 1` other cards next to this one; with more than one every command fails.
    public func placeAmongOtherTags(count: Int) { harness.placeAmongOtherTags(count: count) }

    // MARK: ClassicChannel

    public func loadKey(_ key: [UInt8], slot: UInt8) async throws(ChannelError) {
        try chip.loadKey(key, slot: slot)
    }

    public func authenticate(block: Int, role: ClassicKeyRole, slot: UInt8) async throws(ChannelError) {
        let label = ClassicCommand.authenticate(block: block, role: role)
        try fieldCommand(label) { (chip: inout ClassicChip, _) throws(ChannelError) in
            try chip.authenticate(block: block, role: role, slot: slot)
        }
    }

    public func readBlock(_ block: Int) async throws(ChannelError) -> [UInt8] {
        var result: [UInt8] = []
        try fieldCommand(ClassicCommand.read(block: block)) { (chip: inout ClassicChip, _) throws(ChannelError) in
            result = try chip.read(block: block)
        }
        return result
    }

    public func writeBlock(_ block: Int, _ data: [UInt8]) async throws(ChannelError) {
        try fieldCommand(ClassicCommand.write(block: block)) { (chip: inout ClassicChip, torn) throws(ChannelError) in
            try chip.write(block: block, data: data, torn: torn)
        }
    }

    /// Runs one card command through the harness: `body` gets the chip and whether a
    /// `.corruptedWrite` tear is under way.
    private func fieldCommand(
        _ label: CommandLabel, _ body: (inout ClassicChip, Bool) throws(ChannelError) -> Void
    ) throws(ChannelError) {
        if let refusal = harness.refusal { throw refusal }
        commandCount += 1
        guard let mode = harness.tearForNextCommand() else {
            try body(&chip, false)
            return
        }
        switch mode {
        case .notDelivered:
            break
        case .replyLost:
            try? body(&chip, false)
        case .corruptedWrite:
            try? body(&chip, true)
        }
        chip.reset()
        throw .tagLost(command: label)
    }
}
