import TagCatalog
import TagFrames
import TagTransport
import TapCardSupport

/// A byte-accurate NFC Forum Type 4 tag in memory, answering command APDUs the way the chip does:
/// a generic T4T v2.0 (`GenericType4Chip`: `.genericType4`), an NTAG 424 DNA as shipped
/// (`NTAG424Chip`: `.ntag424DNA`) or a MIFARE DESFire 4K (`DESFireChip`: `.desfireEV1_4K`, `.desfireEV3_4K`, its
/// applications and files in ``Type4Memory/picc``). The chip's facts — files, factory contents and settings, CC,
/// ATS, GetVersion — come from ``/TagCatalog/Type4Facts``; the behaviour is the emulator's own, so
/// the Type 4 mapping and the emulator can catch each other.
///
/// This class is the harness around the chip (multi-technology.md §2.7): field presence, tears,
/// removal, several tags, write failures, and the command log with modeled air time
/// (``/TagCatalog/Type4Timing``).
///
/// - Status words are data: only carrier failures throw (`.tagLost`, `.multipleTags`).
/// - ``tearAfter(commands:mode:)``: `.notDelivered` executes nothing; `.replyLost` executes the
///   command and loses its response; `.corruptedWrite` lands the first ⌊n/2⌋ bytes of an UPDATE
///   BINARY or WriteData and keeps the old bytes after them (any other command: as `.replyLost`).
///   Every mode then leaves the tag out of the field until ``present()``.
/// - ``present()`` starts a new RF session: the application and file are deselected, a GetVersion
///   chain and an NTAG 424 DNA authentication (pending or established) are forgotten. A tear does
///   the same.
/// - ``failWrites(iso:native:)``: UPDATE BINARY answers `65 81` and WriteData `91 EE` (EEPROM
///   failure) and nothing is written.
public final class EmulatedType4Tag: ISODepChannel {
    public let model: TagModel
    public let facts: Type4Facts
    /// The 7-byte UID (GetVersion part 3, anticollision).
    public let uid: [UInt8]
    /// Files, keys and signature. Setting it bypasses every rule: it is for tests and fixtures.
    public var memory: Type4Memory
    /// Every command received so far, in order.
    public private(set) var commandLog: [APDURecord] = []

    private var chip: any Type4Chip
    private var harness = FieldHarness()
    private var isoWriteFailure: StatusWord?
    private var nativeWriteFailure: StatusWord?

    /// The models the emulator knows at APDU level.
    /// Every model the catalog gives Type 4 facts: the chip follows from them (a DESFire card's
    /// facts carry ``/TagCatalog/DESFireFacts``), so a new DESFire model is a catalog entry and
    /// nothing here.
    public static let supportedModels: [TagModel] = TagModel.allCases.filter { $0.type4 != nil }

    /// The length of the NTAG 424 DNA originality signature (ECC, r ‖ s, 28 bytes each).
    public static let signatureLength = 56

    /// A tag as it ships.
    ///
    /// - Parameters:
    ///   - model: one of ``supportedModels``; anything else is a programming error (check with
    ///     ``check(model:)`` when the model comes from input).
    ///   - uid: 7 bytes (``check(uid:)``); `nil` draws a random NXP UID (04 …).
    ///   - contents: file contents by ISO identifier, replacing the factory contents; shorter
    ///     contents are padded with zeros, longer ones cut to the file's size; unknown identifiers
    ///     are ignored.
    public convenience init(model: TagModel, uid: [UInt8]? = nil, contents: [UInt16: [UInt8]] = [:]) {
        guard let facts = model.type4, Self.supportedModels.contains(model) else {
            preconditionFailure("EmulatedType4Tag does not emulate \(model.rawValue); check(model:) first.")
        }
        precondition(uid == nil || uid?.count == 7, "A UID has 7 bytes; check(uid:) first.")
        var files = facts.files.map(Type4File.init(facts:))
        for index in files.indices {
            guard let bytes = contents[files[index].identifier] else { continue }
            let size = files[index].size
            files[index].contents = Array(bytes.prefix(size)) + [UInt8](repeating: 0, count: max(0, size - bytes.count))
        }
        let memory = Type4Memory(
            files: files, keys: [Type4Key](repeating: Type4Key(), count: facts.keyCount),
            signature: model == .ntag424DNA ? [UInt8](repeating: 0, count: Self.signatureLength) : [],
            picc: facts.desfire == nil ? nil : .factory)
        self.init(checkedModel: model, facts: facts, uid: uid ?? FactoryImage.randomUID(), memory: memory)
    }

