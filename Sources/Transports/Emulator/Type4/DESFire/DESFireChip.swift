import TagCatalog
import TagFrames

/// MIFARE DESFire EV3 (MF3DHx3) as the emulator models it: a PICC holding applications, each with
/// its keys and standard data files (``DESFirePICC``, kept in ``Type4Memory/picc``), answering
/// native commands ISO/IEC 7816-4 wrapped (`90 INS 00 00 [Lc data] 00`, answers `<data> 91 <code>`)
/// and the ISO commands a Type 4 reader sends to an AN11004 card.
///
/// | Command | Level | Needs | Mode in an EV2 session | Answers |
/// |---|---|---|---|---|
/// | GetVersion `60`, `AF`, `AF` | any | — | MAC (on the last part) | 7 + 7 + 14 bytes (``/TagCatalog/Type4Facts``) |
/// | AuthenticateEV2First `71`, NonFirst `77`, `AF` | any | an AES key of the level | — | as NTAG 424 DNA; `91 40` no such key, `91 AE` not an AES key; `91 1C` on an EV1 |
/// | AuthenticateAES `AA`, `AF` | any | an AES key of the level | — | E(K, RndB) `91 AF`, then E(K, rotl1(RndA)) `91 00` (`DESFireChip+EV1.swift`); `91 40`, `91 AE` |
/// | SelectApplication `5A` AID | any | — | plain (ends the session) | `91 A0` unknown AID |
/// | GetApplicationIDs `6A` | PICC | PICC settings bit 1, or PICC master key | MAC | AIDs, 19 per frame (`91 AF`) |
/// | CreateApplication `CA` AID KS1 KS2 [FID] [DF name] | PICC | PICC settings bit 2, or PICC master key | MAC | `91 DE` duplicate AID, FID or name, `91 CE` 28 already, `91 0E` no memory, `91 9E` |
/// | DeleteApplication `DA` AID | PICC | PICC master key | MAC | `91 A0` |
/// | FormatPICC `FC` | PICC | PICC master key | MAC | every application gone |
/// | GetFreeMemory `6E` | any | — | MAC | 3 bytes, LSB first (``/TagCatalog/DESFireFacts``) |
/// | GetKeySettings `45` | any | settings bit 1, or key 0 | MAC | KeySett ‖ key count and type |
/// | CreateStdDataFile `CD` File [FID] Comm AR Size | application | settings bit 2, or key 0 | MAC | `91 DE`, `91 0E`, `91 9E` |
/// | GetFileIDs `6F`, GetFileSettings `F5` File | application | settings bit 1, or key 0 | MAC | `91 F0` unknown file |
/// | ReadData `BD` / `AD`, WriteData `3D` / `8D` | application | the file's access rights | the file's (as NTAG 424 DNA) | `BD` answers 59 bytes per frame (`91 AF`); `91 BE` out of the file |
/// | ChangeFileSettings `5F` File Comm AR | application | the file's Change right | FULL, plain when Change is E | `91 9E` SDM bit (not modelled) |
///
/// - Statuses: `91 00` OK, `91 AF` more frames, `91 1C` illegal command, `91 7E` length error,
///   `91 9E` parameter error, `91 40` no such key, `91 9D` permission denied, `91 AE`
///   authentication error, `91 A0` application not found, `91 F0` file not found, `91 DE`
///   duplicate, `91 BE` boundary error, `91 0E` out of memory, `91 CE` count error (MIFARE DESFire
///   EV1/EV3 datasheet status codes). File and creation commands at a level where they do not
///   belong (a file command at the PICC level, CreateApplication in an application) answer `91 9D`:
///   a modelling choice, the datasheet pages at hand do not say.
/// - EV2 secure messaging, authentication and the GetVersion chain are NTAG 424 DNA's
///   (``EV2SecureChip``): the same AuthenticateEV2First, MACt and IVs. SelectApplication (native
///   or ISO by DF name) ends the session, as the datasheet says a selection resets authentication.
/// - A torn creation (CreateApplication, CreateStdDataFile, DeleteApplication, FormatPICC) either
///   happened whole or not at all: `.replyLost` carries it out and loses the answer,
///   `.corruptedWrite` leaves the card as it was. A modelling choice: NXP calls DESFire's
///   structure changes tearing-proof, which the stored sources do not detail; and a half-made
///   directory entry is nothing a reader could see, so there is no third outcome to model. WriteData and UPDATE BINARY land
///   half their bytes under `.corruptedWrite`, as on NTAG 424 DNA (standard data files are not
///   transactional; backup files are, and are not modelled).
/// - ISO: SELECT by DF name (`00 A4 04 00`) selects the application with that name (`6A 82` and
///   the selection kept when none has it), SELECT by FID (`00 A4 00 0C`) a file of the selected
///   application, or an application by its DF FID, or `3F00` the PICC level; READ BINARY and
///   UPDATE BINARY run `Type4ISOCommands` on the selected application's files with ISO FIDs,
///   access from each file's rights (free = E), short APDUs only (255 bytes of data; the CC's
///   MLc is the reader's rule, not the card's). Short file identifiers are not modelled (`6A 82`).
///   In an EV2 session READ and UPDATE BINARY are `69 82` and end it, as on NTAG 424 DNA
///   (UNVERIFIED for DESFire).
/// - EV1 secure messaging after AuthenticateAES (every generation answers it): commands come plain
///   and move the running IV by their CMAC, answers carry 8 bytes of CMAC, ChangeFileSettings
///   with a Change key comes enciphered with CRC32 (``desfireSecured(_:headerLength:mode:fileData:encipheredLength:_:)``).
///   GetVersion in an EV1 session is not modelled: it ends the session and answers plain.
/// - The generation is GetVersion's: an EV1 (hardware major `01`, tests give its version parts)
///   answers AuthenticateEV2First and NonFirst `91 1C`.
/// - Not modelled: value, record and backup files, ChangeKey, the legacy DES/3DES
///   authentications (`0A`, `1A`: `91 1C`), EV1 MACed and enciphered file data, command chaining of long WriteData (`90 AF` with
///   data: one APDU carries it), transactions, SetConfiguration, random UID.
struct DESFireChip: EV2SecureChip {
    var session: EV2TagSession?
    var pendingAuthentication: EV2PendingAuthentication?
    /// The EV1 session AuthenticateAES established, if any (never at the same time as `session`).
    var ev1Session: EV1TagSession?
    /// An AuthenticateAES whose part 1 was answered.
    var ev1Pending: EV1PendingAuthentication?
    /// False for an EV1 (and a D40): GetVersion's hardware major version is below `12`, the
    /// first EV2's. Such a card answers AuthenticateEV2First and NonFirst `91 1C`.
    let speaksEV2: Bool
    var challenges: NTAG424Challenges
    var versionPartsSent = 0
    var versionChainMACed = false
    let uid: [UInt8]
    let versionParts: [[UInt8]]
    let versionPart3Tail: [UInt8]
    let facts: DESFireFacts
    /// The selected application; `nil` at the PICC level.
    var selected: UInt32?
    /// The DF name of the selected application (empty at the PICC level or without one).
    var selectedDFName: [UInt8] = []
    /// The current EF of ISO READ/UPDATE BINARY: a file number in the selected application.
    var currentFile: UInt8?
    /// The frames of a chained answer still to send on `90 AF`.
    var pendingFrames: [ResponseAPDU] = []

