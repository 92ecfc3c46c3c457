import TagCatalog
import TagTransport
import TapCardSupport

/// A byte-accurate NFC Forum Type 2 tag in memory: NTAG210/212/213/215/216, NTAG203, MIFARE
/// Ultralight (MF0ICU1), Ultralight EV1 (MF0UL11, MF0UL21), Ultralight C (MF0ICU2, with its 3DES
/// AUTHENTICATE, AUTH0/AUTH1 and write-only key pages) and Ultralight AES (MF0AES20, with its AES
/// AUTHENTICATE, CFG/ACCESS and key pages, per peers that cite its datasheet), answering raw frames
/// the way the datasheets say the chips do.
///
/// - Commands: GET_VERSION, READ (16 bytes, rolls over to page 0 at the end of memory),
///   FAST_READ, WRITE, COMP_WRITE (two frames), READ_CNT, READ_SIG, PWD_AUTH (AUTH0, PROT,
///   AUTHLIM), and on Ultralight EV1 INCR_CNT and CHECK_TEARING_EVENT. MIFARE Ultralight and
///   NTAG203 only know READ, WRITE and COMP_WRITE (NTAG203 also its page-41 counter); Ultralight
///   does not answer anything else (a timeout), NTAG203 NAKs it.
/// - Rules: static and dynamic lock bits and their block-locking bits are enforced (a write to
///   a locked page NAKs 0h); the CC, lock bytes and block-locking bits are one-time programmable
///   (a WRITE ORs); the UID pages cannot be written; CFGLCK freezes CFG0/CFG1; PWD and PACK read as
///   zeros; a NAK returns the chip to its idle state, so a password must be presented again.
/// - NAK codes: 0h invalid argument (bad page, locked page, wrong password), 1h parity/CRC (frames
///   are exchanged without CRC, so only through ``failCRC(nextFrames:)``), 4h authentication
///   limit reached, 5h EEPROM write error (only through ``failWrites(nak:)``).
/// - HLTA (`50 00`) is not answered and halts the tag until ``present()``, as ISO/IEC 14443-3 says.
/// - Faults: ``tearAfter(commands:mode:)``, ``remove()``, ``placeAmongOtherTags(count:)``,
///   ``failWrites(nak:)``, ``failCRC(nextFrames:)``; ``makeReadOnly()`` locks the tag the way a
///   lock workflow would.
/// - Every frame goes into ``commandLog`` with its modeled air time (``/TagCatalog/Type2Timing``).
///
/// Modelling choices where the datasheets available to us are silent: a READ or FAST_READ that
/// starts in readable memory and runs into read-protected pages returns those pages as 00h; an
/// unknown command code is NAKed 0h by NTAG21x, Ultralight EV1 and NTAG203 and ignored (timeout) by
/// MIFARE Ultralight; the NTAG21x NFC counter counts the first READ or FAST_READ after each
/// ``present()`` when ACCESS.NFC_CNT_EN is set.
public final class EmulatedTag: NFCAChannel {
    public let model: TagModel
    let profile: ChipProfile

    /// The whole EEPROM, page 0 first, PWD and PACK included (they read as zeros over the air).
    /// Setting it bypasses every rule: it is for tests and fixtures.
    public var memory: [UInt8]
    /// The 32-byte originality signature READ_SIG returns. We cannot sign with NXP's key, so this
    /// is whatever was stored: zeros for a new tag, or the signature from an imported dump.
    public var signature: [UInt8]
    /// The chip's 24-bit one-way counters: one NFC counter on NTAG21x, three on Ultralight EV1.
    public var counters: [UInt32]
    /// Ultralight EV1 tearing flags (BDh = no tearing event), one per counter.
    public var tearingFlags: [UInt8]
    /// Failed PWD_AUTH attempts counted against AUTHLIM.
    public var failedAuthentications: Int
    /// The header fields the dump this tag was made from did not hold: their values here are
    /// placeholders (zeros; BDh tearing flags). Kept in the virtual tag file (``DumpGapComment``),
    /// so `info` and every export go on saying so.
    public var notInDump: Set<DumpGapComment.Field> = []
    /// Which counters (by READ_CNT address: 2 is an NTAG21x's NFC counter) the dump did not
    /// hold, when ``notInDump`` has `counters`; the others are the dump's values.
    public var countersNotInDump: Set<Int> = []
    /// Which tearing flags (0–2) the dump did not hold, when ``notInDump`` has `tearingFlags`.
    public var tearingFlagsNotInDump: Set<Int> = []
    /// How many pages the dump this tag was made from read, when fewer than all (its `Pages
    /// read`); the others hold the dump's bytes. `nil`: every page was read.
    public var pagesRead: Int?

