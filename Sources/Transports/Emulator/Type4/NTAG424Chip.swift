import TagCatalog
import TagFrames

/// NTAG 424 DNA as it ships (NT4H2421Gx; shared/reference/type4-type5-ntag424.md §2): the ISO
/// commands of `Type4ISOCommands` over files E103/E104/E105 with each file's own access rights
/// and short file identifiers 1–3, and the native commands `90 INS 00 00 [Lc data] 00` (§2.3),
/// answered `<data> 91 <code>`.
///
/// Native commands, unauthenticated (every one plain) and in an authenticated EV2 session
/// (NTAG 424 DNA datasheet §9.1 and §10; AN12196; reference §2.3–§2.6):
///
/// | Command | Needs | Mode in a session | Answers |
/// |---|---|---|---|
/// | AuthenticateEV2First `71` KeyNo LenCap PCDcap2 | key 0–4 | — | E(K, RndB) `91 AF`; `91 40` no such key, `91 7E`, `91 9E` LenCap > 6 |
/// | AuthenticateEV2NonFirst `77` KeyNo | a session | — | E(K, RndB) `91 AF`; `91 9D` without a session |
/// | `AF` E(K, RndA ‖ RndB') | part 1 answered | — | First: E(K, TI ‖ RndA' ‖ PDcap2 ‖ PCDcap2) `91 00`; NonFirst: E(K, RndA') `91 00`; `91 AE` wrong RndB' |
/// | GetVersion `60`, `AF`, `AF` | — | MAC (over all three parts, on the last) | parts 1–3 |
/// | GetFileSettings `F5` FileNo | — | MAC | settings (with SDM part) |
/// | GetKeyVersion `64` KeyNo | — | MAC | KeyVer; `91 40` |
/// | GetCardUID `51` | a session | FULL | UID; `91 AE` without a session |
/// | ChangeKey `C4` KeyNo KeyData | key 0 authenticated | FULL | `91 00` without MAC and the session ends (key 0), MACt (keys 1–4); `91 1E` bad CRC32 |
/// | ChangeFileSettings `5F` FileNo settings | Change key (FULL) or Change = E (plain) | FULL / plain | MACt; `91 9D` Change = F or SDM outside file 2, `91 7E` SDM fields missing or extra, `91 9E` bad options, keys or offsets (`SDMSettings`); enabling SDM sets SDMReadCtr to 0 |
/// | ReadData `AD` / WriteData `8D` | Read/Write or ReadWrite: E free, key authenticated | the file's (FileOption bits 1-0) when granted by the key, plain when free | data / — ; `91 9D` all F, `91 AE` key needed, `91 BE`; unauthenticated ReadData of the SDM file: the mirror, `91 9D` at SDMReadCtrLimit |
/// | Read_Sig `3C 00` | — | FULL | the 56-byte signature |
/// | GetFileCounters `F6` FileNo | SDMCtrRet: E free, key authenticated | plain when CtrRet = E, FULL otherwise | SDMReadCtr (3, LSB first) ‖ `00 00`; `91 9D` SDM off or CtrRet F, `91 AE` key needed |
/// | SetConfiguration `5C` Option | key 0 authenticated | FULL | Option `05` (capability data, 10 bytes): PDCap2.1 bit 1 switches to LRP for good; other options `91 1C`: not modelled |
///
/// - In a session a MAC or FULL command must end in the 8-byte MACt of INS ‖ CmdCtr ‖ TI ‖ header
///   ‖ data, compared in constant time; a wrong MAC, FULL data that is not whole blocks or bad
///   padding are `91 1E`. The counter goes up once per command that passes, in every mode
///   (§9.1.2, §9.1.8), before the response MAC and IVr are computed. At CmdCtr FFFF every command
///   but an authentication is `91 1E` (§9.1.2).
/// - Every error status in a session ends it, and goes out without a MAC (§9.1.9: "The
///   authentication state is immediately lost … Note that any other error during the command
///   execution has the same consequences").
/// - A session also ends with a new AuthenticateEV2First part 1 (and on a failed or aborted
///   authentication, §9.1.5), with a successful SELECT by DF name, with ChangeKey of key 0, and
///   with a new RF session (``reset()``: ``EmulatedType4Tag/present()``, tears). SELECT of an EF
///   keeps it (UNVERIFIED: the datasheet pages in the reference do not say).
/// - ISO READ BINARY and UPDATE BINARY are always plain and need free access (§10.9.2); in a
///   session they are `69 82` ("AuthenticatedEV2 not allowed", Table 89) and, like any error, end
///   it (modelling choice). They are not counted.
/// - Secure Dynamic Messaging (AES, §9.3, reference §2.6–§2.7): an unauthenticated ISO READ
///   BINARY or ReadData of file 2 with SDM enabled returns the file as `SDMMirror` builds it
///   (plain UID and counter, PICCData, SDMENCFileData, SDMMAC), with the counter rules of
///   `NTAG424Chip+SDM.swift` (one increment per run of same-command reads; limit refused `69 82` /
///   `91 9D`, UNVERIFIED statuses). Reads in a session are neither mirrored nor counted
///   (UNVERIFIED for the mirror). The counter is kept with the file (``Type4File/sdmReadCounter``);
///   the PICCData padding (and LRP's PICCRand) comes from ``NTAG424Challenges``. The TagTamper
///   TTStatus mirror is not modelled (`91 9E`).
/// - LRP: SetConfiguration can switch the tag to LRP (``Type4Memory/lrp``, saved with the tag),
///   after which it mirrors SUN messages in LRP mode (`SDMMirror`) and refuses an AES
///   AuthenticateEV2First (PCDcap2.1 bit 1 clear) with `91 9D`, as MIFARE DESFire Light's Table
///   18 gives it (UNVERIFIED for NTAG 424 DNA). LRP authentication and LRP secure messaging are
///   not modelled: an LRP First is `91 1C` on an LRP tag, and on an AES tag it is answered as an
///   AES tag answers it (Table 19: the 16-byte AES challenge, "allowing a PCD to fall back").
///   Failed-attempt counters and AUTHENTICATION_DELAY are not modelled either.
/// - RndB and TI come from ``NTAG424Challenges`` (system random unless tests script them); PDcap2
///   is `00…00` as in AN12196's transcripts.
/// - Until the NDEF application is selected, the key and file commands are `91 40` (no such key,
///   §2.2); GetVersion and Read_Sig answer at any level (apps probe GetVersion first, §2.11).
/// - Unknown INS (GetTTStatus `F7` included: this is not the TagTamper variant) → `91 1C`; wrong
///   lengths `91 7E`; P1 or P2 not `00`, or a Read_Sig address other than `00`, `91 9E`
///   (modelling choice). An `AF` outside a GetVersion chain or an authentication is `91 1C`.
///
/// Frame size: the ATS announces FSC 128 (``/TagCatalog/Type4Facts/frameSize``), so a longer
/// response travels chained. Chaining is the carrier's job (PC/SC and CoreNFC deliver whole
/// APDUs), so the emulator answers a 256-byte ReadData in one response and only the modeled time
/// (``/TagCatalog/Type4Timing``) counts the frames.
struct NTAG424Chip: EV2SecureChip {
    var iso = Type4ISOCommands(access: .fileSettings, shortFileIdentifiers: true)
    /// The GetVersion parts sent so far in the current chain (0: no chain).
    var versionPartsSent = 0
    /// True when the current GetVersion chain began in a session (its last part carries a MAC).
    var versionChainMACed = false
    /// The authenticated session, if any.
    var session: EV2TagSession?
    /// An authentication whose part 1 was answered.
    var pendingAuthentication: EV2PendingAuthentication?
    /// Where RndB, TI and the PICCData padding come from.
    var challenges: NTAG424Challenges
    /// The last mirrored read of the SDM file, while no other command has come since.
    var sdmRead: SDMReadState?
    let uid: [UInt8]
    let versionParts: [[UInt8]]
    let versionPart3Tail: [UInt8]

