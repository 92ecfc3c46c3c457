import TagCatalog

/// What a chip does beyond its page layout: which commands it answers, where its configuration
/// and dynamic lock bits live, and what it holds when it leaves the factory.
///
/// Facts cite their datasheet; where a datasheet was not available the value is marked
/// "assumed" in a comment and follows the pattern of the sister chip.
struct ChipProfile: Sendable {
    enum Family: Sendable, Equatable {
        /// NTAG210/212/213/215/216: one 24-bit NFC counter, AUTHLIM counts attempts directly.
        case ntag21x
        /// MIFARE Ultralight EV1 (MF0UL11/MF0UL21): three 24-bit counters, INCR_CNT,
        /// CHECK_TEARING_EVENT, AUTHLIM counts 2^AUTHLIM attempts.
        case ultralightEV1
        /// MIFARE Ultralight (MF0ICU1): READ, WRITE, COMP_WRITE only.
        case ultralight
        /// NTAG203: READ, WRITE, COMP_WRITE, a 16-bit counter in page 41; no GET_VERSION.
        case ntag203
    }

    /// Where the dynamic lock bits are and what each one covers.
    struct DynamicLock: Sendable, Equatable {
        /// A bit of the dynamic lock page: byte 0–3, bit 0–7.
        struct Position: Sendable, Equatable {
            var byte: Int
            var bit: Int
            var mask: UInt8 { 1 << UInt8(bit) }
        }

        /// A lock bit and the pages it makes read-only.
        struct LockBit: Sendable, Equatable {
            var position: Position
            var pages: ClosedRange<Int>
        }

        /// A block-locking bit and the lock bits (indices into `lockBits`) it freezes.
        struct BlockBit: Sendable, Equatable {
            var position: Position
            var freezes: [Int]
        }

        var page: Int
        var lockBits: [LockBit]
        var blockBits: [BlockBit]

        /// The NTAG21x pattern: lock bit i is byte i / 8, bit i % 8, locking `pagesPerBit` pages
        /// from page 16 on; byte 2 holds the block-locking bits, each freezing `groupSize`
        /// consecutive lock bits.
        static func contiguous(page: Int, lastPage: Int, pagesPerBit: Int, groupSize: Int) -> DynamicLock {
            let count = (lastPage - 16) / pagesPerBit + 1
            let lockBits = (0..<count).map { index in
                LockBit(
                    position: Position(byte: index / 8, bit: index % 8),
                    pages: (16 + index * pagesPerBit)...min(lastPage, 16 + (index + 1) * pagesPerBit - 1))
            }
            let blockBits = stride(from: 0, to: count, by: groupSize).enumerated().map { group, first in
                BlockBit(position: Position(byte: 2, bit: group), freezes: Array(first..<min(first + groupSize, count)))
            }
            return DynamicLock(page: page, lockBits: lockBits, blockBits: blockBits)
        }
    }

    var model: TagModel
    var layout: Type2Layout
    var family: Family
    var dynamicLock: DynamicLock?
    /// CFG0, CFG1, PWD, PACK as shipped (16 bytes), or empty where the chip has no configuration.
    var factoryConfiguration: [UInt8]
    /// Byte 3 of the dynamic lock page as shipped (NTAG21x: BDh, seen on real NTAG213 and NTAG216
    /// dumps in the fixtures).
    var dynamicLockRFUI: UInt8
    /// The TLVs a blank-formatted tag holds from page 4 on.
    var formattedData: [UInt8]
    /// The CC a blank-formatted tag holds (the factory CC for NTAG21x; what a formatter writes for
    /// chips that ship with a blank CC).
    var formattedCC: [UInt8]

    var lastPage: Int { layout.totalPages - 1 }
    var hasGetVersion: Bool { layout.version != nil }
    var isNXPExtended: Bool { family == .ntag21x || family == .ultralightEV1 }
    var counterCount: Int {
        switch family {
        case .ntag21x: 1
        case .ultralightEV1: 3
        case .ultralight, .ntag203: 0
        }
    }
    var configPage: Int? { layout.configPage }
    var passwordPage: Int? { configPage.map { $0 + 2 } }
    var packPage: Int? { configPage.map { $0 + 3 } }

