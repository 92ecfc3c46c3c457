import TagCatalog
import TagFrames

/// NTAG 424 DNA as it ships (NT4H2421Gx; shared/reference/type4-type5-ntag424.md §2): the ISO
/// commands of ``Type4ISOCommands`` over files E103/E104/E105 with each file's own access rights
/// and short file identifiers 1–3, and the native commands `90 INS 00 00 [Lc data] 00` (§2.3),
/// answered `<data> 91 <code>`.
///
/// Native commands:
/// - GetVersion `60` → part 1 `91 AF`; `AF` → part 2 `91 AF`; `AF` → part 3 = UID ‖
///   ``/TagCatalog/Type4Facts/versionPart3Tail`` `91 00` (§2.1). Any other command ends the chain;
///   an `AF` outside it is `91 1C` (modelling choice).
/// - GetFileSettings `F5` → the file's settings (factory: ``/TagCatalog/Type4Facts/File/factorySettings``).
/// - ReadData `AD` / WriteData `8D` (FileNo, offset 3 bytes LSB first, length 3 bytes LSB first;
///   length 0 reads to the end): plain, and only where Read (or Write) or ReadWrite is `E`;
///   otherwise `91 9D` permission denied, as nothing is authenticated. Outside the file: `91 BE`.
///   A WriteData whose data is not `length` bytes: `91 7E`.
/// - Read_Sig `3C 00` → the stored 56-byte signature `91 00`, without authentication. UNVERIFIED:
///   the reference does not say whether the chip demands authentication first; readers (and
///   NXP's TagInfo) read it before authenticating, and authenticated it would come back encrypted.
/// - GetKeyVersion `64` → the key's version byte (no authentication needed; UNVERIFIED).
/// - AuthenticateEV2First/NonFirst `71`/`77`, ChangeKey `C4`, ChangeFileSettings `5F`,
///   SetConfiguration `5C`, GetCardUID `51` → `91 AE` (authentication error): authentication is
///   not modelled yet, so no session can ever exist that allows them. GetFileCounters `F6` →
///   `91 9D`: no factory file has SDM enabled.
/// - Until the NDEF application is selected, the key and file commands are `91 40` (no such key,
///   §2.2); GetVersion and Read_Sig answer at any level (apps probe GetVersion first, §2.11).
/// - Unknown INS (GetTTStatus `F7` included: this is not the TagTamper variant) → `91 1C`; wrong
///   lengths `91 7E`; P1 or P2 not `00`, or a Read_Sig address other than `00`, `91 9E`
///   (modelling choice).
///
/// Frame size: the ATS announces FSC 128 (``/TagCatalog/Type4Facts/frameSize``), so a longer
/// response travels chained. Chaining is the carrier's job (PC/SC and CoreNFC deliver whole
/// APDUs), so the emulator answers a 256-byte ReadData in one response and only the modeled time
/// (``/TagCatalog/Type4Timing``) counts the frames.
struct NTAG424Chip: Type4Chip {
    private var iso = Type4ISOCommands(access: .fileSettings, shortFileIdentifiers: true)
    /// The GetVersion parts sent so far in the current chain (0: no chain).
    private var versionPartsSent = 0
    let uid: [UInt8]
    let versionParts: [[UInt8]]
    let versionPart3Tail: [UInt8]

    init(uid: [UInt8], facts: Type4Facts) {
        self.uid = uid
        self.versionParts = facts.versionParts ?? []
        self.versionPart3Tail = facts.versionPart3Tail ?? []
    }

    var isApplicationSelected: Bool { iso.isApplicationSelected }

    mutating func reset() {
        iso.reset()
        versionPartsSent = 0
    }

    enum Native {
        static let getVersion: UInt8 = 0x60
        static let additionalFrame: UInt8 = 0xAF
        static let getFileSettings: UInt8 = 0xF5
        static let readData: UInt8 = 0xAD
        static let writeData: UInt8 = 0x8D
        static let readSignature: UInt8 = 0x3C
        static let getKeyVersion: UInt8 = 0x64
        static let getFileCounters: UInt8 = 0xF6
        /// Commands that need an authenticated session.
        static let needAuthentication: Set<UInt8> = [0x71, 0x77, 0xC4, 0x5F, 0x5C, 0x51]
        /// Commands that need the application selected.
        static let applicationLevel: Set<UInt8> = [0xF5, 0xAD, 0x8D, 0x64, 0xF6, 0x71, 0x77, 0xC4, 0x5F, 0x5C, 0x51]
    }

    static func native(_ code: UInt8) -> StatusWord { StatusWord(sw1: 0x91, sw2: code) }

    mutating func respond(
        to command: CommandAPDU, memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        let continuing = command.cla == 0x90 && command.ins == Native.additionalFrame
        let partsSent = versionPartsSent
        if !continuing { versionPartsSent = 0 }
        switch command.cla {
        case 0x00:
            return iso.respond(to: command, memory: &memory, context: &context)
        case 0x90:
            return native(command, partsSent: partsSent, memory: &memory, context: &context)
        default:
            return .init(status: .claNotSupported)
        }
    }