    /// A MIFARE DESFire card holding `picc` (its PICC master key, settings and applications), e.g.
    /// `DESFirePICC.factory.withAESMasterKey(key)`. Throws when the model is not a DESFire, the UID
    /// is not 7 bytes or the card does not fit the model (``check(memory:model:)``).
    public convenience init(model: TagModel, uid: [UInt8]? = nil, picc: DESFirePICC) throws(EmulatorError) {
        try self.init(
            model: model, uid: uid ?? FactoryImage.randomUID(),
            memory: Type4Memory(files: [], keys: [], signature: [], picc: picc))
    }

    /// A MIFARE DESFire card holding `picc` that answers GetVersion parts 1 and 2 with
    /// `versionParts` (7 bytes each) instead of the model's: another generation of the same card,
    /// e.g. an EV1 (hardware and software major version `01`), which answers AuthenticateAES only.
    /// For tests: a virtual tag file keeps the model, not these parts.
    public convenience init(model: TagModel, uid: [UInt8]? = nil, picc: DESFirePICC, versionParts: [[UInt8]])
        throws(EmulatorError)
    {
        guard versionParts.count == 2, versionParts.allSatisfy({ $0.count == 7 }) else {
            throw .type4Memory("GetVersion parts 1 and 2 have 7 bytes each")
        }
        let memory = Type4Memory(files: [], keys: [], signature: [], picc: picc)
        let chosen = uid ?? FactoryImage.randomUID()
        try Self.check(model: model)
        try Self.check(uid: chosen)
        try Self.check(memory: memory, model: model)
        guard var facts = model.type4, facts.desfire != nil else { throw .unsupportedModel(model) }
        facts.versionParts = versionParts
        self.init(checkedModel: model, facts: facts, uid: chosen, memory: memory)
    }

    /// A tag holding `memory` (a loaded file). Throws when the model is not emulated, the UID is
    /// not 7 bytes, or the memory does not fit the model (``check(memory:model:)``).
    public convenience init(model: TagModel, uid: [UInt8], memory: Type4Memory) throws(EmulatorError) {
        try Self.check(model: model)
        try Self.check(uid: uid)
        try Self.check(memory: memory, model: model)
        guard let facts = model.type4 else { throw .unsupportedModel(model) }
        self.init(checkedModel: model, facts: facts, uid: uid, memory: memory)
    }

    private init(checkedModel model: TagModel, facts: Type4Facts, uid: [UInt8], memory: Type4Memory) {
        self.model = model
        self.facts = facts
        self.uid = uid
        self.memory = memory
        if model == .ntag424DNA {
            self.chip = NTAG424Chip(uid: uid, facts: facts)
        } else if facts.desfire != nil {
            self.chip = DESFireChip(uid: uid, facts: facts)
        } else {
            self.chip = GenericType4Chip()
        }
    }

    public static func check(model: TagModel) throws(EmulatorError) {
        guard supportedModels.contains(model), model.type4 != nil else { throw .unsupportedModel(model) }
    }

    public static func check(uid: [UInt8]) throws(EmulatorError) {
        try EmulatedTag.check(uid: uid)
    }