    /// The most data a native answer frame carries: the 64-byte frame (FSC 64) less PCB, CRC and
    /// the status word. GetApplicationIDs sends 19 AIDs (57 bytes) per frame.
    static let frameData = 59
    static let applicationIDsPerFrame = 19
    /// ISO file identifiers in one GetISOFileIDs frame: as many 2-byte identifiers as fit the 59
    /// bytes an answer frame carries (assumed by analogy with GetApplicationIDs' 19 AIDs).
    static let isoFileIDsPerFrame = 29

    init(uid: [UInt8], facts: Type4Facts, challenges: NTAG424Challenges = .system) {
        self.uid = uid
        self.versionParts = facts.versionParts ?? []
        self.speaksEV2 = facts.versionParts?.first.map { $0.count > 3 && $0[3] >= 0x12 } ?? true
        self.versionPart3Tail = facts.versionPart3Tail ?? []
        self.facts =
            facts.desfire
            ?? DESFireFacts(
                memoryBytes: 0, systemOverheadBytes: 0, allocationUnit: 32, maximumApplications: 0,
                formattedNDEFFileBytes: 0)
        self.challenges = challenges
    }

    /// True while an application with the NFC Forum NDEF DF name is selected.
    var isApplicationSelected: Bool { selected != nil && selectedDFName == Type4Facts.ndefApplication }

    mutating func reset() {
        session = nil
        pendingAuthentication = nil
        ev1Session = nil
        ev1Pending = nil
        versionPartsSent = 0
        versionChainMACed = false
        selectLevel(nil, dfName: [])
        pendingFrames = []
    }

