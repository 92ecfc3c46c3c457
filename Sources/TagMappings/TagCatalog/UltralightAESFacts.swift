/// MIFARE Ultralight AES's (MF0AES(H)20) configuration and key facts, held once for the Type 2
/// mapping and the emulator. No copy of NXP's datasheet is at hand: every figure here is per
/// peers that cite it and checked it on hardware (the Flipper Zero firmware's Ultralight AES QA
/// plan and poller, StuStaPay's production programming commands, Proxmark3); where none says, the
/// comment says "assuming".
///
/// - CFG, page 29h: byte 0 bit 0 RID_ACT (random ID), bit 1 SEC_MSG_ACT (CMAC secure messaging
///   after authentication); byte 3 AUTH0, the first guarded page (3Ch, one past the last page,
///   guards none).
/// - ACCESS, page 2Ah: byte 0 bit 2 CNT_RD_EN, bit 3 CNT_INC_EN, bit 6 CFGLCK (permanent), bit 7
///   PROT (reads guarded too); byte 1 VCTID (05h); bytes 2–3 AUTH_LIM.
/// - LOCK_KEYS, page 2Dh: byte 0 the per-key lock bits.
/// - DataProtKey pages 30h–33h, UIDRetrKey 34h–37h, each stored byte-reversed: pages reading
///   A0A1A2A3 A4A5A6A7 A8A9AAAB ACADAEAF authenticate with AFAEADAC…A3A2A1A0 (the Flipper QA
///   plan, cross-checked with Proxmark3). Pages 38h–3Bh are RFU.
public enum UltralightAESFacts {
    /// Page 29h: CFG.
    public static let configurationPage = 0x29
    /// Page 2Ah: ACCESS.
    public static let accessPage = 0x2A
    /// Page 2Dh: LOCK_KEYS.
    public static let lockKeysPage = 0x2D
    /// Pages 30h–33h: the DataProtKey (AUTHENTICATE key number 00h).
    public static let dataProtKeyPages = 0x30...0x33
    /// Pages 34h–37h: the UIDRetrKey (key number 01h).
    public static let uidRetrKeyPages = 0x34...0x37
    /// Pages 38h–3Bh: reserved.
    public static let reservedPages = 0x38...0x3B
    /// The chip's last page (3Bh).
    public static let lastPage = 0x3B
    /// AUTH0 that guards nothing (3Ch).
    public static let auth0Off: UInt8 = 0x3C
    /// The byte of CFG holding AUTH0.
    public static let auth0Byte = 3
    /// The pages a protect may start guarding from: 03h, as on the Ultralight C (assuming), to
    /// the last page.
    public static let firstGuardablePage = 0x03
    /// CFG byte 0 bit 0: RID_ACT.
    public static let randomIDBit: UInt8 = 0x01
    /// CFG byte 0 bit 1: SEC_MSG_ACT.
    public static let secureMessagingBit: UInt8 = 0x02
    /// ACCESS byte 0 bit 2: CNT_RD_EN.
    public static let counterReadBit: UInt8 = 0x04
    /// ACCESS byte 0 bit 3: CNT_INC_EN.
    public static let counterIncrementBit: UInt8 = 0x08
    /// ACCESS byte 0 bit 6: CFGLCK.
    public static let configurationLockBit: UInt8 = 0x40
    /// ACCESS byte 0 bit 7: PROT.
    public static let protectReadsBit: UInt8 = 0x80
    /// AUTHENTICATE's key numbers: DataProtKey, UIDRetrKey, OriginalityKey.
    public static let dataProtKeyNumber: UInt8 = 0x00
    public static let uidRetrKeyNumber: UInt8 = 0x01
    public static let originalityKeyNumber: UInt8 = 0x02

    /// Pages 29h–2Ah as shipped: CFG 00 00 00 3C (no page guarded, RID and SEC_MSG off), ACCESS
    /// 8C 05 00 00 (PROT, CNT_INC_EN and CNT_RD_EN set, VCTID 05h, no AUTH_LIM), per the Flipper
    /// QA plan's baseline of a factory-fresh card ("0x29 = 00 00 00 3C, 0x2A = 8C 05 00 00").
    /// Every key is all zeros as shipped (the same plan: "DataProtKey and UIDRetrKey both
    /// all-zero").
    public static let factoryConfiguration: [UInt8] = [0x00, 0x00, 0x00, 0x3C, 0x8C, 0x05, 0x00, 0x00]
}
