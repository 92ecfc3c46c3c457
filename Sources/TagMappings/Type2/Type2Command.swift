/// Command frames of the NFC Forum Type 2 mapping (raw NFC-A frames without CRC).
public enum Type2Command {
    /// READ (0x30): 16 bytes from `page` (4 pages, rolling over at the end of memory).
    public static func read(page: Int) -> [UInt8] { [0x30, UInt8(truncatingIfNeeded: page)] }

    /// WRITE (0xA2): one 4-byte page; the tag answers a 4-bit ACK.
    public static func write(page: Int, bytes: [UInt8]) -> [UInt8] {
        [0xA2, UInt8(truncatingIfNeeded: page)] + bytes.prefix(4)
    }

    /// The highest page a one-byte address reaches. Pages beyond (NTAG I2C 2k's second sector)
    /// need SECTOR_SELECT first, which TapCard does not send; callers check before building a
    /// frame, so an address is never silently wrapped.
    public static let maxAddressablePage = 255

    public static let readCode: UInt8 = 0x30
    public static let writeCode: UInt8 = 0xA2
    /// The 4-bit ACK, as transports return it.
    public static let ack: [UInt8] = [0x0A]
}