    /// Checks that `memory` has the model's files (same identifiers and numbers, in order, each
    /// of its factory size, with settings of at least 7 bytes where the model has settings: an
    /// SDM part may follow, and an SDM read counter of 24 bits), its number of keys (16 bytes each) and a signature of the right length.
    public static func check(memory: Type4Memory, model: TagModel) throws(EmulatorError) {
        try check(model: model)
        guard let facts = model.type4 else { throw .unsupportedModel(model) }
        guard memory.files.count == facts.files.count else {
            throw .type4Memory("it has \(memory.files.count) files; \(model.withArticle) has \(facts.files.count)")
        }
        for (file, expected) in zip(memory.files, facts.files) {
            let name = Hex.encode([UInt8(file.identifier >> 8), UInt8(file.identifier & 0xFF)], uppercase: true)
            guard file.identifier == expected.identifier, file.number == expected.number else {
                throw .type4Memory("file \(name) is not where \(model.withArticle) has its files")
            }
            guard file.size == expected.size else {
                throw .type4Memory("file \(name) has \(file.size) bytes; it must have \(expected.size)")
            }
            guard (file.settings == nil) == (expected.factorySettings == nil),
                file.settings.map({ $0.count >= 7 }) ?? true
            else {
                throw .type4Memory(
                    "file \(name) must have \(expected.factorySettings == nil ? "no" : "at least 7 bytes of") settings")
            }
            guard (0...0xFF_FFFF).contains(file.sdmReadCounter) else {
                throw .type4Memory("file \(name) has an SDM read counter of \(file.sdmReadCounter); it has 24 bits")
            }
        }
        guard memory.keys.count == facts.keyCount, memory.keys.allSatisfy({ $0.value.count == 16 }) else {
            throw .type4Memory("\(model.withArticle) has \(facts.keyCount) keys of 16 bytes")
        }
        let signature = model == .ntag424DNA ? signatureLength : 0
        guard memory.signature.count == signature else {
            throw .type4Memory("the signature has \(memory.signature.count) bytes; it must have \(signature)")
        }
        guard !memory.lrp || model == .ntag424DNA else {
            throw .type4Memory("\(model.withArticle) has no LRP mode; only an NTAG 424 DNA can be switched to it")
        }
        switch (facts.desfire, memory.picc) {
        case (nil, nil): break
        case (let desfire?, let picc?):
            if let problem = picc.problem(desfire) { throw .type4Memory(problem) }
        case (nil, _?): throw .type4Memory("\(model.withArticle) has no DESFire applications")
        case (_?, nil): throw .type4Memory("\(model.withArticle) needs its PICC (master key and applications)")
        }
    }

    /// True while the NDEF application is selected (in this RF session).
    public var isApplicationSelected: Bool { chip.isApplicationSelected }

    /// NTAG 424 DNA and MIFARE DESFire: where AuthenticateEV2 takes RndB and TI from
    /// (``NTAG424Challenges``; the system generator unless set). On a generic Type 4 tag it is
    /// always `.system` and setting it does nothing.
    public var challenges: NTAG424Challenges {
        get { (chip as? any EV2SecureChip)?.challenges ?? .system }
        set {
            guard var secure = chip as? any EV2SecureChip else { return }
            secure.challenges = newValue
            chip = secure
        }
    }

    /// NTAG 424 DNA and MIFARE DESFire: the key number of the authenticated EV2 session (on a
    /// DESFire, a key of the selected application, or 0 for the PICC master key), `nil` when there
    /// is none.
    public var authenticatedKeyNumber: UInt8? { (chip as? any EV2SecureChip)?.session?.keyNumber }

    /// MIFARE DESFire: the key number of the EV1 session AuthenticateAES established, `nil` when
    /// there is none (and on other chips).
    public var ev1AuthenticatedKeyNumber: UInt8? { (chip as? DESFireChip)?.ev1Session?.keyNumber }

    /// NTAG 424 DNA and MIFARE DESFire: the command counter of the authenticated session, `nil`
    /// when there is none.
    public var commandCounter: UInt16? { (chip as? any EV2SecureChip)?.session?.commandCounter }

    /// MIFARE DESFire: the selected application's AID in this RF session, `nil` at the PICC level
    /// (and on other chips).
    public var selectedApplication: UInt32? { (chip as? DESFireChip)?.selected }

    /// MIFARE DESFire: the card's PICC (master key, settings, applications and their files); `nil`
    /// on other chips. Read it to inspect a card in tests; set ``memory`` to change it around the
    /// rules.
    public var picc: DESFirePICC? { memory.picc }

    /// Puts an NTAG 424 DNA in an authenticated session from its parts, as if an authentication had
    /// just happened: for tests that replay a published transcript beginning after the
    /// authentication (AN12196 §5.3, §7.3). Returns false on a generic tag or a wrong length.
    func installSession(
        keyNumber: UInt8, transactionIdentifier: [UInt8], commandCounter: UInt16, encryptionKey: [UInt8],
        macKey: [UInt8]
    ) -> Bool {
        guard var ntag = chip as? NTAG424Chip,
            let session = EV2TagSession(
                keyNumber: keyNumber, transactionIdentifier: transactionIdentifier, commandCounter: commandCounter,
                encryptionKey: encryptionKey, macKey: macKey)
        else { return false }
        ntag.session = session
        ntag.pendingAuthentication = nil
        chip = ntag
        return true
    }
    /// False once the tag was removed or torn away; ``present()`` brings it back.
    public var isInField: Bool { harness.isInField }
    /// Tags answering together.
    public var tagsInField: Int { harness.tagsInField }