    /// True after a correct PWD_AUTH in the current session.
    public internal(set) var isAuthenticated = false
    /// Every frame received so far, in order.
    public private(set) var commandLog: [CommandRecord] = []

    /// In the field or not, how many tags answer together, where a tear is due: the same rules
    /// as every emulated chip's (``FieldHarness``).
    private var harness = FieldHarness()
    /// False once the tag was removed or torn away; ``present()`` brings it back.
    public var isInField: Bool { harness.isInField }
    /// Tags answering together; more than one makes every command fail with `.multipleTags`.
    public var tagsInField: Int { harness.tagsInField }
    var writeFailureCodeValue: UInt8?
    private var framesWithBadCRC = 0
    private var isHalted = false
    /// True after a NAK or an unanswered frame: the chip is in IDLE and answers nothing until
    /// ``reactivate()`` (WUPA and SELECT) or ``present()``.
    public private(set) var isIdle = false
    /// How often ``reactivate()`` woke the tag.
    public private(set) var reactivationCount = 0

    /// Ultralight C: RndB and the CBC chaining value between AUTHENTICATE's two frames.
    var pendingKeyAuthentication: (rndB: [UInt8], chain: [UInt8])?
    /// Ultralight AES: RndB and the key between AUTHENTICATE's two frames.
    var pendingAESAuthentication: (rndB: [UInt8], key: [UInt8])?
    /// Ultralight C: the key pages as they were at the last RF reset or re-activation, kept once a
    /// WRITE changes them in this session (a new key counts only after the next reset, MF0ICU2
    /// §7.5.7); `nil` while the pages hold the key in effect.
    var keyInEffect: [UInt8]?
    /// Ultralight C: RndB for the next AUTHENTICATE, so that a test can replay the datasheet's
    /// example; `nil` draws a random one. Used once.
    public var nextChallenge: [UInt8]?

    /// The page COMP_WRITE's first frame named; its 16-byte second frame is expected next.
    var pendingCompatibilityWrite: Int?
    var countedReadThisSessionFlag = false
    /// Set while executing a command torn in `.corruptedWrite` mode.
    var corruptProgrammingFlag = false
    var programmedPages: [Int] = []

    func recordProgrammed(_ page: Int) {
        if !programmedPages.contains(page) { programmedPages.append(page) }
    }

    /// A tag as it leaves the factory (or blank-formatted, for chips that ship with a blank CC).
    ///
    /// - Parameters:
    ///   - model: one of ``supportedModels``; anything else is a programming error (check with
    ///     ``check(model:)`` first when the model comes from input).
    ///   - uid: 7 bytes (check with ``check(uid:)``); `nil` draws a random NXP UID (04 …).
    ///   - formatted: `true` gives the NDEF-ready layout: CC, and for NTAG213 its Lock Control TLV
    ///     `01 03 A0 0C 34`, then an empty NDEF TLV `03 00 FE`. `false` leaves the CC and the data
    ///     area blank (all zeros), as MIFARE Ultralight ships.
    public init(model: TagModel, uid: [UInt8]? = nil, formatted: Bool = true) {
        guard let profile = ChipProfile.profile(for: model) else {
            preconditionFailure("EmulatedTag does not emulate \(model.rawValue); check(model:) first.")
        }
        precondition(uid == nil || uid?.count == 7, "A UID has 7 bytes; check(uid:) first.")
        self.model = model
        self.profile = profile
        self.memory = FactoryImage.memory(profile: profile, uid: uid ?? FactoryImage.randomUID(), formatted: formatted)
        self.signature = [UInt8](repeating: 0, count: 32)
        self.counters = [UInt32](repeating: 0, count: profile.counterCount)
        self.tearingFlags = profile.family == .ultralightEV1 ? [0xBD, 0xBD, 0xBD] : []
        self.failedAuthentications = 0
    }

    /// A tag holding `image` (page 0 first). An image shorter than the model's memory is padded
    /// with zeros and a longer one is cut: use ``check(image:model:)`` when the image is input.
    public init(image: [UInt8], model: TagModel) {
        guard let profile = ChipProfile.profile(for: model) else {
            preconditionFailure("EmulatedTag does not emulate \(model.rawValue); check(model:) first.")
        }
        self.model = model
        self.profile = profile
        let size = profile.layout.totalBytes
        self.memory = Array(image.prefix(size)) + [UInt8](repeating: 0, count: max(0, size - image.count))
        self.signature = [UInt8](repeating: 0, count: 32)
        self.counters = [UInt32](repeating: 0, count: profile.counterCount)
        self.tearingFlags = profile.family == .ultralightEV1 ? [0xBD, 0xBD, 0xBD] : []
        self.failedAuthentications = 0
    }

