/// The tag models TapCard knows by name, with the factory facts from their datasheets.
///
/// Facts only: what a chip is when it leaves the factory. What a particular tag holds now is read
/// from the tag (Type2 mapping); a figure derived here is a model default and is always presented
/// as assumed.
public enum TagModel: String, Sendable, CaseIterable, Codable {
    case ntag203
    case ntag210
    case ntag212
    case ntag213
    case ntag215
    case ntag216
    /// MIFARE Ultralight (MF0ICU1): no GET_VERSION, 48 bytes of user memory.
    case ultralight
    /// MIFARE Ultralight EV1, 48-byte variant (MF0UL11).
    case ultralightEV1_48 = "ultralight-ev1-48"
    /// MIFARE Ultralight EV1, 128-byte variant (MF0UL21).
    case ultralightEV1_128 = "ultralight-ev1-128"
    case ultralightC = "ultralight-c"
    /// MIFARE Ultralight AES (MF0AES(H)20): 60 pages, 144 bytes of user memory, AES-128 mutual
    /// authentication with its DataProtKey guarding pages from AUTH0 (see ``UltralightAESFacts``).
    case ultralightAES = "ultralight-aes"
    case ntagI2C1k = "ntag-i2c-1k"
    case ntagI2C2k = "ntag-i2c-2k"
    /// An ISO-DEP (NFC Forum Type 4) tag; its capacity lives in its CC file, not in pages.
    case genericType4 = "type4"
    /// NXP NTAG 424 DNA (NT4H2421Gx): a Type 4 tag with three fixed files (CC, NDEF, proprietary),
    /// AES keys and Secure Dynamic Messaging.
    case ntag424DNA = "ntag424-dna"
    /// NXP ICODE SLIX2 (SL2S2602): an ISO/IEC 15693 (NFC Forum Type 5) tag, 80 blocks of 4 bytes.
    case icodeSLIX2 = "icode-slix2"
    /// ST ST25DV04K: an ISO/IEC 15693 (NFC Forum Type 5) dynamic tag, 128 blocks of 4 bytes.
    case st25dv04k = "st25dv04k"
    /// Sony FeliCa Lite-S (RC-S966): a FeliCa (NFC Forum Type 3) card, 14 user blocks of 16 bytes.
    case feliCaLiteS = "felica-lite-s"
    /// NXP MIFARE DESFire EV1 with 4 KB of memory (MF3ICD41): the generation before EV2, which
    /// authenticates with AuthenticateAES (`AA`) and does not know AuthenticateEV2First.
    case desfireEV1_4K = "desfire-ev1-4k"
    /// NXP MIFARE DESFire EV2 with 8 KB of memory (MF3D(H)82): the generation that brought
    /// AuthenticateEV2First and its secure messaging.
    case desfireEV2_8K = "desfire-ev2-8k"
    /// NXP MIFARE DESFire EV3 with 4 KB of memory (MF3DH43): an ISO-DEP card holding applications
    /// and files; an NFC Forum Type 4 tag once an application is laid out per NXP AN11004.
    case desfireEV3_4K = "desfire-ev3-4k"
    /// NXP MIFARE Classic EV1 1K (MF1S50yyX): 16 sectors of 4 blocks of 16 bytes, Crypto1. No NFC
    /// Forum type: NDEF per NXP AN1304 (``forumType`` 0).
    case mifareClassic1K = "mifare-classic-1k"
    /// NXP MIFARE Classic EV1 4K (MF1S70yyX): 32 sectors of 4 blocks, then 8 of 16 blocks.
    case mifareClassic4K = "mifare-classic-4k"