    private mutating func native(
        _ command: CommandAPDU, partsSent: Int, memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        guard command.p1 == 0x00, command.p2 == 0x00 else { return .init(status: Self.native(0x9E)) }
        let ins = command.ins
        if Native.applicationLevel.contains(ins) && !iso.isApplicationSelected {
            return .init(status: Self.native(0x40))
        }
        if Native.needAuthentication.contains(ins) { return .init(status: Self.native(0xAE)) }
        let data = command.data
        switch ins {
        case Native.getVersion:
            guard data.isEmpty else { return .init(status: Self.native(0x7E)) }
            return versionPart(0)
        case Native.additionalFrame:
            guard partsSent > 0 else { return .init(status: Self.native(0x1C)) }
            guard data.isEmpty else {
                versionPartsSent = 0
                return .init(status: Self.native(0x7E))
            }
            return versionPart(partsSent)
        case Native.readSignature:
            guard data.count == 1 else { return .init(status: Self.native(0x7E)) }
            guard data[0] == 0x00 else { return .init(status: Self.native(0x9E)) }
            return .init(data: memory.signature, status: .nativeSuccess)
        case Native.getKeyVersion:
            guard data.count == 1 else { return .init(status: Self.native(0x7E)) }
            let key = Int(data[0])
            guard memory.keys.indices.contains(key) else { return .init(status: Self.native(0x40)) }
            return .init(data: [memory.keys[key].version], status: .nativeSuccess)
        case Native.getFileSettings:
            guard data.count == 1 else { return .init(status: Self.native(0x7E)) }
            guard let index = memory.index(ofNumber: data[0]) else { return .init(status: Self.native(0xF0)) }
            return .init(data: Self.settings(of: memory.files[index]), status: .nativeSuccess)
        case Native.getFileCounters:
            guard data.count == 1 else { return .init(status: Self.native(0x7E)) }
            guard memory.index(ofNumber: data[0]) != nil else { return .init(status: Self.native(0xF0)) }
            return .init(status: Self.native(0x9D))
        case Native.readData:
            return readData(data, memory: memory)
        case Native.writeData:
            return writeData(data, memory: &memory, context: &context)
        default:
            return .init(status: Self.native(0x1C))
        }
    }

    private mutating func versionPart(_ part: Int) -> ResponseAPDU {
        switch part {
        case 0, 1:
            guard versionParts.indices.contains(part) else { return .init(status: Self.native(0x1C)) }
            versionPartsSent = part + 1
            return .init(data: versionParts[part], status: .additionalFrame)
        default:
            versionPartsSent = 0
            return .init(data: uid + versionPart3Tail, status: .nativeSuccess)
        }
    }

    /// The GetFileSettings answer: the stored settings, or, for a file without any, plain free
    /// access and its size.
    static func settings(of file: Type4File) -> [UInt8] {
        if let settings = file.settings { return settings }
        let size = file.size
        return [0x00, 0x00, 0xEE, 0xEE, UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF)]
    }

    /// FileNo, offset and length of ReadData/WriteData (3-byte fields LSB first), or `nil`.
    private static func range(_ data: [UInt8]) -> (number: UInt8, offset: Int, length: Int)? {
        guard data.count >= 7 else { return nil }
        let offset = Int(data[1]) | Int(data[2]) << 8 | Int(data[3]) << 16
        let length = Int(data[4]) | Int(data[5]) << 8 | Int(data[6]) << 16
        return (data[0], offset, length)
    }

    private func readData(_ data: [UInt8], memory: Type4Memory) -> ResponseAPDU {
        guard data.count == 7, let range = Self.range(data) else { return .init(status: Self.native(0x7E)) }
        guard let index = memory.index(ofNumber: range.number) else { return .init(status: Self.native(0xF0)) }
        let file = memory.files[index]
        guard file.accessRights?.allowsFreeRead ?? true else { return .init(status: Self.native(0x9D)) }
        guard range.offset < file.size else { return .init(status: Self.native(0xBE)) }
        let length = range.length == 0 ? file.size - range.offset : range.length
        guard length <= file.size - range.offset else { return .init(status: Self.native(0xBE)) }
        return .init(data: Array(file.contents[range.offset..<(range.offset + length)]), status: .nativeSuccess)
    }

    private func writeData(
        _ data: [UInt8], memory: inout Type4Memory, context: inout Type4CommandContext
    ) -> ResponseAPDU {
        guard let range = Self.range(data), range.length > 0, data.count == 7 + range.length else {
            return .init(status: Self.native(0x7E))
        }
        guard let index = memory.index(ofNumber: range.number) else { return .init(status: Self.native(0xF0)) }
        let file = memory.files[index]
        guard file.accessRights?.allowsFreeWrite ?? true else { return .init(status: Self.native(0x9D)) }
        guard range.offset < file.size, range.length <= file.size - range.offset else {
            return .init(status: Self.native(0xBE))
        }
        if let failure = context.nativeWriteFailure { return .init(status: failure) }
        context.program(Array(data[7...]), at: range.offset, file: index, memory: &memory)
        return .init(status: .nativeSuccess)
    }
}