    /// The models the emulator knows at command level.
    public static let supportedModels: [TagModel] = [
        .ntag203, .ntag210, .ntag212, .ntag213, .ntag215, .ntag216, .ultralight, .ultralightEV1_48,
        .ultralightEV1_128, .ultralightC, .ultralightAES,
    ]

    public static func check(model: TagModel) throws(EmulatorError) {
        guard ChipProfile.profile(for: model) != nil else { throw .unsupportedModel(model) }
    }

    /// A 7-byte (double-size) ISO/IEC 14443-3 UID: neither UID0 nor UID3 is the cascade tag 88,
    /// which anticollision reserves. Every NFC-A emulator checks a UID given to it here.
    public static func check(uid: [UInt8]) throws(EmulatorError) {
        guard uid.count == 7 else { throw .uidLength(uid.count) }
        if let index = [0, 3].first(where: { uid[$0] == 0x88 }) { throw .uidCascadeTag(index: index) }
    }

    public static func check(image: [UInt8], model: TagModel) throws(EmulatorError) {
        try check(model: model)
        let expected = model.type2Layout?.totalBytes ?? 0
        guard image.count == expected else { throw .imageSize(bytes: image.count, expected: expected, model: model) }
    }

    /// The 7-byte UID as the memory holds it (pages 0–1, skipping BCC0).
    public var uid: [UInt8] { Array(memory[0..<3]) + Array(memory[4..<8]) }

    /// The sum of the modeled air time of every logged command, in microseconds.
    public var modeledAirTimeMicroseconds: Double { commandLog.reduce(0) { $0 + $1.modeledMicroseconds } }

    /// Forgets the command log (the tag's state is untouched).
    public func clearLog() { commandLog.removeAll() }

    // MARK: Faults

    /// Lets exactly `commands` more frames complete; the next one fails in `mode` and the tag
    /// leaves the field (every later frame throws `.tagLost(command: nil)` until ``present()``).
    public func tearAfter(commands: Int, mode: TearMode) {
        harness.tearAfter(commands: commands, mode: mode)
    }

    /// Cancels a pending ``tearAfter(commands:mode:)``.
    public func cancelTear() { harness.cancelTear() }

    /// Takes the tag out of the field: frames throw `.tagLost(command: nil)` until ``present()``.
    public func remove() {
        harness.remove()
        endSession()
    }

    /// Puts the tag (back) in the field: a new session, so any password must be presented again
    /// and the NFC counter may count again.
    public func present() {
        harness.present()
        isHalted = false
        isIdle = false
        endSession()
    }

    /// Puts `count - 1` other tags next to this one; with more than one tag every frame fails with
    /// `.multipleTags(count:)`. `placeAmongOtherTags(count: 1)` leaves this tag alone again.
    public func placeAmongOtherTags(count: Int) {
        harness.placeAmongOtherTags(count: count)
    }

    /// Makes every WRITE and COMP_WRITE fail with NAK `code` (5h: EEPROM write error, as a worn-out
    /// chip does); `nil` restores normal writes.
    public func failWrites(nak code: UInt8?) {
        writeFailureCodeValue = code
    }

    /// Makes the next `count` frames arrive damaged (a parity or CRC error on the air): the tag
    /// carries nothing out and answers NAK 1h, and, as after any NAK, forgets its password session.
    public func failCRC(nextFrames count: Int) {
        framesWithBadCRC = max(0, count)
    }

    /// Locks the tag for good, the way a lock workflow does (nfcpy `_protect_with_lockbits`):
    /// CC access byte 0Fh, every static and dynamic lock and block-locking bit, CFGLCK.
    public func makeReadOnly() {
        if memory[12] == 0xE1 { memory[15] = 0x0F }
        memory[10] = 0xFF
        memory[11] = 0xFF
        if let lock = profile.dynamicLock {
            let positions = lock.lockBits.map(\.position) + lock.blockBits.map(\.position)
            for position in positions { memory[lock.page * 4 + position.byte] |= position.mask }
        }
        if let config = profile.configPage { memory[(config + 1) * 4] |= 0x40 }
    }

    private func endSession() {
        isAuthenticated = false
        pendingKeyAuthentication = nil
        pendingAESAuthentication = nil
        keyInEffect = nil
        pendingCompatibilityWrite = nil
        countedReadThisSessionFlag = false
    }

