/// A DESFire application identifier (AID): 24 bits, sent least significant byte first.
///
/// AN11004's NDEF application `000001` goes on the wire as `01 00 00`; the PICC level is `000000`.
/// (The DESFire AID is not the ISO DF name: the NDEF application has both, see
/// ``DESFireNDEFApplication``.)
public struct DESFireApplicationID: Sendable, Hashable, CustomStringConvertible {
    /// The 24-bit value as written in documents (`0x000001`), always ≤ `0xFFFFFF`.
    public let value: UInt32

    /// `nil` when `value` does not fit 24 bits.
    public init?(_ value: UInt32) {
        guard value <= 0xFF_FFFF else { return nil }
        self.value = value
    }

    /// From the three wire bytes, least significant first.
    public init(wire b0: UInt8, _ b1: UInt8, _ b2: UInt8) {
        value = UInt32(b2) << 16 | UInt32(b1) << 8 | UInt32(b0)
    }

    /// The PICC level (`000000`): what SelectApplication selects before CreateApplication.
    public static let picc = DESFireApplicationID(wire: 0, 0, 0)

    /// The three wire bytes, least significant first.
    public var wire: [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF)] }

    /// Six upper-case hex digits, most significant first: "000001", "EEEE10".
    public var description: String {
        let hex = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 6 - hex.count)) + hex
    }
}