    init(uid: [UInt8], facts: Type4Facts, challenges: NTAG424Challenges = .system) {
        self.uid = uid
        self.versionParts = facts.versionParts ?? []
        self.versionPart3Tail = facts.versionPart3Tail ?? []
        self.challenges = challenges
    }

    var isApplicationSelected: Bool { iso.isApplicationSelected }

    mutating func reset() {
        iso.reset()
        versionPartsSent = 0
        versionChainMACed = false
        session = nil
        pendingAuthentication = nil
        sdmRead = nil
    }

    /// Commands that need the application selected.
    static let applicationLevel: Set<UInt8> = [0xF5, 0xAD, 0x8D, 0x64, 0xF6, 0x71, 0x77, 0xC4, 0x5F, 0x5C, 0x51]

    mutating func respond(
        to command: CommandAPDU, memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        let continuing = command.cla == 0x90 && command.ins == DESFireInstruction.additionalFrame.rawValue
        let partsSent = versionPartsSent
        let pending = pendingAuthentication
        let previousSDMRead = sdmRead
        sdmRead = nil
        if !continuing {
            versionPartsSent = 0
            if pending != nil {
                // §9.1.5: any other command aborts the authentication; the tag is not authenticated.
                pendingAuthentication = nil
                session = nil
            }
        }
        switch command.cla {
        case 0x00:
            return isoCommand(command, previousSDMRead: previousSDMRead, memory: &memory, context: &context)
        case 0x90:
            return native(
                command, partsSent: partsSent, previousSDMRead: previousSDMRead, memory: &memory, context: &context)
        default:
            return .init(status: .claNotSupported)
        }
    }

