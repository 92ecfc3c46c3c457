import Ciphers
import TagFrames
import TapCardSupport

/// Why an NTAG 424 DNA authentication or secure-messaging step failed, with the figures.
public enum NTAG424SecureError: TapCardError, Equatable {
    /// A key (or RndA, a transaction identifier) of the wrong length was given.
    case wrongLength(what: String, bytes: Int, expected: Int)
    /// NTAG 424 DNA has application keys 0 to 4 only.
    case noSuchKey(UInt8)
    /// ChangeKey of a key other than the authenticated one needs its current value.
    case oldKeyRequired(keyNumber: UInt8)
    /// A field of a command does not fit its bytes (offsets and lengths are 3 bytes, up to FFFFFF).
    case outOfRange(field: String, value: Int, maximum: Int)
    /// The tag answered with a status word other than the one the step needs.
    case refused(ins: UInt8, status: StatusWord)
    /// The tag's response has a length the step cannot use.
    case unexpectedResponse(ins: UInt8, bytes: Int, expected: String)
    /// Authentication step 3: the tag's rotl(RndA) is not ours, so it does not hold the key.
    case keyNotProven(keyNumber: UInt8)
    /// The response MAC does not match the one computed under the session MAC key.
    case responseMACMismatch(ins: UInt8)
    /// The deciphered response data does not end in ISO/IEC 9797-1 method 2 padding.
    case badPadding(ins: UInt8)
    /// The 16-bit command counter is at FFFF: the session must be renewed by authenticating again.
    case counterExhausted
    /// A command was wrapped and its response not unwrapped, so the tag's counter may have moved.
    case exchangeInProgress(ins: UInt8)
    /// `unwrap` was called with no wrapped command outstanding.
    case noExchangeInProgress
    /// A cipher refused its input (a length this module should have checked first).
    case cipher(CipherError)

    public var origin: ErrorOrigin {
        switch self {
        case .wrongLength, .noSuchKey, .oldKeyRequired, .outOfRange, .cipher: .input
        case .refused, .unexpectedResponse, .keyNotProven, .responseMACMismatch, .badPadding: .tag
        case .counterExhausted, .exchangeInProgress, .noExchangeInProgress: .refusal
        }
    }

    public var sentence: String {
        switch self {
        case .wrongLength(let what, let bytes, let expected):
            return "The \(what) must be \(expected) bytes; it has \(bytes)."
        case .noSuchKey(let number):
            return "NTAG 424 DNA has application keys 0 to 4; there is no key \(number)."
        case .oldKeyRequired(let number):
            return "Changing key \(number), which is not the authenticated key, needs its current value "
                + "(the tag receives the new key XOR the old one)."
        case .outOfRange(let field, let value, let maximum):
            return "The \(field) \(value) does not fit the command; the largest is \(maximum)."
        case .refused(let ins, let status):
            return "The tag refused \(DESFireInstruction.describe(ins)) with \(status)."
        case .unexpectedResponse(let ins, let bytes, let expected):
            return
                "The tag answered \(DESFireInstruction.describe(ins)) with \(bytes) data bytes; \(expected) were expected."
        case .keyNotProven(let number):
            return "The tag did not prove it knows key \(number): its answer to AuthenticateEV2 step 2 does not "
                + "contain our RndA rotated. Either the key is wrong or the answer was tampered with."
        case .responseMACMismatch(let ins):
            return "The MAC of the tag's response to \(DESFireInstruction.describe(ins)) does not match the session "
                + "MAC key; the response was not accepted. Authenticate again."
        case .badPadding(let ins):
            return "The deciphered response to \(DESFireInstruction.describe(ins)) does not end in 80 00… padding."
        case .counterExhausted:
            return "The command counter reached FFFF, the last value of a session; authenticate again."
        case .exchangeInProgress(let ins):
            return "The response to \(DESFireInstruction.describe(ins)) was never unwrapped, so the tag's command "
                + "counter may have moved; authenticate again before the next command."
        case .noExchangeInProgress:
            return "There is no wrapped command whose response could be unwrapped."
        case .cipher(let error):
            return error.description
        }
    }
}
