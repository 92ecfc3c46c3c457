import Ciphers
import TapCardSupport

/// Why a MIFARE Ultralight C authentication did not succeed, with the bytes behind it.
public enum UltralightCAuthError: TapCardError, Equatable {
    /// The platform's DES cannot be used (``/Ciphers/CipherError/tripleDESUnavailable(_:)``).
    case cipher(CipherError)
    /// RndA must be 8 bytes (a caller's mistake; nothing was sent).
    case randomLength(Int)
    /// The tag answered `1A 00` with something other than `AF` and 8 bytes of ek(RndB): a NAK
    /// (one 4-bit byte; an Ultralight without 3DES answers so) or the wrong length.
    case unexpectedChallenge(answer: [UInt8])
    /// The tag answered our ek(RndA ‖ RndB') with something other than `00` and 8 bytes: it did
    /// not find its RndB' in our token, so it holds a different key.
    case keyRejected(answer: [UInt8])
    /// The tag accepted our token, but its ek(RndA') does not decipher to our RndA rotated: it
    /// did not prove it holds the key (a tag that answers anything, or a tampered exchange).
    case tagProofMismatch

    public var origin: ErrorOrigin {
        switch self {
        case .cipher: .platform
        case .randomLength: .input
        case .unexpectedChallenge, .keyRejected, .tagProofMismatch: .tag
        }
    }

    public var sentence: String {
        switch self {
        case .cipher(let error):
            "Ultralight C authentication needs triple DES. \(error.description)"
        case .randomLength(let count):
            "RndA for an Ultralight C authentication is 8 bytes; \(count) were given. Nothing was sent."
        case .unexpectedChallenge(let answer):
            "The tag answered AUTHENTICATE (1A 00) with \(Self.describe(answer)), not AF and an 8-byte challenge: it is not an Ultralight C, or it does not accept 3DES authentication now."
        case .keyRejected(let answer):
            "The tag refused the key: it answered the second AUTHENTICATE step with \(Self.describe(answer)), not 00 and its 8-byte proof. Its 3DES key is not the one given."
        case .tagProofMismatch:
            "The tag's answer to the last AUTHENTICATE step does not decipher to our challenge rotated: it did not prove that it holds the key, so TapCard does not trust it."
        }
    }

    private static func describe(_ answer: [UInt8]) -> String {
        if answer.isEmpty { return "nothing" }
        if answer.count == 1 { return "\(Hex.encode(answer)) (\(answer[0] <= 0x0F ? "a NAK" : "one byte"))" }
        return "\(answer.count) bytes starting \(Hex.encode(Array(answer.prefix(1))))"
    }
}
