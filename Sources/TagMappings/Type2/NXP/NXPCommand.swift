/// Commands only NXP's NTAG21x / Ultralight EV1 / NTAG I2C chips understand (NTAG213/215/216
/// datasheet §10).
public enum NXPCommand {
    /// GET_VERSION (0x60): 8 bytes naming vendor, type, subtype, version and storage size.
    public static let getVersion: [UInt8] = [0x60]

    /// FAST_READ (0x3A): pages `start` through `end` inclusive in one answer.
    public static func fastRead(from start: Int, to end: Int) -> [UInt8] {
        [0x3A, UInt8(truncatingIfNeeded: start), UInt8(truncatingIfNeeded: end)]
    }

    /// PWD_AUTH (0x1B) followed by the 4-byte password; answered by the 2-byte PACK or NAK.
    public static let passwordAuthCode: UInt8 = 0x1B

    /// READ_SIG (0x3C 0x00): the 32-byte originality signature.
    public static let readSignature: [UInt8] = [0x3C, 0x00]

    /// Pages TapCard asks for in one FAST_READ: 60 pages = 240 bytes keeps the answer inside
    /// common reader buffers (PN532/PN533 frames hold ~250 bytes).
    public static let maxFastReadPages = 60

    /// True when the chip implements FAST_READ and READ_SIG.
    public static func supportsFastRead(_ identification: ChipIdentification) -> Bool {
        // MIFARE Ultralight AES: FAST_READ (and READ_SIG) not assumed; the peers at hand do not
        // confirm them, so it is read with READ, as the Ultralight C.
        if identification.model == .ultralightAES { return false }
        if case .version = identification.evidence { return identification.model != nil }
        return false
    }
}
