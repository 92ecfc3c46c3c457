/// A public key NXP signs originality signatures with, by the chip family that uses it.
public struct OriginalityKey: Sendable, Equatable {
    /// The chip family, as a person would name it ("NTAG21x").
    public var name: String
    /// Uncompressed point `04 ‖ x ‖ y` on the curve of the ``OriginalityScheme`` that lists the
    /// key: 33 bytes on secp128r1, 57 on secp224r1.
    public var publicKey: [UInt8]

    public init(name: String, publicKey: [UInt8]) {
        self.name = name
        self.publicKey = publicKey
    }

    /// NTAG210/212/213/215/216. Published in RfidResearchGroup/proxmark3 (`cmdhfmfu.c`,
    /// `tools/recover_pk.py`) and checked here against NXP's own example signatures.
    public static let ntag21x = OriginalityKey(
        name: "NTAG21x",
        publicKey: [
            0x04, 0x49, 0x4E, 0x1A, 0x38, 0x6D, 0x3D, 0x3C, 0xFE, 0x3D, 0xC1, 0x0E, 0x5D, 0xE6, 0x8A, 0x49, 0x9B,
            0x1C, 0x20, 0x2D, 0xB5, 0xB1, 0x32, 0x39, 0x3E, 0x89, 0xED, 0x19, 0xFE, 0x5B, 0xE8, 0xBC, 0x61,
        ])

    /// MIFARE Ultralight EV1 (MF0UL11/MF0UL21), same sources.
    public static let ultralightEV1 = OriginalityKey(
        name: "MIFARE Ultralight EV1",
        publicKey: [
            0x04, 0x90, 0x93, 0x3B, 0xDC, 0xD6, 0xE9, 0x9B, 0x4E, 0x25, 0x5E, 0x3D, 0xA5, 0x53, 0x89, 0xA8, 0x27,
            0x56, 0x4E, 0x11, 0x71, 0x8E, 0x01, 0x72, 0x92, 0xFA, 0xF2, 0x32, 0x26, 0xA9, 0x66, 0x14, 0xB8,
        ])

    /// ICODE SLIX2 and ICODE DNA, secp128r1, as published in RfidResearchGroup/proxmark3
    /// `client/src/cmdhf15.c` ("NXP ICODE DNA, ICODE SLIX2"). No genuine ICODE signature was at
    /// hand to check it against (the one published SLIX2 pair, from a Dymo label in
    /// flipperdevices/flipperzero-firmware#2316, carries a customer-programmed signature and does
    /// not verify); the tests check that the point lies on secp128r1.
    public static let icodeSLIX2 = OriginalityKey(
        name: "ICODE SLIX2",
        publicKey: [
            0x04, 0x88, 0x78, 0xA2, 0xA2, 0xD3, 0xEE, 0xC3, 0x36, 0xB4, 0xF2, 0x61, 0xA0, 0x82, 0xBD, 0x71, 0xF9,
            0xBE, 0x11, 0xC4, 0xE2, 0xE8, 0x96, 0x64, 0x8B, 0x32, 0xEF, 0xA5, 0x9C, 0xEA, 0x6E, 0x59, 0xF0,
        ])

    /// NTAG 424 DNA (NT4H2421Gx), secp224r1. NXP publishes it in AN12196 ("NTAG 424 DNA and
    /// NTAG 424 DNA TagTamper features and hints", section "Originality signature"), as cited in
    /// RfidResearchGroup/proxmark3 `client/src/crypto/originality.c`; that repository's
    /// `tools/recover_pk.py` recovers it from two NTAG 424 DNA UID and signature pairs, which the
    /// tests here verify.
    public static let ntag424DNA = OriginalityKey(
        name: "NTAG 424 DNA",
        publicKey: [
            0x04, 0x8A, 0x9B, 0x38, 0x0A, 0xF2, 0xEE, 0x1B, 0x98, 0xDC, 0x41, 0x7F, 0xEC, 0xC2, 0x63, 0xF8, 0x44,
            0x9C, 0x76, 0x25, 0xCE, 0xCE, 0x82, 0xD9, 0xB9, 0x16, 0xC9, 0x92, 0xDA, 0x20, 0x9D, 0x68, 0x42, 0x2B,
            0x81, 0xEC, 0x20, 0xB6, 0x5A, 0x66, 0xB5, 0x10, 0x2A, 0x61, 0x59, 0x6A, 0xF3, 0x37, 0x92, 0x00, 0x59,
            0x93, 0x16, 0xA0, 0x0A, 0x14, 0x10,
        ])

    /// NXP's second secp224r1 key, listed by RfidResearchGroup/proxmark3
    /// `client/src/crypto/originality.c` for "NTAG424DNA, NTAG424DNATT, DESFire EV2, DESFire Light
    /// EV2"; `tools/recover_pk.py` recovers it from two MIFARE DESFire EV2 pairs, which the tests
    /// here verify. UNVERIFIED for NTAG 424 DNA: no NTAG 424 DNA (TagTamper) pair signed with it
    /// was found.
    public static let ntag424DNATagTamper = OriginalityKey(
        name: "NTAG 424 DNA TagTamper / DESFire EV2",
        publicKey: [
            0x04, 0xB3, 0x04, 0xDC, 0x4C, 0x61, 0x5F, 0x53, 0x26, 0xFE, 0x93, 0x83, 0xDD, 0xEC, 0x9A, 0xA8, 0x92,
            0xDF, 0x3A, 0x57, 0xFA, 0x7F, 0xFB, 0x32, 0x76, 0x19, 0x2B, 0xC0, 0xEA, 0xA2, 0x52, 0xED, 0x45, 0xA8,
            0x65, 0xE3, 0xB0, 0x93, 0xA3, 0xD0, 0xDC, 0xE5, 0xBE, 0x29, 0xE9, 0x2F, 0x13, 0x92, 0xCE, 0x7D, 0xE3,
            0x21, 0xE3, 0xE5, 0xC5, 0x2B, 0x3A,
        ])

    /// Every secp128r1 key TapCard tries for a Type 2 tag, most common first. The secp224r1 keys
    /// belong to ``OriginalityScheme/ntag424DNA`` instead.
    public static let all: [OriginalityKey] = [.ntag21x, .ultralightEV1]
}
