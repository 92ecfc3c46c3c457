/// MIFARE Ultralight C's (MF0ICU2) authentication facts, held once for the Type 2 mapping and the
/// emulator: where AUTH0, AUTH1 and the 3DES key live, what READ can address, and what the chip
/// ships with. The mapping interprets them; the emulator behaves on them with its own code.
///
/// MF0ICU2 datasheet Rev. 3.3: §7.5.7 (key pages 2Ch–2Fh, table 10, each key half stored
/// byte-reversed; "the memory pages holding the authentication key can never be read"), §7.5.8
/// (AUTH0 in byte 0 of page 2Ah, 03h–30h, 30h disables the protection; AUTH1 in byte 0 of page 2Bh,
/// bit 0: 1 write access restricted, 0 read and write access restricted), §9.2 table 17 (READ
/// addresses 00h–2Bh, rolling over to page 00h after 2Bh).
public enum UltralightCFacts {
    /// Page 2Ah: AUTH0 in byte 0.
    public static let auth0Page = 0x2A
    /// Page 2Bh: AUTH1 in byte 0.
    public static let auth1Page = 0x2B
    /// Pages 2Ch–2Fh: the 16-byte 3DES key, write-only.
    public static let keyPages = 0x2C...0x2F
    /// The last page READ addresses; READ rolls over to page 0 after it.
    public static let lastReadablePage = 0x2B
    /// AUTH0 that protects nothing: one past the last page.
    public static let auth0Off: UInt8 = 0x30
    /// The values AUTH0 may take.
    public static let auth0Range = 0x03...0x30
    /// AUTH1 bit 0: set, only writes need the authentication.
    public static let writeOnlyBit: UInt8 = 0x01

    /// Pages 2Ah–2Fh as shipped: AUTH0 30h (no protection), AUTH1 00h, and the factory key, which
    /// reads "BREAKMEIFYOUCAN!" as stored (cipher order 49 45 4D 4B 41 45 52 42 21 4E 41 43 55 4F
    /// 59 46, the key the datasheet's §7.5.6 example authenticates with). The AUTH0 and AUTH1
    /// values are ASSUMED: the datasheet copy available here does not show the delivery state of
    /// pages 2Ah–2Bh; 30h/00h is what tools report for new tags.
    public static let factoryPages: [UInt8] =
        [0x30, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00] + Array("BREAKMEIFYOUCAN!".utf8)
}