    /// Selects an application (or the PICC level): no current file, no session.
    mutating func selectLevel(_ aid: UInt32?, dfName: [UInt8]) {
        selected = aid
        selectedDFName = dfName
        currentFile = nil
        session = nil
        ev1Session = nil
    }

    mutating func respond(
        to command: CommandAPDU, memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        guard var picc = memory.picc else { return .init(status: StatusWord(0x6F00)) }
        let continuing = command.cla == 0x90 && command.ins == 0xAF
        let partsSent = versionPartsSent
        let pending = pendingAuthentication
        let frames = pendingFrames
        if !continuing {
            versionPartsSent = 0
            pendingFrames = []
            if pending != nil {
                pendingAuthentication = nil
                session = nil
            }
            if ev1Pending != nil {
                ev1Pending = nil
                ev1Session = nil
            }
        }
        let response: ResponseAPDU
        switch command.cla {
        case 0x00:
            response = iso(command, picc: &picc, context: &context)
        case 0x90:
            guard command.p1 == 0x00, command.p2 == 0x00 else { return refuse(0x9E) }
            if continuing {
                response = additionalFrame(command, partsSent: partsSent, frames: frames)
            } else {
                response = native(command, picc: &picc, context: &context)
            }
        default:
            response = .init(status: .claNotSupported)
        }
        memory.picc = picc
        // Any error status ends an EV1 session (Elmue's examples: "when an error occurs (status
        // != 00 and != AF)"); an EV2 session ends through `refuse`.
        if response.status != .nativeSuccess && response.status != .additionalFrame { ev1Session = nil }
        return response
    }

    /// `90 AF`: part 2 of an authentication, the next GetVersion part, or the next answer frame.
    private mutating func additionalFrame(_ command: CommandAPDU, partsSent: Int, frames: [ResponseAPDU])
        -> ResponseAPDU
    {
        if let pending = ev1Pending { return authenticateAESPart2(command.data, pending: pending) }
        if let pending = pendingAuthentication { return authenticatePart2(command.data, pending: pending) }
        if partsSent > 0 {
            guard command.data.isEmpty else {
                versionPartsSent = 0
                return refuse(0x7E)
            }
            return versionPart(partsSent)
        }
        guard let next = frames.first else { return refuse(0x1C) }
        guard command.data.isEmpty else { return refuse(0x7E) }
        pendingFrames = Array(frames.dropFirst())
        return next
    }

    /// `response` as the card sends it: whole when its data fits one frame of `frameSize` bytes,
    /// otherwise its first frame with `91 AF` and the rest kept for `90 AF`.
    mutating func chained(_ response: ResponseAPDU, frameSize: Int) -> ResponseAPDU {
        guard response.data.count > frameSize, frameSize > 0 else { return response }
        let data = response.data
        var frames: [ResponseAPDU] = []
        var start = 0
        while start < data.count {
            let end = min(data.count, start + frameSize)
            let last = end == data.count
            frames.append(.init(data: Array(data[start..<end]), status: last ? response.status : .additionalFrame))
            start = end
        }
        pendingFrames = Array(frames.dropFirst())
        return frames[0]
    }

    /// `response` split into one frame for each of `frameLengths` (GetDFNames' one application a
    /// frame), the last frame carrying the rest (a response MAC) and the final status; whole when
    /// it is a refusal or has at most one entry.
    mutating func chained(_ response: ResponseAPDU, frameLengths: [Int]) -> ResponseAPDU {
        guard response.status == .nativeSuccess, frameLengths.count > 1 else { return response }
        let data = response.data
        var frames: [ResponseAPDU] = []
        var start = 0
        for (index, length) in frameLengths.enumerated() {
            let last = index == frameLengths.count - 1
            let end = last ? data.count : min(data.count, start + length)
            frames.append(.init(data: Array(data[start..<end]), status: last ? response.status : .additionalFrame))
            start = end
        }
        pendingFrames = Array(frames.dropFirst())
        return frames[0]
    }

    /// The keys authentication proves at the current level, and their kind: the PICC master key
    /// at the PICC level, the application's keys in an application.
    func levelKeys(_ picc: DESFirePICC) -> (keys: [Type4Key], type: DESFireKeyType) {
        guard let selected, let application = picc.application(selected) else {
            return ([picc.masterKey], picc.masterKeyType)
        }
        return (application.keys, application.keyType)
    }
}
