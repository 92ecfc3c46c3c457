import TagTransport

/// The access conditions of one sector as the chip enforces them, decoded from trailer bytes 6–8
/// with the emulator's own code (the MIFAREClassic mapping decodes them too; the two are kept
/// apart so that each can catch the other's mistakes).
///
/// MF1S50yyX datasheet §8.7.1 (MF1S70yyX the same): byte 6 holds ¬C2 (high nibble) and ¬C1 (low),
/// byte 7 C1 and ¬C3, byte 8 C3 and C2, bit `g` of each nibble for block group `g` (groups 0–2
/// the data blocks, 3 the trailer). "If this format violation is detected, the whole sector is
/// irreversibly blocked": bytes whose inverted copies disagree give ``isBlocked``.
struct ClassicAccessRules: Equatable {
    /// C1 C2 C3 of groups 0–3, each as a 3-bit number (C1 the high bit).
    let codes: [UInt8]
    /// The access bytes break their own redundancy: the chip refuses the sector.
    let isBlocked: Bool

    init(accessBytes bytes: [UInt8]) {
        guard bytes.count == 3 else {
            codes = [7, 7, 7, 7]
            isBlocked = true
            return
        }
        let notC1 = bytes[0] & 0x0F
        let notC2 = bytes[0] >> 4
        let notC3 = bytes[1] & 0x0F
        let c1 = bytes[1] >> 4
        let c2 = bytes[2] & 0x0F
        let c3 = bytes[2] >> 4
        isBlocked = notC1 != ~c1 & 0x0F || notC2 != ~c2 & 0x0F || notC3 != ~c3 & 0x0F
        codes = (0..<4).map { group in
            (c1 >> group & 1) << 2 | (c2 >> group & 1) << 1 | (c3 >> group & 1)
        }
    }

    /// Who may do something: key A, key B, both, or nobody.
    struct Grant: Equatable {
        let a: Bool
        let b: Bool

        static let none = Grant(a: false, b: false)
        static let onlyA = Grant(a: true, b: false)
        static let onlyB = Grant(a: false, b: true)
        static let both = Grant(a: true, b: true)

        func allows(_ role: ClassicKeyRole) -> Bool { role == .a ? a : b }
    }

    /// Data blocks, "Access conditions for data blocks": (read, write) per C1C2C3. Increment,
    /// decrement, transfer and restore are not emulated (value blocks are not used by NDEF).
    private static let dataTable: [UInt8: (read: Grant, write: Grant)] = [
        0b000: (.both, .both), 0b010: (.both, .none), 0b100: (.both, .onlyB), 0b110: (.both, .onlyB),
        0b001: (.both, .none), 0b011: (.onlyB, .onlyB), 0b101: (.onlyB, .none), 0b111: (.none, .none),
    ]

    /// The trailer, "Access conditions for the sector trailer": key A write, access bits read and
    /// write, key B read and write, per C1C2C3. Key A is never readable.
    private static let trailerTable:
        [UInt8: (keyAWrite: Grant, bitsRead: Grant, bitsWrite: Grant, keyBRead: Grant, keyBWrite: Grant)] = [
            0b000: (.onlyA, .onlyA, .none, .onlyA, .onlyA),
            0b010: (.none, .onlyA, .none, .onlyA, .none),
            0b100: (.onlyB, .both, .none, .none, .onlyB),
            0b110: (.none, .both, .none, .none, .none),
            0b001: (.onlyA, .onlyA, .onlyA, .onlyA, .onlyA),
            0b011: (.onlyB, .both, .onlyB, .none, .onlyB),
            0b101: (.none, .both, .onlyB, .none, .none),
            0b111: (.none, .both, .none, .none, .none),
        ]

    private var trailerCode: UInt8 { codes[3] }

    /// Key B can be read, so it is data and grants nothing (the datasheet's note under the trailer
    /// table): an authentication with it succeeds, but every access it would be granted is refused.
    var keyBIsData: Bool { Self.trailerTable[trailerCode]?.keyBRead != Grant.none }

    /// The group of block `index` in a sector of `blocksInSector` blocks (4 or 16).
    static func group(ofBlock index: Int, blocksInSector: Int) -> Int {
        if index == blocksInSector - 1 { return 3 }
        return blocksInSector == 16 ? index / 5 : index
    }

    private func usable(_ role: ClassicKeyRole) -> Bool { role == .a || !keyBIsData }

    func mayRead(dataGroup group: Int, with role: ClassicKeyRole) -> Bool {
        usable(role) && (Self.dataTable[codes[group]]?.read.allows(role) ?? false)
    }

    func mayWrite(dataGroup group: Int, with role: ClassicKeyRole) -> Bool {
        usable(role) && (Self.dataTable[codes[group]]?.write.allows(role) ?? false)
    }

    func mayWriteKeyA(with role: ClassicKeyRole) -> Bool {
        usable(role) && (Self.trailerTable[trailerCode]?.keyAWrite.allows(role) ?? false)
    }

    func mayReadAccessBits(with role: ClassicKeyRole) -> Bool {
        usable(role) && (Self.trailerTable[trailerCode]?.bitsRead.allows(role) ?? false)
    }

    func mayWriteAccessBits(with role: ClassicKeyRole) -> Bool {
        usable(role) && (Self.trailerTable[trailerCode]?.bitsWrite.allows(role) ?? false)
    }

    func mayReadKeyB(with role: ClassicKeyRole) -> Bool {
        Self.trailerTable[trailerCode]?.keyBRead.allows(role) ?? false
    }

    func mayWriteKeyB(with role: ClassicKeyRole) -> Bool {
        usable(role) && (Self.trailerTable[trailerCode]?.keyBWrite.allows(role) ?? false)
    }
}
