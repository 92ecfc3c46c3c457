import TagCatalog
import TagFrames
import TagTransport
import TapCardSupport

/// A byte-accurate NFC Forum Type 5 (ISO/IEC 15693) tag in memory, answering requests the way the
/// chip does: an NXP ICODE SLIX2 (`ICODESLIX2Chip`: `.icodeSLIX2`) or an ST25DV04K
/// (`ST25DV04KChip`: `.st25dv04k`). The chip's facts come from ``/TagCatalog/Type5Facts``; the
/// behaviour is the emulator's own (`Type5ISOCore`), so the Type 5 mapping and the emulator can
/// catch each other.
///
/// This class is the harness around the chip (multi-technology.md §2.7), with the same rules as
/// ``EmulatedType4Tag``:
/// - A chip's silence (not addressed to it, STAY QUIET, select flag while not Selected, Quiet)
///   throws `ChannelError.timeout(command:milliseconds:)` with ``/TagCatalog/Type5Timing``'s wait.
///   Error flags are data: only carrier failures throw.
/// - ``tearAfter(commands:mode:)``: `.notDelivered` executes nothing; `.replyLost` executes the
///   request and loses its answer; `.corruptedWrite` lands the first ⌊n/2⌋ bytes of a block
///   write (n bytes over all its blocks) and keeps the old bytes after them (any other request:
///   as `.replyLost`). Every mode then leaves the tag out of the field until ``present()``.
/// - ``present()`` starts a new RF session: the chip is back in the Ready state. A tear does the same.
/// - ``failWrites(_:)``: writes answer error `13` (write failed) and locks error `14` (lock
///   failed), and nothing changes.
/// - ``send(_:)`` puts the tag's own UID on the air when the address flag is set and its IC
///   manufacturer code on a custom command, as iOS does; ``send(_:addressedTo:manufacturerCode:)``
///   is the test hook for requests meant for another tag or maker.
public final class EmulatedType5Tag: ISO15693Channel {
    public let model: TagModel
    public let facts: Type5Facts
    /// The 8-byte UID, `E0` first.
    public let uid: [UInt8]
    /// Blocks, locks, DSFID/AFI, signature, SLIX settings. Setting it bypasses every rule.
    public var memory: Type5Memory
    /// What the dump this tag was made from did not hold, and the tag has in its place, one
    /// phrase each (`the DSFID and AFI (00 here)`); kept in its file (``Type5FlipperFile``) so
    /// the tag and its exports go on saying so. Empty for a tag TapCard made.
    public var dumpGaps: [String] = []
    /// Every request received so far, in order.
    public private(set) var commandLog: [Type5Record] = []

    private var chip: any Type5Chip
    private var harness = FieldHarness()
    private var writesFail = false

    /// The models the emulator knows at request level.
    public static let supportedModels: [TagModel] = [.icodeSLIX2, .st25dv04k]

    /// A tag as TapCard's formatter leaves it (`formatted`, the default: CC `E1 40 MLEN 00` and
    /// `03 00 FE 00`) or as shipped (all zeros). `model` must be one of ``supportedModels`` and
    /// `uid` fit it (``check(uid:model:)``) — programming errors otherwise; `nil` draws a random
    /// UID with the model's prefix and type bits.
    public convenience init(model: TagModel, uid: [UInt8]? = nil, formatted: Bool = true) {
        guard let facts = model.type5, Self.supportedModels.contains(model) else {
            preconditionFailure("EmulatedType5Tag does not emulate \(model.rawValue); check(model:) first.")
        }
        precondition(uid.map(facts.matches(uid:)) ?? true, "The UID does not fit the model; check(uid:model:) first.")
        self.init(
            checkedModel: model, facts: facts, uid: uid ?? Self.randomUID(facts: facts),
            memory: Type5Memory(facts: facts, formatted: formatted))
    }

    /// A tag holding `memory` (a loaded file). Throws when the model is not emulated, the UID does
    /// not fit it, or the memory does not (``check(memory:model:)``).
    public convenience init(model: TagModel, uid: [UInt8], memory: Type5Memory) throws(EmulatorError) {
        try Self.check(uid: uid, model: model)
        try Self.check(memory: memory, model: model)
        guard let facts = model.type5 else { throw .unsupportedModel(model) }
        self.init(checkedModel: model, facts: facts, uid: uid, memory: memory)
    }

