/// FeliCa Lite-S (Sony RC-S966) block numbers, as the Type 3 mapping addresses them.
///
/// Sources: Flipper Zero `lib/nfc/protocols/felica/felica.h` (`FELICA_BLOCK_INDEX_*`), nfcpy
/// `tt3_sony.py` (`FelicaLite.dump`, `FelicaLiteS.dump`, `protect`, `authenticate`). The catalog
/// (``/TagCatalog/Type3Facts``) lists the same numbers for the emulator; a test checks they agree.
///
/// Card-key authentication (RC → MAC / MAC_A, the STATE block's EXT_AUTH) is not implemented:
/// TapCard reads and writes only without MAC.
public enum FeliCaLiteS {
    /// S_PAD0–13: the 14 user blocks (S_PAD0 is the attribute block once formatted).
    public static let scratchPad: ClosedRange<Int> = 0x00...0x0D
    /// REG: a register block (purse-like, 0Eh).
    public static let register = 0x0E
    /// RC: the random challenge written to start authentication (write-only).
    public static let randomChallenge = 0x80
    /// MAC: the MAC of the data read in the same Check.
    public static let mac = 0x81
    /// ID: the card's ID (IDm's first 8 bytes and DFC per nfcpy "IDD[8], DFC[2]").
    public static let id = 0x82
    /// D_ID: IDm and PMm (nfcpy "IDM[8], PMM[8]").
    public static let deviceID = 0x83
    /// SER_C: the service code.
    public static let serviceCode = 0x84
    /// SYS_C: the system code.
    public static let systemCode = 0x85
    /// CKV: the card key version.
    public static let cardKeyVersion = 0x86
    /// CK: the card key (write-only).
    public static let cardKey = 0x87
    /// MC: the memory configuration (``FeliCaLiteSMemoryConfiguration``).
    public static let memoryConfiguration = 0x88
    /// WCNT: the write counter (3 bytes, little-endian; nfcpy `write_with_mac` reads it).
    public static let writeCount = 0x90
    /// MAC_A: the MAC written with a block for write with MAC, or read after a Check.
    public static let macA = 0x91
    /// STATE: EXT_AUTH (byte 0) after mutual authentication.
    public static let state = 0x92
    /// CRC_CHECK.
    public static let crcCheck = 0xA0

    /// Every block, ascending (28 blocks).
    public static let blocks: [Int] =
        Array(scratchPad) + [register] + Array(randomChallenge...memoryConfiguration) + [
            writeCount, macA, state, crcCheck,
        ]

    /// The IC codes (PMm byte 1) of cards that behave as a FeliCa Lite-S (nfcpy
    /// `FelicaLiteS.IC_CODE_MAP`): F1 the RC-S966, F2 FeliCa Link (RC-S730) in Lite-S mode.
    public static let icCodes: [UInt8: String] = [
        0xF1: "FeliCa Lite-S (RC-S966)", 0xF2: "FeliCa Link (RC-S730) Lite-S mode",
    ]

    /// The name of a block: "S_PAD3", "MC", "block 0x40".
    public static func name(ofBlock block: Int) -> String {
        if scratchPad.contains(block) { return "S_PAD\(block)" }
        let names: [Int: String] = [
            register: "REG", randomChallenge: "RC", mac: "MAC", id: "ID", deviceID: "D_ID", serviceCode: "SER_C",
            systemCode: "SYS_C", cardKeyVersion: "CKV", cardKey: "CK", memoryConfiguration: "MC", writeCount: "WCNT",
            macA: "MAC_A", state: "STATE", crcCheck: "CRC_CHECK",
        ]
        return names[block] ?? "block 0x" + String(block, radix: 16, uppercase: true)
    }
}
