import TapCardSupport

/// How many bytes a MIFARE Classic dump's UID has, and what said so.
///
/// Block 0 is what the card answers with, so it decides where it can. The manufacturer block has
/// one of two layouts (MF1S50yyX §8.6.1; the layout NXP cards show in Flipper Zero and Proxmark3
/// dumps): a 4-byte UID, its BCC (the XOR of the four: ISO/IEC 14443-3 §6.5.4), SAK, ATQA; or a
/// 7-byte UID, SAK, ATQA. ATQA is stored as sent, least significant byte first, and bits 8-7 of
/// that byte give the UID size (ISO/IEC 14443-3 §6.5.2.1: 00 single, 01 double). A layout fits
/// when its SAK says the UID is complete (bit 3 clear) and names a MIFARE Classic (bit 4 set), its
/// ATQA names its size, and for 4 bytes the BCC holds. When exactly one layout fits, block 0
/// decides; a BCC that happens to match a 7-byte UID's fifth byte decides nothing.
///
/// When both fit or neither does, the header's UID (Flipper `UID:`, Proxmark3 `Card.UID`) or
/// its ATQA decides; a file with no header gets an assumed length, and ``assumed`` says so.
public struct ClassicUIDLength: Sendable, Equatable {
    /// 4 or 7.
    public var bytes: Int
    /// What decided it, as a phrase ("block 0: …", "the header's UID (block 0 fits both layouts)").
    public var reason: String
    /// True when nothing in the file settled it and ``bytes`` is a guess ``reason`` explains.
    public var assumed: Bool
    /// The SAK and ATQA (most significant byte first) block 0 holds in the layout that decided,
    /// when block 0 decided: manufacturer data, which need not be what the card answers with.
    public var block0SAK: UInt8? = nil
    public var block0ATQA: [UInt8]? = nil

    /// The length of the UID in a dump with `block0` and, where the tool wrote one, a header UID
    /// and ATQA (most significant byte first).
    public static func decide(block0: [UInt8?], headerUID: [UInt8]?, headerATQA: [UInt8]?) -> ClassicUIDLength {
        let known = block0.prefix(10).compactMap { $0 }
        let bytes = block0.prefix(10).count == known.count ? known : []
        let four = fitsFourBytes(bytes)
        let seven = fitsSevenBytes(bytes)
        if four, !seven {
            return ClassicUIDLength(
                bytes: 4,
                reason:
                    "block 0: byte 4 (\(hex(bytes[4]))) is the BCC of bytes 0–3, then SAK \(hex(bytes[5])) and ATQA \(hex(bytes[7])) \(hex(bytes[6])) (single size)",
                assumed: false, block0SAK: bytes[5], block0ATQA: [bytes[7], bytes[6]])
        }
        if seven, !four {
            return ClassicUIDLength(
                bytes: 7,
                reason:
                    "block 0: SAK \(hex(bytes[7])) and ATQA \(hex(bytes[9])) \(hex(bytes[8])) (double size) follow 7 bytes",
                assumed: false, block0SAK: bytes[7], block0ATQA: [bytes[9], bytes[8]])
        }
        let layouts =
            four
            ? "block 0 fits both a 4-byte UID (its BCC holds) and a 7-byte one"
            : "block 0 fits neither the 4-byte nor the 7-byte layout (UID, BCC, SAK, ATQA)"
        if let headerUID, headerUID.count == 4 || headerUID.count == 7 {
            return ClassicUIDLength(bytes: headerUID.count, reason: "the header's UID (\(layouts))", assumed: false)
        }
        if let headerATQA, headerATQA.count == 2, [0x00, 0x40].contains(headerATQA[1] & 0xC0) {
            return ClassicUIDLength(
                bytes: headerATQA[1] & 0xC0 == 0x40 ? 7 : 4, reason: "the header's ATQA (\(layouts))", assumed: false)
        }
        let head = block0.prefix(5).compactMap { $0 }
        let bcc = head.count == 5 && head[0] ^ head[1] ^ head[2] ^ head[3] == head[4]
        if head.first == 0x04, !(bcc && !four && !seven) {
            return ClassicUIDLength(
                bytes: 7, reason: "\(layouts); 7 bytes assumed, as its first byte is NXP's manufacturer code 04",
                assumed: true)
        }
        return ClassicUIDLength(
            bytes: 4,
            reason: bcc
                ? "\(layouts); 4 bytes assumed, as byte 4 is the BCC of bytes 0–3"
                : "\(layouts); 4 bytes assumed",
            assumed: true)
    }

    /// Bytes 0-7 as UID, BCC, SAK, ATQA (LSB first) with a single-size ATQA.
    private static func fitsFourBytes(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 8 else { return false }
        return bytes[0] ^ bytes[1] ^ bytes[2] ^ bytes[3] == bytes[4] && isClassicSAK(bytes[5])
            && bytes[6] & 0xC0 == 0x00 && bytes[0] != 0x88
    }

    /// Bytes 0-9 as UID, SAK, ATQA (LSB first) with a double-size ATQA.
    private static func fitsSevenBytes(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 10 else { return false }
        return isClassicSAK(bytes[7]) && bytes[8] & 0xC0 == 0x40 && bytes[0] != 0x88
    }

    /// UID complete (bit 3, 0x04, clear) and MIFARE Classic (bit 4, 0x08, set): 08, 18, 88, 98, ….
    private static func isClassicSAK(_ sak: UInt8) -> Bool { sak & 0x04 == 0 && sak & 0x08 != 0 }

    private static func hex(_ byte: UInt8) -> String { Hex.encode([byte], uppercase: true) }
}