    /// The name people and datasheets use.
    public var displayName: String {
        switch self {
        case .ntag203: "NTAG203"
        case .ntag210: "NTAG210"
        case .ntag212: "NTAG212"
        case .ntag213: "NTAG213"
        case .ntag215: "NTAG215"
        case .ntag216: "NTAG216"
        case .ultralight: "MIFARE Ultralight"
        case .ultralightEV1_48: "MIFARE Ultralight EV1 (48 bytes)"
        case .ultralightEV1_128: "MIFARE Ultralight EV1 (128 bytes)"
        case .ultralightC: "MIFARE Ultralight C"
        case .ultralightAES: "MIFARE Ultralight AES"
        case .ntagI2C1k: "NTAG I2C 1k"
        case .ntagI2C2k: "NTAG I2C 2k"
        case .genericType4: "Type 4 tag"
        case .ntag424DNA: "NTAG 424 DNA"
        case .icodeSLIX2: "ICODE SLIX2"
        case .st25dv04k: "ST25DV04K"
        case .feliCaLiteS: "FeliCa Lite-S"
        case .desfireEV1_4K: "MIFARE DESFire EV1 (4 KB)"
        case .desfireEV2_8K: "MIFARE DESFire EV2 (8 KB)"
        case .desfireEV3_4K: "MIFARE DESFire EV3 (4 KB)"
        case .mifareClassic1K: "MIFARE Classic 1K"
        case .mifareClassic4K: "MIFARE Classic 4K"
        }
    }

    /// The NFC Forum tag type the model implements; 0 for MIFARE Classic, which is none (its NDEF
    /// mapping is NXP's, AN1304).
    public var forumType: Int {
        if classic != nil { return 0 }
        if type4 != nil { return 4 }
        if type5 != nil { return 5 }
        if type3 != nil { return 3 }
        return 2
    }

