/// Air-interface timing of ISO/IEC 15693 (NFC Forum Type 5) exchanges, so the emulator's command
/// log and the workflows state the same *modeled* air time ("modeled", never "measured").
///
/// Model (ISO/IEC 15693-2 §7–8, fc = 13.56 MHz):
/// - Reader → tag, 1-out-of-4 pulse coding, 26.48 kbit/s: every byte is four 2-bit symbols of
///   1024/fc ≈ 75.52 µs (302.06 µs per byte); SOF 4 × 18.88 µs = 75.52 µs, EOF 2 × 18.88 µs =
///   37.76 µs.
/// - Tag → reader, high data rate, one subcarrier (fc/32), 26.69 kbit/s: one bit = 512/fc ≈
///   37.76 µs; SOF and EOF 151.04 µs each (56.64 µs unmodulated, 24 subcarrier pulses of 56.64 µs,
///   and a logic 1 or 0 of 37.76 µs).
/// - Every frame carries a 2-byte CRC (ISO/IEC 13239); a request's bytes are flags, command, the
///   IC manufacturer code of a custom command, the 8-byte UID when addressed, and the parameters.
/// - The tag answers t1 after the request's EOF: t1 = 4352/fc ≈ 320.9 µs (ISO/IEC 15693-3 §9.1,
///   t1 max; nominal 4320/fc ≈ 318.6 µs). A write answers after its EEPROM programming time too
///   (``Type5Facts/blockProgrammingMicroseconds`` per block programmed).
/// - A request the tag does not answer costs the request and ``silenceMicroseconds``: the reader's
///   wait, an assumption (20 ms, ISO/IEC 15693-3's bound for a write's answer; a reader's real
///   time-out varies) — UNVERIFIED as any given reader's figure.
public enum Type5Timing {
    /// The carrier frequency fc, in hertz.
    public static let carrierHertz: Double = 13_560_000
    /// One 1-out-of-4 symbol (two bits) from the reader: 1024/fc ≈ 75.52 µs.
    public static let readerSymbolMicroseconds: Double = 1024 / carrierHertz * 1_000_000
    /// The reader's SOF (75.52 µs) and EOF (37.76 µs).
    public static let readerSOFMicroseconds: Double = readerSymbolMicroseconds
    public static let readerEOFMicroseconds: Double = readerSymbolMicroseconds / 2
    /// One bit from the tag at high data rate, one subcarrier: 512/fc ≈ 37.76 µs.
    public static let tagBitMicroseconds: Double = 512 / carrierHertz * 1_000_000
    /// The tag's SOF and EOF at high data rate: 151.04 µs each (4 bit periods).
    public static let tagSOFMicroseconds: Double = 4 * tagBitMicroseconds
    public static let tagEOFMicroseconds: Double = 4 * tagBitMicroseconds
    /// t1, from the reader's EOF to the tag's answer: 4352/fc ≈ 320.9 µs.
    public static let responseDelayMicroseconds: Double = 4352 / carrierHertz * 1_000_000
    /// The reader's wait for an answer that never comes (UNVERIFIED assumption, 20 ms).
    public static let silenceMicroseconds: Double = 20_000
    /// Bytes of CRC on every frame.
    public static let crcBytes = 2

    /// A request frame of `bytes` bytes before its CRC (flags, command, [mfg], [UID], parameters).
    public static func requestMicroseconds(bytes: Int) -> Double {
        readerSOFMicroseconds + Double(4 * (max(0, bytes) + crcBytes)) * readerSymbolMicroseconds
            + readerEOFMicroseconds
    }

    /// A response frame of `bytes` bytes before its CRC (flags and payload).
    public static func responseMicroseconds(bytes: Int) -> Double {
        tagSOFMicroseconds + Double(8 * (max(0, bytes) + crcBytes)) * tagBitMicroseconds + tagEOFMicroseconds
    }

    /// The modeled time of an answered exchange: request, t1, programming, response.
    /// READ SINGLE BLOCK addressed (`22 20` UID blk: 11 bytes) answered with 5 bytes:
    /// 4.04 ms + 0.32 ms + 2.42 ms ≈ 6.78 ms.
    public static func exchangeMicroseconds(
        requestBytes: Int, responseBytes: Int, blocksProgrammed: Int, facts: Type5Facts
    ) -> Double {
        requestMicroseconds(bytes: requestBytes) + responseDelayMicroseconds
            + programmingMicroseconds(blocks: blocksProgrammed, facts: facts)
            + responseMicroseconds(bytes: responseBytes)
    }

    /// A request that got no answer: the request, any programming it caused, and the reader's wait.
    public static func unansweredMicroseconds(requestBytes: Int, blocksProgrammed: Int, facts: Type5Facts)
        -> Double
    {
        requestMicroseconds(bytes: requestBytes) + programmingMicroseconds(blocks: blocksProgrammed, facts: facts)
            + silenceMicroseconds
    }

    /// EEPROM programming of `blocks` blocks.
    public static func programmingMicroseconds(blocks: Int, facts: Type5Facts) -> Double {
        Double(max(0, blocks)) * facts.blockProgrammingMicroseconds
    }
}