    private init(checkedModel model: TagModel, facts: Type5Facts, uid: [UInt8], memory: Type5Memory) {
        self.model = model
        self.facts = facts
        self.uid = uid
        self.memory = memory
        var generator = SystemRandomNumberGenerator()
        self.chip =
            model == .icodeSLIX2
            ? ICODESLIX2Chip(facts: facts, uid: uid, randomSeed: generator.next())
            : ST25DV04KChip(facts: facts, uid: uid)
    }

    public static func check(model: TagModel) throws(EmulatorError) {
        guard supportedModels.contains(model), model.type5 != nil else { throw .unsupportedModel(model) }
    }

    /// Checks that `uid` is 8 bytes with the model's prefix and type bits (`E0 04 01` and bits
    /// 4–3 of byte 3 = 01 for ICODE SLIX2, `E0 02 24` for ST25DV04K).
    public static func check(uid: [UInt8], model: TagModel) throws(EmulatorError) {
        try check(model: model)
        guard let facts = model.type5, facts.matches(uid: uid) else { throw .type5UID(uid, model: model) }
    }

    /// Checks that `memory` has the model's blocks (count and size), one lock bit per block, and
    /// a signature of the model's length; SLIX settings exactly on ICODE SLIX2, with 4-byte passwords.
    public static func check(memory: Type5Memory, model: TagModel) throws(EmulatorError) {
        try check(model: model)
        guard let facts = model.type5 else { throw .unsupportedModel(model) }
        guard memory.blocks.count == facts.blockCount else {
            throw .type5Memory("it has \(memory.blocks.count) blocks; \(model.withArticle) has \(facts.blockCount)")
        }
        if let index = memory.blocks.firstIndex(where: { $0.count != facts.blockSize }) {
            throw .type5Memory(
                "block \(index) has \(memory.blocks[index].count) bytes; a block has \(facts.blockSize)")
        }
        guard memory.locked.count == facts.blockCount else {
            throw .type5Memory("it has \(memory.locked.count) lock bits for \(facts.blockCount) blocks")
        }
        let signature = facts.signatureLength ?? 0
        guard memory.signature.count == signature else {
            throw .type5Memory("the signature has \(memory.signature.count) bytes; it must have \(signature)")
        }
        let isNXP = facts.manufacturerCode == 0x04
        guard (memory.slix != nil) == isNXP else {
            throw .type5Memory(isNXP ? "the SLIX settings are missing" : "only an ICODE SLIX2 has SLIX settings")
        }
        if let slix = memory.slix {
            let passwords = [
                slix.readPassword, slix.writePassword, slix.privacyPassword, slix.destroyPassword, slix.easPassword,
            ]
            guard passwords.allSatisfy({ $0.count == 4 }) else { throw .type5Memory("a SLIX password has 4 bytes") }
        }
    }

