/// A modeled (not measured) air time for Type 2 commands at 106 kbit/s.
///
/// ISO/IEC 14443-2/-3: a bit lasts 128/fc = 9.44 µs and a byte is sent with a parity bit
/// (9 bits ≈ 85 µs); every frame carries a 2-byte CRC and one start-of-frame bit; the tag
/// answers after the frame delay time (n = 9: ≈ 87 µs, NTAG213F datasheet). A WRITE adds the
/// EEPROM programming time, ≈ 4.1 ms (NTAG203 datasheet WRITE figure; NTAG21x specify only the
/// 10 ms maximum). Reader and phone latencies are not modeled.
public enum AirTimeModel {
    static let byteMicros = 9 * 128.0 / 13.56
    static let frameDelayMicros = 87.0
    /// Modeled EEPROM programming time of one page write.
    public static let pageProgrammingMicros = 4_100.0

    /// Modeled microseconds for `command` answered with `responseBytes` bytes.
    public static func micros(command: [UInt8], responseBytes: Int) -> Double {
        let request = Double(command.count + 2) * byteMicros + 9.44
        let isAckOnly = responseBytes <= 1
        let response = isAckOnly ? 4 * 9.44 : Double(responseBytes + 2) * byteMicros + 9.44
        let programming = command.first == 0xA2 ? pageProgrammingMicros : 0
        return request + frameDelayMicros + programming + response
    }
}
