import TagCatalog
import TagFrames

/// The ISO/IEC 7816-4 commands of the NFC Forum Type 4 Tag mapping (T4T v2.0 §5.4), as APDUs.
public enum Type4Command {
    /// SELECT the NDEF Tag Application by DF name (`00 A4 04 00 07 D2 76 00 00 85 01 01 00`), with
    /// Le = 00 as nfcpy, Android and iOS send it.
    public static func selectNDEFApplication(version1: Bool = false) -> CommandAPDU {
        CommandAPDU(
            cla: 0x00, ins: 0xA4, p1: 0x04, p2: 0x00,
            data: version1 ? Type4Facts.ndefApplicationV1 : Type4Facts.ndefApplication, le: 256)
    }

    /// SELECT an elementary file by its identifier, without FCI (`00 A4 00 0C 02 <FID>`).
    public static func selectFile(_ identifier: UInt16) -> CommandAPDU {
        CommandAPDU(
            cla: 0x00, ins: 0xA4, p1: 0x00, p2: 0x0C, data: [UInt8(identifier >> 8), UInt8(identifier & 0xFF)])
    }

    /// READ BINARY of `length` bytes (1…256) from `offset` (0…0x7FFF) of the selected file.
    public static func readBinary(offset: Int, length: Int) -> CommandAPDU {
        CommandAPDU(cla: 0x00, ins: 0xB0, p1: UInt8(offset >> 8 & 0x7F), p2: UInt8(offset & 0xFF), le: length)
    }

    /// UPDATE BINARY of `data` (1…255 bytes) at `offset` (0…0x7FFF) of the selected file.
    public static func updateBinary(offset: Int, data: [UInt8]) -> CommandAPDU {
        CommandAPDU(cla: 0x00, ins: 0xD6, p1: UInt8(offset >> 8 & 0x7F), p2: UInt8(offset & 0xFF), data: data)
    }
}
