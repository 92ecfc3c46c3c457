import TagFrames

/// The NXP ICODE custom commands TapCard sends (IC manufacturer code 04, which the channel
/// inserts after the command byte, so the parameters here exclude it). Codes: Flipper Zero
/// `lib/nfc/protocols/slix/slix_i.h` (`SLIX_CMD_GET_NXP_SYSTEM_INFORMATION 0xAB`,
/// `SLIX_CMD_READ_SIGNATURE 0xBD`), shared/reference/type4-type5-ntag424.md §3.2.
public enum ICODECommand {
    public static let getNXPSystemInfo: UInt8 = 0xAB
    public static let readSignature: UInt8 = 0xBD
    /// UID byte 1 of every NXP ISO 15693 chip (`SLIX_NXP_MANUFACTURER_CODE`).
    public static let manufacturerCode: UInt8 = 0x04

    /// READ SIGNATURE: the 32-byte originality signature (ICODE SLIX2).
    public static func signature() -> ISO15693Request {
        ISO15693Request(flags: Type5Command.flags, command: readSignature)
    }

    /// GET NXP SYSTEM INFO: protection pointer and condition, lock bits, feature flags.
    public static func nxpSystemInfo() -> ISO15693Request {
        ISO15693Request(flags: Type5Command.flags, command: getNXPSystemInfo)
    }

    /// The signature from a READ SIGNATURE payload (exactly 32 bytes, Flipper `SLIX_SIGNATURE_SIZE`).
    public static func signature(from response: ISO15693Response) throws(Type5StatusError) -> [UInt8] {
        try Type5StatusError.check(response, request: signature(), block: nil, expected: 32)
    }
}
