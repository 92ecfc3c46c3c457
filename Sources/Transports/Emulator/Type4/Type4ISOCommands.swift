import TagCatalog
import TagFrames

/// The ISO/IEC 7816-4 commands every Type 4 chip shares (CLA 00): SELECT by DF name and by file
/// identifier, READ BINARY and UPDATE BINARY, per NFC Forum T4T v2.0 and
/// shared/reference/type4-type5-ntag424.md §1.2–§1.6. The chip models differ in how access is
/// decided (``AccessPolicy``) and whether short file identifiers address files.
///
/// Answers where the sources leave a choice (modelling choices, documented here once):
/// - SELECT by DF name answers `90 00` without FCI for P2 `00` and `0C`, with or without Le; any
///   other P2 is `6A 86`; an unknown DF name is `6A 82` and keeps the current selection (ISO/IEC
///   7816-4: a failed selection leaves the current one unchanged), so iOS's foreign-AID probe
///   does not interrupt an NDEF read (V-T4T-4). Only the v2.0 DF name is answered: both chips
///   have a v2.0 CC.
/// - SELECT by FID (P1 `00`) works only once the NDEF application is selected (`6A 82` before);
///   data that is not 2 bytes is `67 00`. Other P1 values are `6A 86`.
/// - READ BINARY (B0) with no current file is `69 86` (command not allowed: no current EF); without
///   Le, or with data, `67 00`; an offset at or beyond the end of the file `6B 00`. Le = 256
///   (short `00`) reads to the end, up to 256 bytes, with `90 00`; a smaller Le that runs past the
///   end returns what is there with `62 82` (ISO/IEC 7816-4 "end of file reached before reading
///   Ne bytes"). What NTAG 424 DNA answers in that case is UNVERIFIED.
/// - UPDATE BINARY (D6) without data is `67 00`; more data than the CC's MLc is `67 00`; an offset at
///   or beyond the end is `6B 00`; data running past the end `6A 84` (not enough memory in the
///   file), both before anything is written.
/// - An APDU that needs the extended form (Lc > 255 or Le > 256) is `67 00` unless the CC invites
///   extended APDUs (MLe > 256 or MLc > 255). The emulator sees parsed APDUs, so a short command
///   sent in extended encoding is taken as the short one.
/// - READ BINARY and UPDATE BINARY with odd INS (B1, D7: T4T v3.0 ODO) are not supported: `6D 00`.
struct Type4ISOCommands: Sendable {
    /// How a chip decides who may read and write a file.
    enum AccessPolicy: Sendable {
        /// A plain T4T: the CC file is read-only; every other file has the read and write access
        /// bytes of its File Control TLV in the CC (`00` free, anything else refused with `69 82`);
        /// a file the CC does not name is free (modelling choice).
        case capabilityContainer
        /// NTAG 424 DNA: the file's own access rights (GetFileSettings); only `E` (free) in
        /// Read/ReadWrite or Write/ReadWrite lets a command through, since ISOReadBinary and
        /// ISOUpdateBinary have no secure messaging (datasheet §10.9.2). In an authenticated
        /// session ``NTAG424Chip`` answers them `69 82` before they get here.
        case fileSettings
    }

    let access: AccessPolicy
    /// True when READ/UPDATE BINARY with P1 bit 7 set address a file by short identifier (= its
    /// native number).
    let shortFileIdentifiers: Bool

    private(set) var isApplicationSelected = false
    /// The index of the current EF in the memory's files.
    private(set) var currentFile: Int?
    /// True when UPDATE BINARY's limit and the extended-APDU rule come from the CC (MLe, MLc);
    /// false on a chip whose limits are its own (MIFARE DESFire: short APDUs, 255 bytes of data).
    var limitsFromCC = true

    init(access: AccessPolicy, shortFileIdentifiers: Bool) {
        self.access = access
        self.shortFileIdentifiers = shortFileIdentifiers
    }

    mutating func reset() {
        isApplicationSelected = false
        currentFile = nil
    }

    /// Takes over a selection the chip made itself (MIFARE DESFire selects its applications and
    /// files in its own tree, then lets READ and UPDATE BINARY run here on a view of them).
    mutating func restore(applicationSelected: Bool, currentFile: Int?) {
        isApplicationSelected = applicationSelected
        self.currentFile = currentFile
    }

    enum Instruction {
        static let select: UInt8 = 0xA4
        static let readBinary: UInt8 = 0xB0
        static let updateBinary: UInt8 = 0xD6
    }

    /// Answers one CLA 00 command.
    mutating func respond(
        to command: CommandAPDU, memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        let limits = limitsFromCC ? Self.limits(memory) : (mle: 256, mlc: 255, invitesExtended: false)
        if command.isExtended && !limits.invitesExtended { return .init(status: .wrongLength) }
        switch command.ins {
        case Instruction.select: return select(command, memory: memory)
        case Instruction.readBinary: return readBinary(command, memory: memory)
        case Instruction.updateBinary:
            return updateBinary(command, maximumData: limits.mlc, memory: &memory, context: &context)
        default: return .init(status: .insNotSupported)
        }
    }

    // MARK: SELECT

    private mutating func select(_ command: CommandAPDU, memory: Type4Memory) -> ResponseAPDU {
        guard command.p2 == 0x00 || command.p2 == 0x0C else { return .init(status: .wrongParameters) }
        switch command.p1 {
        case 0x04:
            guard command.data == Type4Facts.ndefApplication else { return .init(status: .fileNotFound) }
            isApplicationSelected = true
            currentFile = nil
            return .init(status: .success)
        case 0x00:
            guard command.data.count == 2 else { return .init(status: .wrongLength) }
            guard isApplicationSelected else { return .init(status: .fileNotFound) }
            let identifier = UInt16(command.data[0]) << 8 | UInt16(command.data[1])
            guard let index = memory.index(ofIdentifier: identifier) else { return .init(status: .fileNotFound) }
            currentFile = index
            return .init(status: .success)
        default:
            return .init(status: .wrongParameters)
        }
    }