    /// The contents of the file with ISO identifier `identifier`.
    public func contents(ofFile identifier: UInt16) -> [UInt8]? {
        memory.index(ofIdentifier: identifier).map { memory.files[$0].contents }
    }

    /// The stored originality signature (56 bytes on NTAG 424 DNA, zeros unless imported).
    public var signature: [UInt8] {
        get { memory.signature }
        set { memory.signature = newValue }
    }

    /// The sum of the modeled air time of every logged command, in microseconds.
    public var modeledAirTimeMicroseconds: Double { commandLog.reduce(0) { $0 + $1.modeledMicroseconds } }

    /// Forgets the command log (the tag's state is untouched).
    public func clearLog() { commandLog.removeAll() }

    // MARK: Faults

    /// Lets exactly `commands` more APDUs complete; the next one fails in `mode` and the tag
    /// leaves the field (every later APDU throws `.tagLost(command: nil)` until ``present()``).
    public func tearAfter(commands: Int, mode: TearMode) { harness.tearAfter(commands: commands, mode: mode) }

    /// Cancels a pending ``tearAfter(commands:mode:)``.
    public func cancelTear() { harness.cancelTear() }

    /// Takes the tag out of the field: APDUs throw `.tagLost(command: nil)` until ``present()``.
    public func remove() {
        harness.remove()
        chip.reset()
    }

    /// Puts the tag (back) in the field: a new RF session, nothing selected.
    public func present() {
        harness.present()
        chip.reset()
    }

    /// Puts `count - 1` other tags next to this one; with more than one every APDU fails with
    /// `.multipleTags(count:)`. `placeAmongOtherTags(count: 1)` leaves this tag alone again.
    public func placeAmongOtherTags(count: Int) { harness.placeAmongOtherTags(count: count) }

    /// Makes every UPDATE BINARY answer `iso` and every WriteData answer `native` without writing
    /// (defaults: `65 81` memory failure, `91 EE` memory error, as a worn-out EEPROM does);
    /// `failWrites(iso: nil, native: nil)` restores normal writes.
    public func failWrites(iso: StatusWord? = StatusWord(0x6581), native: StatusWord? = StatusWord(0x91EE)) {
        isoWriteFailure = iso
        nativeWriteFailure = native
    }

    // MARK: Transport

    public func transmit(_ command: CommandAPDU) async throws(ChannelError) -> ResponseAPDU {
        let index = commandLog.count
        let commandBytes = command.bytes.count
        if let refusal = harness.refusal {
            commandLog.append(
                APDURecord(
                    index: index, command: command, outcome: .notSent(refusal), programmed: [],
                    modeledMicroseconds: 0))
            throw refusal
        }
        var context = Type4CommandContext(isoWriteFailure: isoWriteFailure, nativeWriteFailure: nativeWriteFailure)
        if let mode = harness.tearForNextCommand() {
            switch mode {
            case .notDelivered:
                break
            case .replyLost:
                _ = chip.respond(to: command, memory: &memory, context: &context)
            case .corruptedWrite:
                context.tornWrite = true
                _ = chip.respond(to: command, memory: &memory, context: &context)
            }
            chip.reset()
            let written = context.programmed.reduce(0) { $0 + $1.count }
            let time =
                Type4Timing.unansweredMicroseconds(
                    commandBytes: commandBytes, tagFrameSize: facts.frameSize,
                    frameWaitingIndex: facts.frameWaitingIndex)
                + Type4Timing.programmingMicroseconds(bytesWritten: written)
            commandLog.append(
                APDURecord(
                    index: index, command: command, outcome: .torn(mode), programmed: context.programmed,
                    modeledMicroseconds: time))
            throw .tagLost(command: command.label)
        }
        let response = chip.respond(to: command, memory: &memory, context: &context)
        let written = context.programmed.reduce(0) { $0 + $1.count }
        commandLog.append(
            APDURecord(
                index: index, command: command, outcome: .response(response), programmed: context.programmed,
                modeledMicroseconds: Type4Timing.exchangeMicroseconds(
                    commandBytes: commandBytes, responseBytes: response.bytes.count, bytesWritten: written,
                    tagFrameSize: facts.frameSize)))
        return response
    }
}