    // MARK: Transport

    public func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
        let code = command.first ?? 0
        let index = commandLog.count
        if let error = harness.refusal {
            commandLog.append(
                CommandRecord(
                    index: index, command: command, outcome: .notSent(error), pagesProgrammed: [],
                    modeledMicroseconds: 0))
            throw error
        }
        let writes = programsEEPROM(command)
        if let mode = harness.tearForNextCommand() {
            programmedPages = []
            switch mode {
            case .notDelivered:
                break
            case .replyLost:
                _ = execute(command)
            case .corruptedWrite:
                corruptProgrammingFlag = true
                _ = execute(command)
                corruptProgrammingFlag = false
            }
            let time = Type2Timing.unansweredMicroseconds(commandBytes: command.count, programsPage: writes)
            commandLog.append(
                CommandRecord(
                    index: index, command: command, outcome: .torn(mode), pagesProgrammed: programmedPages,
                    modeledMicroseconds: time))
            endSession()
            throw ChannelError.tagLost(command: .nfcA(code))
        }
        programmedPages = []
        let answer = execute(command)
        let record: CommandRecord
        switch answer {
        case .data(let bytes):
            record = CommandRecord(
                index: index, command: command, outcome: .data(bytes), pagesProgrammed: programmedPages,
                modeledMicroseconds: Type2Timing.exchangeMicroseconds(
                    commandBytes: command.count, responseBytes: bytes.count, programsPage: false))
        case .ack:
            record = CommandRecord(
                index: index, command: command, outcome: .ack, pagesProgrammed: programmedPages,
                modeledMicroseconds: Type2Timing.exchangeMicroseconds(
                    commandBytes: command.count, responseBytes: nil, programsPage: writes))
        case .nak(let nak):
            record = CommandRecord(
                index: index, command: command, outcome: .nak(nak), pagesProgrammed: [],
                modeledMicroseconds: Type2Timing.exchangeMicroseconds(
                    commandBytes: command.count, responseBytes: nil, programsPage: false))
        case .noAnswer:
            record = CommandRecord(
                index: index, command: command, outcome: .noAnswer, pagesProgrammed: [],
                modeledMicroseconds: Type2Timing.unansweredMicroseconds(
                    commandBytes: command.count, programsPage: writes))
        }
        commandLog.append(record)
        switch answer {
        case .data(let bytes): return bytes
        case .ack: return [0x0A]
        case .nak(let nak):
            // A NAK sends the chip back to IDLE: it answers nothing until it is selected again,
            // and the session's authentication is gone.
            isIdle = true
            endSession()
            throw ChannelError.nak(code: nak, command: .nfcA(code))
        case .noAnswer:
            // Silence to a frame it does not take (MIFARE Ultralight) also leaves the chip in IDLE.
            isIdle = true
            endSession()
            throw ChannelError.timeout(command: .nfcA(code), milliseconds: writes ? 10 : 5)
        }
    }

    /// True for frames that program EEPROM when they succeed: WRITE, COMP_WRITE's data frame, INCR_CNT.
    private func programsEEPROM(_ command: [UInt8]) -> Bool {
        if pendingCompatibilityWrite != nil { return true }
        return command.first == Opcode.write || command.first == Opcode.incrementCounter
    }

    // MARK: Command execution

    enum Answer: Equatable {
        case data([UInt8])
        case ack
        case nak(UInt8)
        case noAnswer
    }

    enum Opcode {
        static let getVersion: UInt8 = 0x60
        static let read: UInt8 = 0x30
        static let fastRead: UInt8 = 0x3A
        static let write: UInt8 = 0xA2
        static let compatibilityWrite: UInt8 = 0xA0
        static let readCounter: UInt8 = 0x39
        static let incrementCounter: UInt8 = 0xA5
        static let passwordAuth: UInt8 = 0x1B
        static let readSignature: UInt8 = 0x3C
        static let checkTearingEvent: UInt8 = 0x3E
        static let halt: UInt8 = 0x50
        static let authenticate: UInt8 = 0x1A
        static let authenticateContinue: UInt8 = 0xAF
    }

    /// WUPA, anticollision and SELECT: wakes a tag that is idle or halted. It is not a frame of the
    /// command log (no tear can land on it), and, as on the chip, any password session is gone.
    public func reactivate() async throws(ChannelError) {
        guard isInField else { throw .tagLost(command: nil) }
        guard tagsInField == 1 else { throw .multipleTags(count: tagsInField) }
        isIdle = false
        isHalted = false
        reactivationCount += 1
        endSession()
    }

    /// Carries out one frame against the chip's state. Never traps: every index is checked.
    private func execute(_ command: [UInt8]) -> Answer {
        if isHalted || isIdle { return .noAnswer }
        if framesWithBadCRC > 0 {
            framesWithBadCRC -= 1
            return .nak(0x1)
        }
        // AUTHENTICATE's second frame must follow its first at once (assumed: any other frame
        // abandons the exchange).
        let keyAuthentication = pendingKeyAuthentication
        pendingKeyAuthentication = nil
        let aesAuthentication = pendingAESAuthentication
        pendingAESAuthentication = nil
        // Ultralight AES with SEC_MSG_ACT: after authentication every command needs a CMAC,
        // which the emulator does not check: it NAKs them all (assuming).
        if profile.family == .ultralightAES, isAuthenticated, aesSecureMessaging { return .nak(0x0) }
        if let page = pendingCompatibilityWrite {
            pendingCompatibilityWrite = nil
            guard command.count == 16 else { return .nak(0x0) }
            return writePage(page, data: Array(command[0..<4]))
        }
        guard let code = command.first else { return unknownCommand() }
        let extended = profile.isNXPExtended
        switch code {
        case Opcode.read where command.count == 2:
            return read(from: Int(command[1]))
        case Opcode.write where command.count == 6:
            return writePage(Int(command[1]), data: Array(command[2..<6]))
        case Opcode.compatibilityWrite where command.count == 2:
            let page = Int(command[1])
            if let nak = writeRefusal(page) { return .nak(nak) }
            pendingCompatibilityWrite = page
            return .ack
        case Opcode.halt where command.count == 2 && command[1] == 0x00:
            isHalted = true
            endSession()
            return .noAnswer
        case Opcode.getVersion where extended && command.count == 1:
            return profile.layout.version.map(Answer.data) ?? unknownCommand()
        case Opcode.fastRead where extended && command.count == 3:
            return fastRead(from: Int(command[1]), to: Int(command[2]))
        case Opcode.readSignature where extended && command.count == 2:
            return command[1] == 0x00 ? .data(signature) : .nak(0x0)
        case Opcode.readCounter where extended && command.count == 2:
            return readCounter(Int(command[1]))
        case Opcode.incrementCounter where profile.family == .ultralightEV1 && command.count == 6:
            return incrementCounter(
                Int(command[1]), by: UInt32(command[2]) | UInt32(command[3]) << 8 | UInt32(command[4]) << 16)
        case Opcode.checkTearingEvent where profile.family == .ultralightEV1 && command.count == 2:
            let counter = Int(command[1])
            return counter < tearingFlags.count ? .data([tearingFlags[counter]]) : .nak(0x0)
        case Opcode.authenticate where profile.family == .ultralightC && command.count == 2:
            return command[1] == 0x00 ? beginKeyAuthentication() : .nak(0x0)
        case Opcode.authenticateContinue where profile.family == .ultralightC && command.count == 17:
            guard let keyAuthentication else { return .nak(0x0) }
            return finishKeyAuthentication(token: Array(command[1...]), pending: keyAuthentication)
        case Opcode.getVersion where profile.family == .ultralightAES && command.count == 1:
            return profile.layout.version.map(Answer.data) ?? unknownCommand()
        case Opcode.authenticate where profile.family == .ultralightAES && command.count == 2:
            return beginAESAuthentication(keyNumber: command[1])
        case Opcode.authenticateContinue where profile.family == .ultralightAES && command.count == 33:
            guard let aesAuthentication else { return .nak(0x0) }
            return finishAESAuthentication(token: Array(command[1...]), pending: aesAuthentication)
        case Opcode.passwordAuth where extended && command.count == 5:
            return authenticate(password: Array(command[1..<5]))
        case Opcode.read, Opcode.write, Opcode.compatibilityWrite:
            // A known command with the wrong number of argument bytes.
            return .nak(0x0)
        default:
            if extended,
                [Opcode.getVersion, Opcode.fastRead, Opcode.readSignature, Opcode.readCounter, Opcode.passwordAuth]
                    .contains(code)
            {
                return .nak(0x0)
            }
            return unknownCommand()
        }
    }

    /// NTAG21x, Ultralight EV1 and NTAG203 NAK a command they do not know (NTAG203 datasheet:
    /// "After every NAK, NTAG203 will perform an internal reset"); MIFARE Ultralight stays silent.
    private func unknownCommand() -> Answer {
        profile.family == .ultralight ? .noAnswer : .nak(0x0)
    }
}
