/// Air-interface timing of NFC Forum Type 2 commands at 106 kbit/s, from the datasheets. Pure
/// arithmetic, so the emulator's command log, the workflows and any transport that cannot measure
/// can all state the same *modeled* air time ("modeled", never "measured").
///
/// Sources: NTAG213F/216F datasheet Rev. 3.1 §9.2 "Timings" (frame composition, FDT n = 9, the
/// figure times READ 368 µs → 1548 µs, GET_VERSION 283 µs → 868 µs, READ_CNT → 444 µs, NAK 57 µs,
/// TTimeOut 5 ms / 10 ms for writes); NTAG203 datasheet WRITE figure (≈ 4.1 ms EEPROM programming
/// between the WRITE frame and its ACK). ISO/IEC 14443-3 fixes fc = 13.56 MHz and one bit = 128/fc.
public enum Type2Timing {
    /// The carrier frequency fc, in hertz.
    public static let carrierHertz: Double = 13_560_000
    /// One bit at 106 kbit/s: 128/fc ≈ 9.44 µs.
    public static let bitMicroseconds: Double = 128 / carrierHertz * 1_000_000

    /// A reader (NFC device) frame of `bytes` bytes including the 2 CRC bytes: a start bit, 9 bits
    /// per byte (8 data + parity), and an end of communication of two bit periods (a logic 0 and
    /// one bit of unmodulated carrier). READ `30 xx` + CRC = 4 bytes → 368 µs, as in the datasheet.
    public static func readerFrameMicroseconds(bytesWithCRC bytes: Int) -> Double {
        Double(1 + 9 * max(0, bytes) + 2) * bitMicroseconds
    }

    /// A tag frame of `bytes` bytes including CRC: a start bit, 9 bits per byte and one bit of
    /// no subcarrier. 16 data bytes + CRC = 18 bytes → 1548 µs; 8 + 2 → 868 µs; 32 + 2 → 2907 µs.
    public static func tagFrameMicroseconds(bytesWithCRC bytes: Int) -> Double {
        Double(9 * max(0, bytes) + 2) * bitMicroseconds
    }

    /// A 4-bit ACK or NAK: start bit, 4 bits, end bit → 57 µs.
    public static let ackFrameMicroseconds: Double = 6 * bitMicroseconds

    /// The frame delay time from the reader's last bit to the tag's answer, n = 9:
    /// (9·128 + 20)/fc ≈ 86 µs ("approximately 87 µs"; 91 µs when the last bit is a logic 1).
    public static let frameDelayMicroseconds: Double = (9 * 128 + 20) / carrierHertz * 1_000_000

    /// EEPROM programming of one page between a WRITE (or COMP_WRITE data) frame and its ACK,
    /// as the NTAG203 datasheet WRITE figure shows it (4110 µs). NTAG21x only specify the 10 ms
    /// maximum, so this is a typical figure, not a guaranteed one.
    public static let pageProgrammingMicroseconds: Double = 4_110

    /// TTimeOut for commands that do not program EEPROM (READ, FAST_READ, READ_CNT, READ_SIG…).
    public static let readTimeoutMicroseconds: Double = 5_000
    /// TTimeOut for WRITE and the second part of COMP_WRITE.
    public static let writeTimeoutMicroseconds: Double = 10_000

    /// The modeled time of one exchange: the reader's frame, the tag's delay (frame delay, or page
    /// programming for a write), and the tag's answer (a data frame, or a 4-bit ACK/NAK when
    /// `responseBytes` is `nil`). `commandBytes` and `responseBytes` exclude the CRC.
    public static func exchangeMicroseconds(commandBytes: Int, responseBytes: Int?, programsPage: Bool) -> Double {
        let delay = programsPage ? pageProgrammingMicroseconds : frameDelayMicroseconds
        let answer =
            responseBytes.map { tagFrameMicroseconds(bytesWithCRC: $0 + 2) } ?? ackFrameMicroseconds
        return readerFrameMicroseconds(bytesWithCRC: commandBytes + 2) + delay + answer
    }

    /// A command that got no answer: the reader's frame, then the time it waits before giving up.
    public static func unansweredMicroseconds(commandBytes: Int, programsPage: Bool) -> Double {
        readerFrameMicroseconds(bytesWithCRC: commandBytes + 2)
            + (programsPage ? writeTimeoutMicroseconds : readTimeoutMicroseconds)
    }
}
