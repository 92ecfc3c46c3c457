import Ciphers
import TapCardSupport

/// Why a MIFARE Ultralight AES authentication did not succeed, or was not tried, with the bytes
/// behind it.
public enum UltralightAESAuthError: TapCardError, Equatable {
    /// The platform's AES cannot be used.
    case cipher(CipherError)
    /// RndA must be 16 bytes (a caller's mistake; nothing was sent).
    case randomLength(Int)
    /// The tag's CFG (page 29h, `configuration`) has SEC_MSG_ACT (byte 0 bit 1) set: after
    /// authentication it takes only CMAC-protected commands, which TapCard does not send. We
    /// refused before authenticating; nothing more was sent.
    case secureMessagingActive(configuration: [UInt8])
    /// The tag answered `1A 00` with something other than `AF` and 16 bytes of E(RndB).
    case unexpectedChallenge(answer: [UInt8])
    /// The tag answered our E(RndA ‖ RndB') with something other than `00` and 16 bytes (a NAK):
    /// it holds a different key.
    case keyRejected(answer: [UInt8])
    /// The tag accepted our token, but its E(RndA') does not decipher to our RndA rotated.
    case tagProofMismatch

    public var origin: ErrorOrigin {
        switch self {
        case .cipher: .platform
        case .randomLength: .input
        case .secureMessagingActive: .refusal
        case .unexpectedChallenge, .keyRejected, .tagProofMismatch: .tag
        }
    }

    public var sentence: String {
        switch self {
        case .cipher(let error):
            "Ultralight AES authentication needs AES-128. \(error.description)"
        case .randomLength(let count):
            "RndA for an Ultralight AES authentication is 16 bytes; \(count) were given. Nothing was sent."
        case .secureMessagingActive(let configuration):
            "This Ultralight AES has secure messaging on (CFG page 41 (29h) byte 0 bit 1, SEC_MSG_ACT; CFG reads \(Hex.encode(configuration))): after authentication it takes only CMAC-protected commands, which TapCard does not send. Nothing more was sent."
        case .unexpectedChallenge(let answer):
            "The tag answered AUTHENTICATE (1A 00) with \(Self.describe(answer)), not AF and a 16-byte challenge: it is not an Ultralight AES, or it does not accept AES authentication now."
        case .keyRejected(let answer):
            "The tag refused the key: it answered the second AUTHENTICATE step with \(Self.describe(answer)), not 00 and its 16-byte proof. Its DataProtKey is not the one given."
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