    /// The factory Type 2 layout, or `nil` for a Type 4 tag.
    public var type2Layout: Type2Layout? {
        switch self {
        // NTAG213/215/216 datasheet §8.5 memory organisation; nfcpy tt2_nxp.py for page numbers.
        case .ntag213:
            Type2Layout(
                totalPages: 45, userPages: 4...39, factoryCC: [0xE1, 0x10, 0x12, 0x00],
                dynamicLockPage: 40, configPage: 41,
                version: [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03])
        case .ntag215:
            Type2Layout(
                totalPages: 135, userPages: 4...129, factoryCC: [0xE1, 0x10, 0x3E, 0x00],
                dynamicLockPage: 130, configPage: 131,
                version: [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x11, 0x03])
        case .ntag216:
            Type2Layout(
                totalPages: 231, userPages: 4...225, factoryCC: [0xE1, 0x10, 0x6D, 0x00],
                dynamicLockPage: 226, configPage: 227,
                version: [0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x13, 0x03])
        // NTAG210/212 datasheet ("NFC Forum Type 2 Tag compliant IC with 48/128 bytes user
        // memory", Rev. 3.0): 48 and 128 bytes of user memory; GET_VERSION as in nfcpy's
        // VERSION_MAP. Page numbers as in nfcpy (NTAG212: lock bytes page 36, CFG0 page 37).
        case .ntag210:
            Type2Layout(
                totalPages: 20, userPages: 4...15, factoryCC: [0xE1, 0x10, 0x06, 0x00],
                dynamicLockPage: nil, configPage: 16,
                version: [0x00, 0x04, 0x04, 0x01, 0x01, 0x00, 0x0B, 0x03])
        case .ntag212:
            Type2Layout(
                totalPages: 41, userPages: 4...35, factoryCC: [0xE1, 0x10, 0x10, 0x00],
                dynamicLockPage: 36, configPage: 37,
                version: [0x00, 0x04, 0x04, 0x01, 0x01, 0x00, 0x0E, 0x03])
        // NTAG203: no GET_VERSION, dynamic lock bytes on page 40, counter page 41.
        case .ntag203:
            Type2Layout(
                totalPages: 42, userPages: 4...39, factoryCC: [0xE1, 0x10, 0x12, 0x00],
                dynamicLockPage: 40, configPage: nil, version: nil)
        // MF0ICU1: 16 pages, CC is OTP and ships blank.
        case .ultralight:
            Type2Layout(
                totalPages: 16, userPages: 4...15, factoryCC: [0x00, 0x00, 0x00, 0x00],
                dynamicLockPage: nil, configPage: nil, version: nil)
        // MF0ULx1 datasheet: EV1 ships with a blank CC.
        case .ultralightEV1_48:
            Type2Layout(
                totalPages: 20, userPages: 4...15, factoryCC: [0x00, 0x00, 0x00, 0x00],
                dynamicLockPage: nil, configPage: 16,
                version: [0x00, 0x04, 0x03, 0x01, 0x01, 0x00, 0x0B, 0x03])
        case .ultralightEV1_128:
            Type2Layout(
                totalPages: 41, userPages: 4...35, factoryCC: [0x00, 0x00, 0x00, 0x00],
                dynamicLockPage: 36, configPage: 37,
                version: [0x00, 0x04, 0x03, 0x01, 0x01, 0x00, 0x0E, 0x03])
        // MF0ICU2 datasheet Rev. 3.3 §7.5 and table 13 "Initial memory organization": 48 pages,
        // 144 bytes of user memory in pages 4–39, lock bytes page 40, counter page 41, AUTH0/AUTH1
        // pages 42–43, 3DES key pages 44–47 (READ answers pages 00h–2Bh only). The CC (OTP page 3)
        // ships as 00 00 00 00: the chip is NDEF-formatted by whoever issues it. No GET_VERSION.
        case .ultralightC:
            Type2Layout(
                totalPages: 48, userPages: 4...39, factoryCC: [0x00, 0x00, 0x00, 0x00],
                dynamicLockPage: 40, configPage: nil, version: nil)
        // MF0AES(H)20, per peers that cite its datasheet (no copy is at hand here): the Flipper Zero
        // firmware's Ultralight AES QA plan (memory map), StuStaPay's programming commands and
        // Proxmark3. 60 pages (00h–3Bh): user pages 04h–27h (144 bytes), dynamic lock bytes page
        // 28h, CFG 29h, ACCESS 2Ah, LOCK_KEYS 2Dh, DataProtKey 30h–33h, UIDRetrKey 34h–37h. The
        // configuration is its own (``UltralightAESFacts``), not NTAG21x's CFG0/CFG1, so
        // `configPage` is nil. GET_VERSION 00 04 03 01 04 00 0F 03 (type 03 Ultralight, major 04
        // AES, storage 0Fh). The CC as shipped is assumed blank, as on the Ultralight C and EV1.
        case .ultralightAES:
            Type2Layout(
                totalPages: 60, userPages: 4...39, factoryCC: [0x00, 0x00, 0x00, 0x00],
                dynamicLockPage: 40, configPage: nil,
                version: [0x00, 0x04, 0x03, 0x01, 0x04, 0x00, 0x0F, 0x03])
        // NTAG I2C: sector 0 only as seen over NFC here (user pages from 4).
        case .ntagI2C1k:
            Type2Layout(
                totalPages: 231, userPages: 4...225, factoryCC: [0xE1, 0x10, 0x6D, 0x00],
                dynamicLockPage: 226, configPage: nil,
                version: [0x00, 0x04, 0x04, 0x05, 0x02, 0x01, 0x13, 0x03])
        case .ntagI2C2k:
            Type2Layout(
                totalPages: 481, userPages: 4...479, factoryCC: [0xE1, 0x10, 0xEA, 0x00],
                dynamicLockPage: 480, configPage: nil,
                version: [0x00, 0x04, 0x04, 0x05, 0x02, 0x01, 0x15, 0x03])
        case .genericType4, .ntag424DNA, .icodeSLIX2, .st25dv04k, .feliCaLiteS, .desfireEV1_4K, .desfireEV2_8K,
            .desfireEV3_4K,
            .mifareClassic1K,
            .mifareClassic4K:
            nil
        }
    }
}

/// Where a Type 2 model keeps things, in 4-byte pages.
public struct Type2Layout: Sendable, Equatable {
    public var totalPages: Int
    /// Pages that hold user data (the NDEF data area starts at page 4).
    public var userPages: ClosedRange<Int>
    /// Page 3 as shipped.
    public var factoryCC: [UInt8]
    /// The page holding the dynamic lock bytes, where the chip has them.
    public var dynamicLockPage: Int?
    /// CFG0 (MIRROR, AUTH0); CFG1 (ACCESS) follows, then PWD and PACK.
    public var configPage: Int?
    /// The GET_VERSION answer, or `nil` where the chip does not support the command.
    public var version: [UInt8]?

    public init(
        totalPages: Int, userPages: ClosedRange<Int>, factoryCC: [UInt8], dynamicLockPage: Int?,
        configPage: Int?, version: [UInt8]?
    ) {
        self.totalPages = totalPages
        self.userPages = userPages
        self.factoryCC = factoryCC
        self.dynamicLockPage = dynamicLockPage
        self.configPage = configPage
        self.version = version
    }

    public var totalBytes: Int { totalPages * 4 }
    public var userMemoryBytes: Int { userPages.count * 4 }
}
