/// What a Type 2 chip holds when it leaves the factory, and what an NDEF formatter writes on a
/// chip that ships blank: the one home of these bytes. The Type 2 mapping formats with them
/// (`Type2FormatPlan`), the emulator builds its factory image from them, and the capacity a model
/// is assumed to have is derived from them (``TagModel/assumedCapacity``).
///
/// Pages 0–2 (UID, check bytes, internal byte, static lock bytes) are per tag, not per model; the
/// emulator builds them from the UID. The CC as shipped is ``Type2Layout/factoryCC``.
extension TagModel {
    /// True when the chip ships NDEF-formatted (its factory CC starts E1h); false for the chips that
    /// ship with a blank CC (MIFARE Ultralight, Ultralight EV1, Ultralight C) and for Type 4.
    public var shipsFormatted: Bool { type2Layout?.factoryCC.first == 0xE1 }

    /// The Capability Container a correctly NDEF-formatted tag of this model carries: the factory
    /// CC where the chip ships formatted; for chips that ship with a blank CC the CC a formatter
    /// writes, `E1 10 (user bytes ÷ 8) 00`. Nil for Type 4.
    public var formattedCC: [UInt8]? {
        guard let layout = type2Layout else { return nil }
        if shipsFormatted { return layout.factoryCC }
        return [0xE1, 0x10, UInt8(clamping: layout.userMemoryBytes / 8), 0x00]
    }

    /// The TLVs in front of the NDEF Message TLV on a freshly formatted tag: as the chip ships, or
    /// as NXP's formatter writes them on a chip that ships blank. A Lock Control TLV here names
    /// the dynamic lock bytes (page, bit count, bytes locked per bit); see ``DynamicLockMap``.
    ///
    /// - NTAG213: `01 03 A0 0C 34`, lock bytes at page 40, 12 bits, 8 bytes per bit (NTAG213F
    ///   datasheet Rev. 3.1 table 18, pages 4–5 `01 03 A0 0C / 34 03 …`; nfcpy `tt2_nxp.py`
    ///   `NTAG213._format` "writing factory defaults"). This 5-byte TLV is why an NTAG213 holds a
    ///   137-byte message, not the 142 its 144-byte data area would otherwise give.
    /// - NTAG212: `01 03 90 0A 34`, lock bytes at page 36, 10 bits, 8 bytes per bit (nfcpy
    ///   `NTAG212._format` "writing factory defaults", and the NTAG212 memory in nfcpy's
    ///   `test_tt2_nxp.py`). The NTAG210/212 datasheet's own delivery table is UNVERIFIED here (the
    ///   stored copy shows its first page only); the TLV describes exactly the area the NFC Forum
    ///   default puts after a 128-byte data area ((128 − 48) ÷ 8 = 10 bits of 8 bytes at byte 144),
    ///   which is where the chip keeps its lock bytes. So an NTAG212 holds 121 bytes, not 126.
    /// - NTAG203: `01 03 A0 10 44`, lock bytes at page 40, 16 bits, 16 bytes (4 pages) per bit
    ///   (NTAG203 datasheet Rev. 3.0 §8.5.5 table 7 "Initial memory organization": pages 4–5
    ///   `01 03 A0 10 / 44 03 00 FE`).
    /// - MIFARE Ultralight C ships blank (MF0ICU2 datasheet Rev. 3.3 §7.5.4 and table 13 "Initial
    ///   memory organization": page 3 00h 00h 00h 00h, pages 4–39 undefined); NXP's formatter
    ///   writes the CC `E1 10 12 00` and the same TLV as NTAG203, `01 03 A0 10 44` (Android's
    ///   libnfc-nxp `phFriNfc_MifULFormat.c`, `PH_FRINFC_MFULC_FMT_OTP_BYTES` and `NDEFTLV1/2`):
    ///   its lock bits also cover 4 pages each, which a reader must not take for the NFC Forum
    ///   default of 8 bytes.
    /// - NTAG210/215/216, MIFARE Ultralight and Ultralight EV1 put the NDEF TLV first (NTAG215/216
    ///   ship `03 00 FE` at page 4; nfcpy `_format`; NXP's formatter writes `03 00 FE` on
    ///   Ultralight). NTAG I2C: UNVERIFIED, no Lock Control TLV assumed.
    public var factoryTLVsBeforeNDEF: [UInt8] {
        switch self {
        case .ntag213: [0x01, 0x03, 0xA0, 0x0C, 0x34]
        case .ntag212: [0x01, 0x03, 0x90, 0x0A, 0x34]
        case .ntag203, .ultralightC: [0x01, 0x03, 0xA0, 0x10, 0x44]
        default: []
        }
    }

    /// The data area from page 4 of a freshly formatted tag: ``factoryTLVsBeforeNDEF``, an empty
    /// NDEF Message TLV `03 00` and a Terminator TLV `FE`. Nil for Type 4.
    public var formattedDataArea: [UInt8]? {
        guard type2Layout != nil else { return nil }
        return factoryTLVsBeforeNDEF + [0x03, 0x00, 0xFE]
    }

    /// CFG0, CFG1, PWD and PACK as shipped (16 bytes from ``Type2Layout/configPage``), or `nil`
    /// where the chip has no configuration pages.
    ///
    /// - NTAG213/215/216: CFG0 = MIRROR 04h (STRG_MOD_EN), RFUI, MIRROR_PAGE 00h, AUTH0 FFh (no page
    ///   protected); CFG1 = ACCESS 00h, RFUI 05h, RFUI, RFUI; PWD FFFFFFFFh; PACK 0000h (nfcpy
    ///   `tt2_nxp.py`; the real NTAG213 dump in Tests/Fixtures: `04 00 00 FF / 00 05 00 00`).
    /// - NTAG210/212: the same with MIRROR 00h. UNVERIFIED (derived from NTAG213; the NTAG210/212
    ///   datasheet's configuration table was not at hand).
    /// - Ultralight EV1: CFG0 = MOD 00h, RFUI, RFUI, AUTH0 FFh; CFG1 = ACCESS 00h, VCTID 05h, RFUI,
    ///   RFUI (the real MF0UL11 dump in Tests/Fixtures: `00 00 00 FF / 00 05 00 00`).
    public var factoryConfiguration: [UInt8]? {
        let rest: [UInt8] = [0x00, 0x05, 0x00, 0x00] + [0xFF, 0xFF, 0xFF, 0xFF] + [0x00, 0x00, 0x00, 0x00]
        switch self {
        case .ntag213, .ntag215, .ntag216: return [0x04, 0x00, 0x00, 0xFF] + rest
        case .ntag210, .ntag212, .ultralightEV1_48, .ultralightEV1_128: return [0x00, 0x00, 0x00, 0xFF] + rest
        default: return nil
        }
    }

    /// Byte 3 of the dynamic lock page as shipped (RFUI): BDh on NTAG21x, as on the real NTAG213
    /// and NTAG216 dumps in Tests/Fixtures (NTAG212: UNVERIFIED, assumed the same); 00h elsewhere.
    public var factoryDynamicLockRFUI: UInt8 {
        switch self {
        case .ntag212, .ntag213, .ntag215, .ntag216: 0xBD
        default: 0x00
        }
    }
}
