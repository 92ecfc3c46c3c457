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
    }

    /// Where the dynamic lock bits are and what each one covers.
    struct DynamicLock: Sendable, Equatable {
        var page: Int
        /// The first page the dynamic lock bits cover (always 16: pages 3–15 use the static bits).
        var firstPage: Int
        var lastPage: Int
        var pagesPerBit: Int
        /// Lock bit indices (bit `i` is byte `i / 8`, bit `i % 8` of the lock page) frozen by
        /// each block-locking bit of byte 2.
        var blockLockGroups: [[Int]]

        var lockBitCount: Int { (lastPage - firstPage) / pagesPerBit + 1 }
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
    var isNXPExtended: Bool { family != .ultralight }
    var counterCount: Int {
        switch family {
        case .ntag21x: 1
        case .ultralightEV1: 3
        case .ultralight: 0
        }
    }
    var configPage: Int? { layout.configPage }
    var passwordPage: Int? { configPage.map { $0 + 2 } }
    var packPage: Int? { configPage.map { $0 + 3 } }

    /// Pages whose WRITE the chip protects against tearing (NTAG213F/216F datasheet §10.4:
    /// "page 2 containing static lock bits, page 3 containing CC bits" and the dynamic lock page).
    func isTearingProtected(_ page: Int) -> Bool {
        guard family != .ultralight else { return false }
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
                dynamicLock: DynamicLock(
                    page: 40, firstPage: 16, lastPage: 39, pagesPerBit: 2,
                    blockLockGroups: pairs(count: 12)),
                factoryConfiguration: ntagConfig, dynamicLockRFUI: 0xBD,
                // Factory content: Lock Control TLV (dynamic lock bytes at page 40, 12 bits,
                // 8 bytes per bit) then an empty NDEF TLV and a Terminator.
                formattedData: [0x01, 0x03, 0xA0, 0x0C, 0x34] + emptyNDEF,
                formattedCC: layout.factoryCC)
        case .ntag215:
            // NTAG215/216: 16 pages per dynamic lock bit; block-locking bits freeze 2 lock bits.
            return ChipProfile(
                model: model, layout: layout, family: .ntag21x,
                dynamicLock: DynamicLock(
                    page: 130, firstPage: 16, lastPage: 129, pagesPerBit: 16,
                    blockLockGroups: pairs(count: 8)),
                factoryConfiguration: ntagConfig, dynamicLockRFUI: 0xBD,
                formattedData: emptyNDEF, formattedCC: layout.factoryCC)
        case .ntag216:
            // 14 lock bits, 7 block-locking bits (a real NTAG216 in the fixtures has byte 2 = 7Fh).
            return ChipProfile(
                model: model, layout: layout, family: .ntag21x,
                dynamicLock: DynamicLock(
                    page: 226, firstPage: 16, lastPage: 225, pagesPerBit: 16,
                    blockLockGroups: pairs(count: 14)),
                factoryConfiguration: ntagConfig, dynamicLockRFUI: 0xBD,
                formattedData: emptyNDEF, formattedCC: layout.factoryCC)
        case .ntag212:
            // Assumed: 2 pages per lock bit as on NTAG213 (datasheet not at hand); the Lock
            // Control TLV is derived the same way (page 36 = byte 144 = 0x90, 10 bits).
            return ChipProfile(
                model: model, layout: layout, family: .ntag21x,
                dynamicLock: DynamicLock(
                    page: 36, firstPage: 16, lastPage: 35, pagesPerBit: 2,
                    blockLockGroups: pairs(count: 10)),
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
                dynamicLock: DynamicLock(
                    page: 36, firstPage: 16, lastPage: 35, pagesPerBit: 4,
                    blockLockGroups: (0..<5).map { [$0] }),
                factoryConfiguration: ev1Config, dynamicLockRFUI: 0, formattedData: emptyNDEF,
                formattedCC: [0xE1, 0x10, 0x10, 0x00])
        case .ultralight:
            return ChipProfile(
                model: model, layout: layout, family: .ultralight, dynamicLock: nil,
                factoryConfiguration: [], dynamicLockRFUI: 0, formattedData: emptyNDEF,
                formattedCC: [0xE1, 0x10, 0x06, 0x00])
        case .ntag203, .ultralightC, .ntagI2C1k, .ntagI2C2k, .genericType4:
            return nil
        }
    }

    /// Block-locking groups that freeze lock bits two at a time: [[0, 1], [2, 3], …].
    private static func pairs(count: Int) -> [[Int]] {
        stride(from: 0, to: count, by: 2).map { Array($0..<min($0 + 2, count)) }
    }
}
