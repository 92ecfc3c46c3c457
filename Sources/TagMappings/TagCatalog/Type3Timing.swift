/// Air-interface timing of FeliCa (JIS X 6319-4, NFC-F) exchanges at 212 kbit/s, so the
/// emulator's command log and the workflows' statistics state the same *modeled* figures.
///
/// Frame (JIS X 6319-4 as nfcpy's `nfc/clf` drivers send it): a preamble of 48 bits (six 00
/// bytes), the 2-byte sync code B2 4D, LEN, the packet (command code, IDm, parameters) and a
/// 2-byte CRC. At 212 kbit/s one bit lasts 64/fc ≈ 4.72 µs (Manchester coding carries one bit per
/// 64 carrier periods).
///
/// The card's answer time is taken from the PMm's maximum response time parameters, as nfcpy
/// `tt3.py` decodes them: for a PMm byte with bits `e e b b b a a a`, a command with `n` blocks
/// (or services) may take up to T × ((b + 1) × n + a + 1) × 4^e, T = 256 × 16 / fc ≈ 302.1 µs;
/// byte 2 is Request Service, 3 Request Response (and other fixed-time commands), 5 Check,
/// 6 Update. The model uses that maximum as the answer time: an upper bound, real cards answer
/// sooner (UNVERIFIED how much). Polling is answered in time slot 0, 512 × 64 / fc ≈ 2.417 ms
/// after the command; a slot lasts 256 × 64 / fc ≈ 1.208 ms (nfcpy's polling timeout 3.625 ms +
/// 1.208 ms per extra slot is the sum of the two).
public enum Type3Timing {
    public static let carrierHertz: Double = 13_560_000
    /// One bit at 212 kbit/s: 64/fc.
    public static let bitMicroseconds: Double = 64 / carrierHertz * 1_000_000
    /// Preamble (6 bytes), sync (2), LEN (1) and CRC (2) around a packet.
    public static let frameOverheadBytes = 11
    /// T = 256 × 16 / fc, the unit of the PMm response time parameters.
    public static let responseTimeUnitMicroseconds: Double = 256 * 16 / carrierHertz * 1_000_000
    /// The start of time slot 0 after a Polling command.
    public static let pollingResponseMicroseconds: Double = 512 * 64 / carrierHertz * 1_000_000
    /// The width of one polling time slot.
    public static let pollingSlotMicroseconds: Double = 256 * 64 / carrierHertz * 1_000_000

    /// The PMm byte that holds the maximum response time of command `code`, or `nil` when the PMm
    /// has none for it (Polling).
    public static func pmmIndex(forCommand code: UInt8) -> Int? {
        switch code {
        case 0x02: 2
        case 0x06: 5
        case 0x08: 6
        case 0x00: nil
        default: 3
        }
    }

    /// The time one frame carrying a `packetBytes`-byte packet (code + IDm + parameters) takes.
    public static func frameMicroseconds(packetBytes: Int) -> Double {
        Double(8 * (max(0, packetBytes) + frameOverheadBytes)) * bitMicroseconds
    }

    /// T × ((b + 1) × n + a + 1) × 4^e for the PMm byte `parameter` and `count` blocks/services.
    public static func maximumResponseMicroseconds(parameter: UInt8, count: Int) -> Double {
        let a = Double(parameter & 0x07)
        let b = Double((parameter >> 3) & 0x07)
        let e = Int(parameter >> 6)
        return responseTimeUnitMicroseconds * ((b + 1) * Double(max(0, count)) + a + 1) * Double(1 << (2 * e))
    }

    /// The modeled answer time of command `code` with `count` blocks to a card with `pmm`.
    public static func responseMicroseconds(command code: UInt8, count: Int, pmm: [UInt8]) -> Double {
        guard let index = pmmIndex(forCommand: code) else { return pollingResponseMicroseconds }
        guard index < pmm.count else { return responseTimeUnitMicroseconds }
        return maximumResponseMicroseconds(parameter: pmm[index], count: count)
    }

    /// One exchange: the command frame, the answer time, the response frame (`nil`: no answer,
    /// the reader waits the answer time and gives up).
    public static func exchangeMicroseconds(
        commandPacketBytes: Int, responsePacketBytes: Int?, command code: UInt8, count: Int, pmm: [UInt8]
    ) -> Double {
        frameMicroseconds(packetBytes: commandPacketBytes)
            + responseMicroseconds(command: code, count: count, pmm: pmm)
            + (responsePacketBytes.map { frameMicroseconds(packetBytes: $0) } ?? 0)
    }
}