    /// A random UID of the model: its prefix, its type bits, random bytes elsewhere.
    public static func randomUID(facts: Type5Facts) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return randomUID(facts: facts, using: &generator)
    }

    /// A UID of the model drawn from `generator` (seeded in tests).
    public static func randomUID(facts: Type5Facts, using generator: inout some RandomNumberGenerator) -> [UInt8] {
        var uid = facts.uidPrefix
        while uid.count < 8 { uid.append(UInt8.random(in: 0...255, using: &generator)) }
        if let mask = facts.uidTypeMask, let bits = facts.uidTypeBits, facts.uidPrefix.count < 8 {
            let index = facts.uidPrefix.count
            uid[index] = (uid[index] & ~mask) | (bits & mask)
        }
        return Array(uid.prefix(8))
    }

    /// The chip's ISO/IEC 15693-3 state in this RF session.
    public var state: Type5VICCState { chip.state }
    /// False once the tag was removed or torn away; ``present()`` brings it back.
    public var isInField: Bool { harness.isInField }
    /// Tags answering together.
    public var tagsInField: Int { harness.tagsInField }

    /// The sum of the modeled air time of every logged request, in microseconds.
    public var modeledAirTimeMicroseconds: Double { commandLog.reduce(0) { $0 + $1.modeledMicroseconds } }

    /// Forgets the command log (the tag's state is untouched).
    public func clearLog() { commandLog.removeAll() }

    /// ICODE SLIX2: seeds the generator GET RANDOM NUMBER draws from (does nothing on ST25DV04K).
    public func seedRandom(_ seed: UInt64) {
        guard var slix = chip as? ICODESLIX2Chip else { return }
        slix.randomState = seed
        chip = slix
    }

    // MARK: Faults

    /// Lets exactly `commands` more requests complete; the next one fails in `mode` and the tag
    /// leaves the field (every later request throws `.tagLost(command: nil)` until ``present()``).
    public func tearAfter(commands: Int, mode: TearMode) { harness.tearAfter(commands: commands, mode: mode) }

    /// Cancels a pending ``tearAfter(commands:mode:)``.
    public func cancelTear() { harness.cancelTear() }

    /// Takes the tag out of the field: requests throw `.tagLost(command: nil)` until ``present()``.
    public func remove() {
        harness.remove()
        chip.reset()
    }

    /// Puts the tag (back) in the field: a new RF session, the chip in the Ready state.
    public func present() {
        harness.present()
        chip.reset()
    }

    /// Puts `count - 1` other tags next to this one; with more than one every request fails with
    /// `.multipleTags(count:)`. `placeAmongOtherTags(count: 1)` leaves this tag alone again.
    public func placeAmongOtherTags(count: Int) { harness.placeAmongOtherTags(count: count) }

    /// Makes every write answer error `13` and every lock error `14` without changing anything
    /// (`failWrites(false)` restores normal writes).
    public func failWrites(_ fail: Bool = true) { writesFail = fail }

    // MARK: Transport

    public func send(_ request: ISO15693Request) async throws(ChannelError) -> ISO15693Response {
        try exchange(
            Type5AirRequest(
                request: request, addressedUID: request.flags.contains(.address) ? uid : nil,
                manufacturerCode: request.isCustom ? facts.manufacturerCode : nil))
    }

    /// Test hook: `request` with `addressedTo` on the air instead of this tag's UID (when the
    /// address flag is set) and `manufacturerCode` instead of its maker's (on a custom command).
    public func send(_ request: ISO15693Request, addressedTo: [UInt8]?, manufacturerCode: UInt8? = nil)
        async throws(ChannelError) -> ISO15693Response
    {
        try exchange(
            Type5AirRequest(
                request: request, addressedUID: request.flags.contains(.address) ? addressedTo : nil,
                manufacturerCode: request.isCustom ? (manufacturerCode ?? facts.manufacturerCode) : nil))
    }

    /// The request as the chip receives it, synchronously: for the property tests and the
    /// workflows' synchronous drivers.
    public func exchange(_ air: Type5AirRequest) throws(ChannelError) -> ISO15693Response {
        let index = commandLog.count
        let label = air.request.label
        if let refusal = harness.refusal {
            commandLog.append(
                Type5Record(
                    index: index, command: air, outcome: .notSent(refusal), programmed: [],
                    modeledMicroseconds: 0))
            throw refusal
        }
        var context = Type5CommandContext(failWrites: writesFail)
        if let mode = harness.tearForNextCommand() {
            switch mode {
            case .notDelivered:
                break
            case .replyLost:
                _ = chip.respond(to: air, memory: &memory, context: &context)
            case .corruptedWrite:
                context.tornWrite = true
                _ = chip.respond(to: air, memory: &memory, context: &context)
            }
            chip.reset()
            commandLog.append(
                Type5Record(
                    index: index, command: air, outcome: .torn(mode), programmed: context.programmed,
                    modeledMicroseconds: Type5Timing.unansweredMicroseconds(
                        requestBytes: air.frameBytes, blocksProgrammed: context.programmingOperations, facts: facts)))
            throw .tagLost(command: label)
        }
        guard let response = chip.respond(to: air, memory: &memory, context: &context) else {
            commandLog.append(
                Type5Record(
                    index: index, command: air, outcome: .silent, programmed: context.programmed,
                    modeledMicroseconds: Type5Timing.unansweredMicroseconds(
                        requestBytes: air.frameBytes, blocksProgrammed: context.programmingOperations, facts: facts)))
            throw .timeout(command: label, milliseconds: Int(Type5Timing.silenceMicroseconds / 1000))
        }
        commandLog.append(
            Type5Record(
                index: index, command: air, outcome: .response(response), programmed: context.programmed,
                modeledMicroseconds: Type5Timing.exchangeMicroseconds(
                    requestBytes: air.frameBytes, responseBytes: 1 + response.payload.count,
                    blocksProgrammed: context.programmingOperations, facts: facts)))
        return response
    }
}
