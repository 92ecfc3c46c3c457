import TagCatalog
import TagFrames
import TagTransport
import TapCardSupport

/// A byte-accurate FeliCa Lite-S (NFC Forum Type 3) card in memory, answering FeliCa commands
/// the way the chip does (`FeliCaLiteSChip`: Polling, Check and Update without encryption,
/// Request Service, Request Response). Facts come from ``/TagCatalog/Type3Facts``; the behaviour
/// is the emulator's own, so the Type 3 mapping and the emulator can catch each other.
///
/// The harness around the chip is the Type 4 one (`FieldHarness`): field presence, tears,
/// removal, several cards, write failures, and the command log with modeled air time
/// (``/TagCatalog/Type3Timing``).
///
/// - Status flags are data: only carrier failures throw (`.tagLost`, `.multipleTags`, and
///   `.timeout` when the card stays silent, as a reader sees it).
/// - ``tearAfter(commands:mode:)``: `.notDelivered` executes nothing; `.replyLost` executes the
///   command and loses its response; `.corruptedWrite` lands the first 8 of the 16 bytes of an
///   Update's block and keeps the old bytes 8–15 (any other command: as `.replyLost`). Every mode
///   then leaves the card out of the field until ``present()``.
/// - ``failWrites(_:)``: every Update that would write answers `01 70` (memory error) and writes
///   nothing.
/// - Polling goes through ``send(_:)`` like every command: code 00, an empty IDm (unused), the
///   parameters `SC SC RC TSN`; the answer's `idm` is the card's, its payload the PMm (and system code).
public final class EmulatedType3Tag: FeliCaChannel {
    public let model: TagModel
    public let facts: Type3Facts
    public let idm: [UInt8]
    public var pmm: [UInt8] { facts.pmm }
    /// What the dump this tag was made from did not hold (blocks a Flipper could not read), one
    /// phrase each; kept in its file's comments (``FeliCaTagFile``). Empty for a tag TapCard made.
    public var dumpGaps: [String] = []
    /// Every command received so far, in order.
    public private(set) var commandLog: [FeliCaRecord] = []

    private var chip: FeliCaLiteSChip
    private var harness = FieldHarness()
    private var writesFail = false

    /// The models the emulator knows at command level.
    public static let supportedModels: [TagModel] = [.feliCaLiteS]

    /// A card as it ships (`formatted` false: MC SYS_OP 00, every block zero) or NDEF-formatted as
    /// TapCard's formatter leaves it (the catalog's formatted MC and attribute block, Ln 0).
    ///
    /// - Parameters:
    ///   - model: one of ``supportedModels``; anything else is a programming error (check with
    ///     ``check(model:)`` when the model comes from input).
    ///   - idm: 8 bytes (``check(idm:)``); `nil` draws a random IDm starting 01 2E (the
    ///     manufacturer code seen on Sony cards: UNVERIFIED).
    ///   - formatted: NDEF-formatted (the default) or as shipped.
    public init(model: TagModel = .feliCaLiteS, idm: [UInt8]? = nil, formatted: Bool = true) {
        guard let facts = model.type3, Self.supportedModels.contains(model) else {
            preconditionFailure("EmulatedType3Tag does not emulate \(model.rawValue); check(model:) first.")
        }
        precondition(idm == nil || idm?.count == 8, "An IDm has 8 bytes; check(idm:) first.")
        var generator = SystemRandomNumberGenerator()
        let idm = idm ?? [0x01, 0x2E] + (0..<6).map { _ in UInt8.random(in: 0...255, using: &generator) }
        self.model = model
        self.facts = facts
        self.idm = idm
        self.chip = FeliCaLiteSChip(facts: facts, idm: idm, blocks: Self.factoryBlocks(facts: facts, idm: idm))
        if formatted {
            chip.blocks[facts.memoryConfigurationBlock] = facts.formattedMemoryConfiguration
            chip.blocks[Type3Facts.attributeBlock] = facts.formattedAttributeBlock
        }
    }

    /// A card holding `blocks` (a loaded file): every block of the model, 16 bytes each.
    public init(model: TagModel, idm: [UInt8], blocks: [Int: [UInt8]]) throws(EmulatorError) {
        try Self.check(model: model)
        try Self.check(idm: idm)
        guard let facts = model.type3 else { throw .unsupportedModel(model) }
        guard Set(blocks.keys) == Set(facts.blocks), blocks.values.allSatisfy({ $0.count == Type3Facts.blockSize })
        else {
            throw .type3Memory(
                "\(model.withArticle) has the \(facts.blocks.count) blocks 00–0E, 80–88, 90–92 and A0, of 16 bytes each"
            )
        }
        self.model = model
        self.facts = facts
        self.idm = idm
        self.chip = FeliCaLiteSChip(facts: facts, idm: idm, blocks: blocks)
    }

    /// The blocks of a card as it ships: zeros, D_ID = IDm ‖ PMm, SYS_C = the system code, MC
    /// from the catalog (the layout of ID, D_ID and SYS_C per nfcpy's dump labels; UNVERIFIED).
    static func factoryBlocks(facts: Type3Facts, idm: [UInt8]) -> [Int: [UInt8]] {
        var blocks: [Int: [UInt8]] = [:]
        for block in facts.blocks { blocks[block] = [UInt8](repeating: 0, count: Type3Facts.blockSize) }
        blocks[0x82] = idm + [UInt8](repeating: 0, count: 8)
        blocks[0x83] = idm + facts.pmm
        blocks[0x85] =
            [UInt8(facts.systemCode >> 8), UInt8(facts.systemCode & 0xFF)] + [UInt8](repeating: 0, count: 14)
        blocks[facts.memoryConfigurationBlock] = facts.factoryMemoryConfiguration
        return blocks
    }

