import TagFrames

/// NTAG 424 DNA native commands, ISO/IEC 7816-4 wrapped: `90 <INS> 00 00 [<Lc> <data>] 00`
/// (NT4H2421Gx datasheet §10; reference §2.3). The answer ends in `91 00`, or `91 AF` when more
/// frames follow. These are the plain (CommMode.Plain) forms; MAC and FULL need the EV2 session.
public enum NTAG424Command {
    /// The most data one plain WriteData carries in a short APDU: 255 − FileNo(1) − Offset(3) −
    /// Length(3) = 248.
    public static let maximumWriteDataBytes = 248

    /// GetVersion (`90 60 00 00 00`): part 1 of 3, answered with `91 AF`.
    public static var getVersion: CommandAPDU { native(0x60) }

    /// Additional frame (`90 AF 00 00 00`): the next part of a multi-frame answer.
    public static var additionalFrame: CommandAPDU { native(0xAF) }

    /// GetFileSettings of file number `file` (`90 F5 00 00 01 <file> 00`).
    public static func getFileSettings(_ file: UInt8) -> CommandAPDU { native(0xF5, [file]) }

    /// Read_Sig (`90 3C 00 00 01 00 00`): the 56-byte originality signature, address 00.
    public static var readSignature: CommandAPDU { native(0x3C, [0x00]) }

    /// ReadData in plain mode: `90 AD 00 00 07 <file> <offset 3, LSB first> <length 3, LSB first> 00`;
    /// length 0 reads to the end of the file.
    public static func readData(file: UInt8, offset: Int, length: Int) -> CommandAPDU {
        native(0xAD, [file] + littleEndian3(offset) + littleEndian3(length))
    }

    /// WriteData in plain mode: `90 8D 00 00 <Lc> <file> <offset 3> <length 3> <data> 00`; keep
    /// `data` ≤ ``maximumWriteDataBytes`` for a short APDU.
    public static func writeData(file: UInt8, offset: Int, data: [UInt8]) -> CommandAPDU {
        native(0x8D, [file] + littleEndian3(offset) + littleEndian3(data.count) + data)
    }

    /// A native command with Le = 00 (any length), as NXP's examples send it.
    static func native(_ ins: UInt8, _ data: [UInt8] = []) -> CommandAPDU {
        CommandAPDU(cla: 0x90, ins: ins, p1: 0x00, p2: 0x00, data: data, le: 256)
    }

    /// The low three bytes of `value`, least significant first (offsets, lengths, file sizes).
    public static func littleEndian3(_ value: Int) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value >> 16),
        ]
    }
}
