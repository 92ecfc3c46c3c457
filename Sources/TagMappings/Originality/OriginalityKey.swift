/// A public key NXP signs originality signatures with, by the chip family that uses it.
public struct OriginalityKey: Sendable, Equatable {
    /// The chip family, as a person would name it ("NTAG21x").
    public var name: String
    /// Uncompressed secp128r1 point `04 ‖ x ‖ y` (33 bytes).
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

    /// Every key TapCard tries, most common first.
    public static let all: [OriginalityKey] = [.ntag21x, .ultralightEV1]
}
