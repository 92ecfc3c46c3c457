import TapCardSupport

/// What can go wrong reading or writing NDEF on a Type 4 tag.
public enum Type4Error: TapCardError, Equatable {
    /// The tag answered `step` with an error status word (`6A 82`: no NDEF application or file).
    case statusWord(sw1: UInt8, sw2: UInt8, step: String)
    /// The CC file is too short or lacks the NDEF File Control TLV.
    case malformedCapabilityContainer([UInt8])
    case malformedResponse(step: String, received: Int)
    /// NLEN claims more bytes than the NDEF file holds.
    case lengthBeyondFile(nlen: Int, capacity: Int)
    case readProtected(access: UInt8)
    case readOnly(access: UInt8)
    case tooBig(needed: Int, capacity: Int)
    case reader(PCSCError)

    public var origin: ErrorOrigin {
        switch self {
        case .statusWord, .malformedCapabilityContainer, .malformedResponse, .lengthBeyondFile: .tag
        case .readProtected, .readOnly, .tooBig: .refusal
        case .reader(let error): error.origin
        }
    }

    public var sentence: String {
        switch self {
        case .statusWord(let sw1, let sw2, let step):
            let hint = sw1 == 0x6A && sw2 == 0x82 ? " (not found: this is not an NFC Forum Type 4 tag)" : ""
            return
                "The tag refused to \(step) with status word \(Hex.encode([sw1, sw2], uppercase: true, separator: " "))\(hint)."
        case .malformedCapabilityContainer(let bytes):
            return
                "The tag's capability container (\(bytes.count) bytes: \(Hex.encode(bytes, uppercase: true, separator: " "))) has no NDEF file control TLV."
        case .malformedResponse(let step, let received):
            return "The tag answered the request to \(step) with \(received) bytes, which do not fit."
        case .lengthBeyondFile(let nlen, let capacity):
            return
                "The tag says its NDEF message is \(nlen) bytes, but its NDEF file holds only \(capacity) (tag-reported)."
        case .readProtected(let access):
            return "The tag's NDEF file is read-protected (access byte 0x\(Hex.encode([access], uppercase: true)))."
        case .readOnly(let access):
            return
                "The tag's NDEF file is read-only (write access byte 0x\(Hex.encode([access], uppercase: true))); nothing was written."
        case .tooBig(let needed, let capacity):
            return
                "The message needs \(needed) bytes but the tag's NDEF file holds \(capacity) (tag-reported); nothing was written."
        case .reader(let error):
            return error.sentence
        }
    }
}