    public static func check(model: TagModel) throws(EmulatorError) {
        guard supportedModels.contains(model), model.type3 != nil else { throw .unsupportedModel(model) }
    }

    public static func check(idm: [UInt8]) throws(EmulatorError) {
        guard idm.count == 8 else { throw .idmLength(idm.count) }
    }

    /// Every block by number. Setting a block bypasses every rule: it is for tests and fixtures.
    public var blocks: [Int: [UInt8]] { chip.blocks }

    /// The 16 bytes of `block`, `nil` when the card has no such block.
    public func block(_ number: Int) -> [UInt8]? { chip.blocks[number] }

    /// Replaces `block` (tests, fixtures); ignored for a block the card does not have or bytes
    /// that are not 16.
    public func setBlock(_ number: Int, to bytes: [UInt8]) {
        guard chip.blocks[number] != nil, bytes.count == Type3Facts.blockSize else { return }
        chip.blocks[number] = bytes
    }

    /// True while MC SYS_OP bit 0 is set: the card answers polling for 12FC.
    public var isNDEFEnabled: Bool { chip.isNDEFEnabled }
    /// The system codes the card answers polling with.
    public var systemCodes: [UInt16] { chip.systemCodes }

    public var isInField: Bool { harness.isInField }
    public var tagsInField: Int { harness.tagsInField }
    public var modeledAirTimeMicroseconds: Double { commandLog.reduce(0) { $0 + $1.modeledMicroseconds } }
    public func clearLog() { commandLog.removeAll() }

    // MARK: Faults

    /// Lets exactly `commands` more commands complete; the next one fails in `mode` and the card
    /// leaves the field.
    public func tearAfter(commands: Int, mode: TearMode) { harness.tearAfter(commands: commands, mode: mode) }
    public func cancelTear() { harness.cancelTear() }
    public func remove() { harness.remove() }
    public func present() { harness.present() }
    /// Puts `count - 1` other cards next to this one; with more than one every command fails
    /// with `.multipleTags(count:)`.
    public func placeAmongOtherTags(count: Int) { harness.placeAmongOtherTags(count: count) }
    /// Makes every Update answer `01 70` without writing (`false` restores normal writes).
    public func failWrites(_ fail: Bool = true) { writesFail = fail }

    // MARK: Transport

    /// The block or service count that scales the card's answer time.
    private static func timingCount(_ command: FeliCaCommand) -> Int {
        let p = command.parameters
        switch command.code {
        case 0x06, 0x08:
            guard let services = p.first, 1 + 2 * Int(services) < p.count else { return 1 }
            return Int(p[1 + 2 * Int(services)])
        case 0x02: return Int(p.first ?? 1)
        default: return 1
        }
    }

    public func send(_ command: FeliCaCommand) async throws(ChannelError) -> FeliCaResponse {
        let index = commandLog.count
        let packet = 1 + command.idm.count + command.parameters.count
        let count = Self.timingCount(command)
        if let refusal = harness.refusal {
            commandLog.append(
                FeliCaRecord(
                    index: index, command: command, outcome: .notSent(refusal), programmed: [],
                    modeledMicroseconds: 0))
            throw refusal
        }
        var context = FeliCaLiteSChip.Context(failWrites: writesFail)
        if let mode = harness.tearForNextCommand() {
            switch mode {
            case .notDelivered: break
            case .replyLost: _ = chip.respond(to: command, context: &context)
            case .corruptedWrite:
                context.tornWrite = true
                _ = chip.respond(to: command, context: &context)
            }
            commandLog.append(
                FeliCaRecord(
                    index: index, command: command, outcome: .torn(mode), programmed: context.programmed,
                    modeledMicroseconds: Type3Timing.exchangeMicroseconds(
                        commandPacketBytes: packet, responsePacketBytes: nil, command: command.code, count: count,
                        pmm: facts.pmm)))
            throw .tagLost(command: command.label)
        }
        guard let response = chip.respond(to: command, context: &context) else {
            let time = Type3Timing.exchangeMicroseconds(
                commandPacketBytes: packet, responsePacketBytes: nil, command: command.code, count: count,
                pmm: facts.pmm)
            commandLog.append(
                FeliCaRecord(
                    index: index, command: command, outcome: .noAnswer, programmed: [],
                    modeledMicroseconds: time))
            let wait = Type3Timing.responseMicroseconds(command: command.code, count: count, pmm: facts.pmm)
            throw .timeout(command: command.label, milliseconds: max(1, Int((wait / 1000).rounded(.up))))
        }
        commandLog.append(
            FeliCaRecord(
                index: index, command: command, outcome: .response(response), programmed: context.programmed,
                modeledMicroseconds: Type3Timing.exchangeMicroseconds(
                    commandPacketBytes: packet, responsePacketBytes: 1 + response.idm.count + response.payload.count,
                    command: command.code, count: count, pmm: facts.pmm)))
        return response
    }
}
