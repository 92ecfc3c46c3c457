import TapCardSupport

/// Why some bytes are not a well-formed frame of the technology they were read as.
public enum FrameError: TapCardError, Equatable {
    /// Fewer bytes than the smallest frame.
    case tooShort(bytes: Int, minimum: Int)
    /// A length field that disagrees with the bytes that follow it.
    case lengthMismatch(declared: Int, available: Int)
    /// The frame's last two bytes (`received`, as on air: low byte first) are not the CRC of the
    /// bytes before them (`computed`): the frame was damaged on the way (ISO/IEC 15693-3 CRC).
    case crcMismatch(received: [UInt8], computed: [UInt8])
    /// A UID that is not 8 bytes (ISO/IEC 15693 UIDs are 64 bits).
    case uidLength(bytes: Int)

    public var origin: ErrorOrigin { .tag }

    public var sentence: String {
        switch self {
        case .tooShort(let bytes, let minimum):
            "The frame has \(bytes) bytes; the shortest valid frame has \(minimum)."
        case .lengthMismatch(let declared, let available):
            "The frame's length field says \(declared) bytes but \(available) follow it."
        case .crcMismatch(let received, let computed):
            "The frame ends with CRC \(Hex.encode(received, uppercase: true, separator: " ")), but its bytes give \(Hex.encode(computed, uppercase: true, separator: " ")): it was damaged on the way."
        case .uidLength(let bytes):
            "The UID has \(bytes) bytes; an ISO/IEC 15693 UID has 8."
        }
    }
}