    private mutating func isoCommand(
        _ command: CommandAPDU, previousSDMRead: SDMReadState?, memory: inout Type4Memory,
        context: inout Type4CommandContext
    ) -> ResponseAPDU {
        let ins = command.ins
        if session != nil,
            ins == Type4ISOCommands.Instruction.readBinary
                || ins == Type4ISOCommands.Instruction.updateBinary
        {
            session = nil
            return .init(status: .securityNotSatisfied)
        }
        if ins == Type4ISOCommands.Instruction.readBinary, let index = readBinaryTarget(command, memory: memory),
            memory.files[index].accessRights?.allowsFreeRead ?? false
        {
            switch prepareSDMRead(fileIndex: index, instruction: ins, previous: previousSDMRead, memory: memory) {
            case .asStored:
                break
            case .limitReached:
                return .init(status: .securityNotSatisfied)
            case .mirrored(let output, let counter, let state):
                var view = memory
                view.files[index].contents = output
                let response = iso.respond(to: command, memory: &view, context: &context)
                if response.status == .success || response.status == StatusWord(0x6282) {
                    memory.files[index].sdmReadCounter = counter
                    sdmRead = state
                }
                return response
            }
        }
        let response = iso.respond(to: command, memory: &memory, context: &context)
        if ins == Type4ISOCommands.Instruction.select, command.p1 == 0x04, response.status == .success {
            session = nil
        }
        return response
    }

