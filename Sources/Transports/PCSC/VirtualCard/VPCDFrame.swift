/// One frame of the vpcd ⇄ virtual card protocol (vsmartcard): a 2-byte big-endian length, then
/// that many bytes. A 1-byte frame from vpcd is a control code; longer frames are command APDUs.
public enum VPCDFrame: Sendable, Equatable {
    case powerOff
    case powerOn
    case reset
    /// "Send your ATR": the only control code that is answered (with one frame holding the ATR).
    case atrRequest
    /// An unknown 1-byte control code.
    case control(UInt8)
    case apdu([UInt8])

    public init(payload: [UInt8]) {
        if payload.count == 1 {
            switch payload[0] {
            case 0x00: self = .powerOff
            case 0x01: self = .powerOn
            case 0x02: self = .reset
            case 0x04: self = .atrRequest
            default: self = .control(payload[0])
            }
        } else {
            self = .apdu(payload)
        }
    }

    /// `payload` with its length prefix, ready to send as one write (never two: see the reference
    /// on delayed ACKs). `nil` when the payload does not fit a 2-byte length.
    public static func encode(_ payload: [UInt8]) -> [UInt8]? {
        guard payload.count <= 0xFFFF else { return nil }
        return [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
    }
}
