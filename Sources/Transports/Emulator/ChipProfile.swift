import TagCatalog

/// What a chip does beyond its page layout: which commands it answers and how (the emulator's own
/// protocol logic), over the facts the catalog holds once for the mapping and the emulator alike:
/// geometry (``/TagCatalog/Type2Layout``), the factory image (``/TagCatalog/TagModel/formattedCC``,
/// ``/TagCatalog/TagModel/formattedDataArea``, ``/TagCatalog/TagModel/factoryConfiguration``) and
/// the lock-bit map (``/TagCatalog/DynamicLockMap``). The emulator reads those facts and behaves on
/// them with its own code, so the mapping and the emulator can still catch each other's mistakes.
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
        /// MIFARE Ultralight C (MF0ICU2): READ, WRITE, COMP_WRITE, the 3DES AUTHENTICATE, AUTH0 and
        /// AUTH1 in pages 2Ah–2Bh, the key in pages 2Ch–2Fh (write-only), a 16-bit counter in
        /// page 29h (41) that counts like NTAG203's; no GET_VERSION.
        case ultralightC
        /// MIFARE Ultralight AES (MF0AES(H)20): GET_VERSION, READ (00h–3Bh), WRITE, COMP_WRITE,
        /// the AES AUTHENTICATE, AUTH0 in CFG (page 29h) and PROT/CFGLCK in ACCESS (page 2Ah), key
        /// pages 30h–37h that read as zeros and take writes only while AUTH0 guards nothing.
        /// FAST_READ, READ_CNT, INCR_CNT, READ_SIG, AUTH_LIM and LOCK_KEYS are not modelled.
        case ultralightAES
    }

    var model: TagModel
    var layout: Type2Layout
    var family: Family
    /// Where the dynamic lock bits are and what each one covers.
    var dynamicLock: DynamicLockMap?
    /// CFG0, CFG1, PWD, PACK as shipped (16 bytes), or empty where the chip has no configuration.
    var factoryConfiguration: [UInt8]
    /// Byte 3 of the dynamic lock page as shipped.
    var dynamicLockRFUI: UInt8
    /// The TLVs a formatted tag holds from page 4 on.
    var formattedData: [UInt8]
    /// The CC a formatted tag holds (the factory CC for NTAG21x; what a formatter writes for chips
    /// that ship with a blank CC).
    var formattedCC: [UInt8]

    var lastPage: Int { layout.totalPages - 1 }
    var hasGetVersion: Bool { layout.version != nil }
    var isNXPExtended: Bool { family == .ntag21x || family == .ultralightEV1 }
    var counterCount: Int {
        switch family {
        case .ntag21x: 1
        case .ultralightEV1: 3
        case .ultralight, .ntag203, .ultralightC, .ultralightAES: 0
        }
    }
    var configPage: Int? { layout.configPage }
    var passwordPage: Int? { configPage.map { $0 + 2 } }
    var packPage: Int? { configPage.map { $0 + 3 } }

    /// Pages whose WRITE the chip protects against tearing (NTAG213F/216F datasheet §10.4:
    /// "page 2 containing static lock bits, page 3 containing CC bits" and the dynamic lock page).
    /// MF0ICU2 §7.5.3–7.5.4: writes to lock bytes 2–3 (page 28h) and to the OTP page 3 are
    /// anti-tearing; so, as on every NXP Type 2 chip, is page 2's lock bytes (assumed).
    func isTearingProtected(_ page: Int) -> Bool {
        guard isNXPExtended || family == .ultralightC || family == .ultralightAES else { return false }
        return page == 2 || page == 3 || page == dynamicLock?.page
    }

    /// The command set each model answers. NTAG I2C (SECTOR_SELECT, SRAM) and Type 4 are not
    /// emulated here.
    static func family(of model: TagModel) -> Family? {
        switch model {
        case .ntag210, .ntag212, .ntag213, .ntag215, .ntag216: .ntag21x
        case .ultralightEV1_48, .ultralightEV1_128: .ultralightEV1
        case .ultralight: .ultralight
        case .ntag203: .ntag203
        case .ultralightC: .ultralightC
        case .ultralightAES: .ultralightAES
        case .ntagI2C1k, .ntagI2C2k, .genericType4, .ntag424DNA, .icodeSLIX2, .st25dv04k, .feliCaLiteS, .desfireEV1_4K,
            .desfireEV2_8K,
            .desfireEV3_4K, .mifareClassic1K, .mifareClassic4K:
            nil
        }
    }

    static func profile(for model: TagModel) -> ChipProfile? {
        guard let layout = model.type2Layout, let family = family(of: model), let formattedCC = model.formattedCC,
            let formattedData = model.formattedDataArea
        else { return nil }
        return ChipProfile(
            model: model, layout: layout, family: family, dynamicLock: DynamicLockMap.of(model),
            factoryConfiguration: model.factoryConfiguration ?? [], dynamicLockRFUI: model.factoryDynamicLockRFUI,
            formattedData: formattedData, formattedCC: formattedCC)
    }
}