    /// Pages whose WRITE the chip protects against tearing (NTAG213F/216F datasheet §10.4:
    /// "page 2 containing static lock bits, page 3 containing CC bits" and the dynamic lock page).
    func isTearingProtected(_ page: Int) -> Bool {
        guard isNXPExtended else { return false }
        return page == 2 || page == 3 || page == dynamicLock?.page
    }

    static func profile(for model: TagModel) -> ChipProfile? {
        guard let layout = model.type2Layout else { return nil }
        // NTAG21x configuration as shipped: CFG0 = MIRROR 04h (STRG_MOD_EN), RFUI, MIRROR_PAGE,
        // AUTH0 = FFh (no page protected); CFG1 = ACCESS 00h, RFUI 05h, RFUI, RFUI; PWD FFFFFFFFh;
        // PACK 0000h (nfcpy tt2_nxp.py; real NTAG213 dump in the fixtures: 04 00 00 FF / 00 05 00 00).
        let ntagConfig: [UInt8] =
            [0x04, 0x00, 0x00, 0xFF, 0x00, 0x05, 0x00, 0x00] + [0xFF, 0xFF, 0xFF, 0xFF] + [0, 0, 0, 0]
        // MF0ULx1: CFG0 = MOD, RFUI, RFUI, AUTH0 FFh; CFG1 = ACCESS, VCTID 05h, RFUI, RFUI (real
        // MF0UL11 dump in the fixtures: 00 00 00 FF / 00 05 00 00).
        let ev1Config: [UInt8] =
            [0x00, 0x00, 0x00, 0xFF, 0x00, 0x05, 0x00, 0x00] + [0xFF, 0xFF, 0xFF, 0xFF] + [0, 0, 0, 0]
        let emptyNDEF: [UInt8] = [0x03, 0x00, 0xFE]
        switch model {
        case .ntag213:
            // NTAG213 dynamic lock bits lock 2 pages each (NXP: [03 00 00] locks pages 16–19);
            // byte 2 holds 6 block-locking bits, each freezing 2 lock bits (BL16-19 … BL36-39).
            return ChipProfile(
                model: model, layout: layout, family: .ntag21x,
                dynamicLock: .contiguous(page: 40, lastPage: 39, pagesPerBit: 2, groupSize: 2),
                factoryConfiguration: ntagConfig, dynamicLockRFUI: 0xBD,
                // Factory content: Lock Control TLV (dynamic lock bytes at page 40, 12 bits,
                // 8 bytes per bit) then an empty NDEF TLV and a Terminator.
                formattedData: [0x01, 0x03, 0xA0, 0x0C, 0x34] + emptyNDEF,
                formattedCC: layout.factoryCC)
        case .ntag215:
            // NTAG215/216: 16 pages per dynamic lock bit; block-locking bits freeze 2 lock bits.
            return ChipProfile(
                model: model, layout: layout, family: .ntag21x,
                dynamicLock: .contiguous(page: 130, lastPage: 129, pagesPerBit: 16, groupSize: 2),
                factoryConfiguration: ntagConfig, dynamicLockRFUI: 0xBD,
                formattedData: emptyNDEF, formattedCC: layout.factoryCC)
        case .ntag216:
            // 14 lock bits, 7 block-locking bits (a real NTAG216 in the fixtures has byte 2 = 7Fh).
            return ChipProfile(
                model: model, layout: layout, family: .ntag21x,
                dynamicLock: .contiguous(page: 226, lastPage: 225, pagesPerBit: 16, groupSize: 2),
                factoryConfiguration: ntagConfig, dynamicLockRFUI: 0xBD,
                formattedData: emptyNDEF, formattedCC: layout.factoryCC)
        case .ntag212:
            // Assumed: 2 pages per lock bit as on NTAG213 (datasheet not at hand); the Lock
            // Control TLV is derived the same way (page 36 = byte 144 = 0x90, 10 bits).
            return ChipProfile(
                model: model, layout: layout, family: .ntag21x,
                dynamicLock: .contiguous(page: 36, lastPage: 35, pagesPerBit: 2, groupSize: 2),
                factoryConfiguration: [0x00, 0x00, 0x00, 0xFF] + Array(ntagConfig[4...]),
                dynamicLockRFUI: 0xBD,
                formattedData: [0x01, 0x03, 0x90, 0x0A, 0x34] + emptyNDEF, formattedCC: layout.factoryCC)
        case .ntag210:
            return ChipProfile(
                model: model, layout: layout, family: .ntag21x, dynamicLock: nil,
                factoryConfiguration: [0x00, 0x00, 0x00, 0xFF] + Array(ntagConfig[4...]),
                dynamicLockRFUI: 0, formattedData: emptyNDEF, formattedCC: layout.factoryCC)
        case .ultralightEV1_48:
            return ChipProfile(
                model: model, layout: layout, family: .ultralightEV1, dynamicLock: nil,
                factoryConfiguration: ev1Config, dynamicLockRFUI: 0, formattedData: emptyNDEF,
                formattedCC: [0xE1, 0x10, 0x06, 0x00])
        case .ultralightEV1_128:
            // Assumed: 4 pages per lock bit as on MIFARE Ultralight C, one block-locking bit
            // per lock bit (MF0UL21 datasheet not at hand). The dynamic lock bytes sit right after
            // the data area, where the NFC Forum default puts them, so no Lock Control TLV.
            return ChipProfile(
                model: model, layout: layout, family: .ultralightEV1,
                dynamicLock: .contiguous(page: 36, lastPage: 35, pagesPerBit: 4, groupSize: 1),
                factoryConfiguration: ev1Config, dynamicLockRFUI: 0, formattedData: emptyNDEF,
                formattedCC: [0xE1, 0x10, 0x10, 0x00])
        case .ultralight:
            return ChipProfile(
                model: model, layout: layout, family: .ultralight, dynamicLock: nil,
                factoryConfiguration: [], dynamicLockRFUI: 0, formattedData: emptyNDEF,
                formattedCC: [0xE1, 0x10, 0x06, 0x00])
        case .ntag203:
            // NTAG203 datasheet §8.5.2 Fig 7 "Lock bytes 3 and 4" (page 28h): byte 0 bits 0–2 lock
            // pages 16–19, 20–23, 24–27 and bit 3 freezes them; bits 4–6 lock 28–31, 32–35, 36–39
            // and bit 7 freezes them; byte 1 bit 1 locks the counter page 41, bit 4 freezes it.
            // Factory content: Lock Control TLV 01 03 A0 10 44 (page 40, 16 bits, 4 pages per bit).
            let bit = DynamicLock.Position.init
            return ChipProfile(
                model: model, layout: layout, family: .ntag203,
                dynamicLock: DynamicLock(
                    page: 40,
                    lockBits: [
                        .init(position: bit(0, 0), pages: 16...19), .init(position: bit(0, 1), pages: 20...23),
                        .init(position: bit(0, 2), pages: 24...27), .init(position: bit(0, 4), pages: 28...31),
                        .init(position: bit(0, 5), pages: 32...35), .init(position: bit(0, 6), pages: 36...39),
                        .init(position: bit(1, 1), pages: 41...41),
                    ],
                    blockBits: [
                        .init(position: bit(0, 3), freezes: [0, 1, 2]), .init(position: bit(0, 7), freezes: [3, 4, 5]),
                        .init(position: bit(1, 4), freezes: [6]),
                    ]),
                factoryConfiguration: [], dynamicLockRFUI: 0,
                formattedData: [0x01, 0x03, 0xA0, 0x10, 0x44] + emptyNDEF, formattedCC: layout.factoryCC)
        case .ultralightC, .ntagI2C1k, .ntagI2C2k, .genericType4:
            return nil
        }
    }
}