    private mutating func native(
        _ command: CommandAPDU, partsSent: Int, previousSDMRead: SDMReadState?, memory: inout Type4Memory,
        context: inout Type4CommandContext
    ) -> ResponseAPDU {
        guard command.p1 == 0x00, command.p2 == 0x00 else { return refuse(0x9E) }
        let ins = command.ins
        if Self.applicationLevel.contains(ins) && !iso.isApplicationSelected { return refuse(0x40) }
        let authenticating = [
            DESFireInstruction.authenticateEV2First.rawValue, DESFireInstruction.authenticateEV2NonFirst.rawValue,
        ].contains(ins)
        if let session, session.commandCounter == 0xFFFF, !authenticating,
            ins != DESFireInstruction.additionalFrame.rawValue
        {
            return refuse(0x1E)
        }
        let data = command.data
        let uid = self.uid
        switch ins {
        case DESFireInstruction.authenticateEV2First.rawValue:
            return authenticateFirst(data, keys: memory.keys, lrp: memory.lrp)
        case DESFireInstruction.authenticateEV2NonFirst.rawValue:
            return authenticateNonFirst(data, keys: memory.keys)
        case DESFireInstruction.additionalFrame.rawValue:
            if let pending = pendingAuthentication { return authenticatePart2(data, pending: pending) }
            guard partsSent > 0 else { return refuse(0x1C) }
            guard data.isEmpty else {
                versionPartsSent = 0
                return refuse(0x7E)
            }
            return versionPart(partsSent)
        case DESFireInstruction.getVersion.rawValue:
            return getVersion(command)
        case DESFireInstruction.readSignature.rawValue:
            return secured(command, headerLength: 1, mode: .full) { header, rest, _ in
                guard rest.isEmpty else { return .error(0x7E) }
                guard header == [0x00] else { return .error(0x9E) }
                return .success(memory.signature)
            }
        case DESFireInstruction.getKeyVersion.rawValue:
            return secured(command, headerLength: 1, mode: .mac) { header, rest, _ in
                guard rest.isEmpty else { return .error(0x7E) }
                guard let number = header.first, memory.keys.indices.contains(Int(number)) else { return .error(0x40) }
                return .success([memory.keys[Int(number)].version])
            }
        case DESFireInstruction.getFileSettings.rawValue:
            return secured(command, headerLength: 1, mode: .mac) { header, rest, _ in
                guard rest.isEmpty else { return .error(0x7E) }
                guard let number = header.first, let index = memory.index(ofNumber: number) else {
                    return .error(0xF0)
                }
                return .success(Self.settings(of: memory.files[index]))
            }
        case DESFireInstruction.getFileCounters.rawValue:
            let mode = fileCountersMode(command.data, memory: memory)
            return secured(command, headerLength: 1, mode: mode) { header, rest, key in
                Self.fileCounters(header: header, rest: rest, authenticatedKey: key, memory: memory)
            }
        case DESFireInstruction.getCardUID.rawValue:
            return secured(command, headerLength: 0, mode: .full, requiresSession: true) { _, rest, _ in
                rest.isEmpty ? .success(uid) : .error(0x7E)
            }
        case DESFireInstruction.setConfiguration.rawValue:
            return secured(command, headerLength: 1, mode: .full, requiresSession: true) { header, rest, key in
                Self.setConfiguration(
                    header: header, data: rest, authenticatedKey: key, memory: &memory, context: context)
            }
        case DESFireInstruction.changeKey.rawValue:
            return secured(command, headerLength: 1, mode: .full, requiresSession: true) { header, rest, key in
                Self.changeKey(header: header, keyData: rest, authenticatedKey: key, memory: &memory, context: context)
            }
        case DESFireInstruction.changeFileSettings.rawValue:
            let mode = changeFileSettingsMode(command.data, memory: memory)
            return secured(command, headerLength: 1, mode: mode) { header, rest, key in
                Self.changeFileSettings(
                    header: header, settings: rest, authenticatedKey: key, memory: &memory, context: context)
            }
        case DESFireInstruction.readData.rawValue:
            if session == nil, data.count == 7, let index = memory.index(ofNumber: data[0]),
                memory.files[index].accessRights?.readGrant(authenticatedKey: nil) == .free
            {
                switch prepareSDMRead(fileIndex: index, instruction: ins, previous: previousSDMRead, memory: memory) {
                case .asStored:
                    break
                case .limitReached:
                    return refuse(0x9D)
                case .mirrored(let output, let counter, let state):
                    let outcome = Self.readData(
                        header: data, rest: [], authenticatedKey: nil, memory: memory, output: output)
                    if outcome.isSuccess {
                        memory.files[index].sdmReadCounter = counter
                        sdmRead = state
                    }
                    return .init(data: outcome.isSuccess ? outcome.data : [], status: outcome.status)
                }
            }
            let mode = dataMode(command.data, write: false, memory: memory)
            return secured(command, headerLength: 7, mode: mode) { header, rest, key in
                Self.readData(header: header, rest: rest, authenticatedKey: key, memory: memory)
            }
        case DESFireInstruction.writeData.rawValue:
            let mode = dataMode(command.data, write: true, memory: memory)
            return secured(command, headerLength: 7, mode: mode) { header, rest, key in
                Self.writeData(header: header, data: rest, authenticatedKey: key, memory: &memory, context: &context)
            }
        default:
            return refuse(0x1C)
        }
    }

    /// The GetFileSettings answer: the stored settings, or, for a file without any, plain free
    /// access and its size.
    static func settings(of file: Type4File) -> [UInt8] {
        if let settings = file.settings { return settings }
        let size = file.size
        return [0x00, 0x00, 0xEE, 0xEE, UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF)]
    }
}