    // MARK: READ BINARY and UPDATE BINARY

    /// The file and offset P1-P2 name: the current EF at a 15-bit offset, or (P1 bit 7) the file
    /// with short identifier P1 bits 5–1 at the 8-bit offset P2, which then becomes the current EF.
    private enum Target {
        case file(index: Int, offset: Int)
        case refused(StatusWord)
    }

    private mutating func target(_ command: CommandAPDU, memory: Type4Memory) -> Target {
        if command.p1 & 0x80 != 0 {
            guard command.p1 & 0x60 == 0 else { return .refused(.wrongParameters) }
            guard shortFileIdentifiers, isApplicationSelected,
                let index = memory.index(ofNumber: command.p1 & 0x1F)
            else { return .refused(.fileNotFound) }
            currentFile = index
            return .file(index: index, offset: Int(command.p2))
        }
        guard let index = currentFile, memory.files.indices.contains(index) else {
            return .refused(.commandNotAllowed)
        }
        return .file(index: index, offset: Int(command.p1) << 8 | Int(command.p2))
    }

    private mutating func readBinary(_ command: CommandAPDU, memory: Type4Memory) -> ResponseAPDU {
        guard let le = command.le, command.data.isEmpty else { return .init(status: .wrongLength) }
        let index: Int
        let offset: Int
        switch target(command, memory: memory) {
        case .refused(let status): return .init(status: status)
        case .file(let found, let at): (index, offset) = (found, at)
        }
        let file = memory.files[index]
        guard mayRead(file, memory: memory) else { return .init(status: .securityNotSatisfied) }
        guard offset < file.size else { return .init(status: .wrongOffset) }
        let available = file.size - offset
        let count = min(le, available)
        let data = Array(file.contents[offset..<(offset + count)])
        let short = le > available && le != 256
        return .init(data: data, status: short ? StatusWord(0x6282) : .success)
    }

    private mutating func updateBinary(
        _ command: CommandAPDU, maximumData: Int, memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        guard !command.data.isEmpty, command.data.count <= maximumData else { return .init(status: .wrongLength) }
        let index: Int
        let offset: Int
        switch target(command, memory: memory) {
        case .refused(let status): return .init(status: status)
        case .file(let found, let at): (index, offset) = (found, at)
        }
        let file = memory.files[index]
        guard mayWrite(file, memory: memory) else { return .init(status: .securityNotSatisfied) }
        guard offset < file.size else { return .init(status: .wrongOffset) }
        guard offset + command.data.count <= file.size else { return .init(status: StatusWord(0x6A84)) }
        if let failure = context.isoWriteFailure { return .init(status: failure) }
        context.program(command.data, at: offset, file: index, memory: &memory)
        return .init(status: .success)
    }

    // MARK: Access

    private func mayRead(_ file: Type4File, memory: Type4Memory) -> Bool {
        switch access {
        case .fileSettings:
            return file.accessRights?.allowsFreeRead ?? true
        case .capabilityContainer:
            if file.identifier == Type4Facts.ccFileIdentifier { return true }
            return (Self.controlAccess(of: file.identifier, memory: memory)?.read ?? 0x00) == 0x00
        }
    }

    private func mayWrite(_ file: Type4File, memory: Type4Memory) -> Bool {
        switch access {
        case .fileSettings:
            return file.accessRights?.allowsFreeWrite ?? true
        case .capabilityContainer:
            if file.identifier == Type4Facts.ccFileIdentifier { return false }
            return (Self.controlAccess(of: file.identifier, memory: memory)?.write ?? 0x00) == 0x00
        }
    }

    /// The read and write access bytes of the CC's File Control TLV (T 04, 05 or v3.0's 06) for `identifier`.
    static func controlAccess(of identifier: UInt16, memory: Type4Memory) -> (read: UInt8, write: UInt8)? {
        guard let cc = memory.index(ofIdentifier: Type4Facts.ccFileIdentifier).map({ memory.files[$0].contents })
        else { return nil }
        let declared = cc.count >= 2 ? Int(cc[0]) << 8 | Int(cc[1]) : 0
        let end = min(cc.count, declared)
        var position = 7
        while position + 2 <= end {
            let type = cc[position]
            let length = Int(cc[position + 1])
            let value = position + 2
            guard value + length <= end else { return nil }
            let accessAt: Int? =
                switch (type, length) {
                case (0x04, 6), (0x05, 6): 4
                case (0x06, 8): 6
                default: nil
                }
            if let accessAt {
                let fid = UInt16(cc[value]) << 8 | UInt16(cc[value + 1])
                if fid == identifier { return (cc[value + accessAt], cc[value + accessAt + 1]) }
            }
            position = value + length
        }
        return nil
    }

    /// MLe and MLc from the CC (bytes 3–4 and 5–6), and whether they invite extended APDUs.
    /// Without a readable CC: the short-APDU limits 256 and 255.
    static func limits(_ memory: Type4Memory) -> (mle: Int, mlc: Int, invitesExtended: Bool) {
        guard let index = memory.index(ofIdentifier: Type4Facts.ccFileIdentifier),
            memory.files[index].contents.count >= 7
        else { return (256, 255, false) }
        let cc = memory.files[index].contents
        let mle = Int(cc[3]) << 8 | Int(cc[4])
        let mlc = Int(cc[5]) << 8 | Int(cc[6])
        return (mle, mlc, mle > 256 || mlc > 255)
    }
}
