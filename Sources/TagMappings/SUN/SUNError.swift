import TapCardSupport

/// Why a SUN URL does not verify. `malformedURL`, `keyLength` and `keyNotHex` are the caller's
/// input (exit 65); the others refuse a message that reached the verifier (exit 1), each with the figures a
/// backend needs and ``reason`` as one stable word. No case holds the right MAC or a key: an
/// oracle that names the MAC would let anyone forge a message.
public enum SUNError: TapCardError, Equatable {
    /// The URL lacks the fields of any SUN style, or a field is not hex of the right length.
    case malformedURL(reason: String)
    /// The PICCData field (`e`, `picc_data` or `p`) is not one AES block in hex.
    case malformedPICCData(field: String, hexDigits: Int, isHex: Bool)
    /// PICCData decrypted with the meta key does not start with a PICCDataTag that mirrors the UID
    /// and the counter with a UID length of 7: the meta key is wrong, or the data is not PICCData.
    case wrongKey(tag: UInt8)
    /// The MAC in the URL is not the one the file key gives for this UID, counter and input.
    case macMismatch(received: String)
    /// The message verified, but its counter is not above the last one accepted for this UID.
    case counterNotIncreasing(uid: [UInt8], counter: Int, lastAccepted: Int)
    /// The keys given are not 16 bytes.
    case keyLength(name: String, bytes: Int)
    /// A key given as text is not hex (reason `key-length`: it is not 16 bytes of hex).
    case keyNotHex(name: String)
    /// The master key's derivation was set up with values no tag can hold (a key number outside
    /// 0–4, an AN10922 input longer than 31 bytes; reason `key-length`).
    case derivation(reason: String)
    /// The message verified, but the counter could not be recorded: `detail` is the store's own
    /// sentence (the database, its message, its code).
    case counterStoreFailed(uid: [UInt8], counter: Int, detail: String)

    public var origin: ErrorOrigin {
        switch self {
        case .malformedURL, .keyLength, .keyNotHex, .derivation: .input
        case .malformedPICCData, .wrongKey, .macMismatch, .counterNotIncreasing: .refusal
        case .counterStoreFailed: .platform
        }
    }

    /// The stable word for this case (`mac-mismatch`, `wrong-key`, …).
    public var reason: SUNReason {
        switch self {
        case .malformedURL: .malformedURL
        case .malformedPICCData: .malformedPICCData
        case .wrongKey: .wrongKey
        case .macMismatch: .macMismatch
        case .counterNotIncreasing: .counterNotIncreasing
        case .keyLength, .keyNotHex, .derivation: .keyLength
        case .counterStoreFailed: .counterStoreFailed
        }
    }

    public var sentence: String {
        switch self {
        case .malformedURL(let reason):
            return "The URL is not a SUN message: \(reason)."
        case .malformedPICCData(let field, let digits, let isHex):
            let what = isHex ? "\(digits) hex digits" : "not hex (\(digits) characters)"
            return
                "The PICCData (\(field)=) is \(what); AES-mode PICCData is 32 hex digits, one AES block; LRP mode's is 48 (PICCRand and one block)."
        case .wrongKey(let tag):
            let hex = String(tag, radix: 16, uppercase: true)
            return
                "The PICCData decrypts to PICCDataTag 0x\(hex.count == 1 ? "0" + hex : hex), not 0xC7 (UID and counter mirrored, UID length 7): the meta key is wrong, or the data is not PICCData."
        case .macMismatch(let received):
            return
                "The MAC \(received) does not verify for this UID, counter and input: the file key is wrong, or the URL was altered."
        case .counterNotIncreasing(let uid, let counter, let last):
            return
                "The MAC verifies, but read counter \(counter) of UID \(Hex.encode(uid, uppercase: true, separator: ":")) is not above the last one accepted for it, \(last): a replayed or copied URL."
        case .keyLength(let name, let bytes):
            return "The \(name) is \(bytes) bytes; an AES-128 key is 16."
        case .keyNotHex(let name):
            return "The \(name) is not hex; an AES-128 key is 32 hex digits."
        case .derivation(let reason):
            return "The keys cannot be derived from the master key: \(reason)."
        case .counterStoreFailed(let uid, let counter, let detail):
            return
                "The MAC verifies, but read counter \(counter) of UID \(Hex.encode(uid, uppercase: true, separator: ":")) could not be recorded, so the tap is not accepted: \(detail)"
        }
    }
}
