import TagTransport
import TapCardSupport

/// Why a phone NFC session did not give the user what they asked for. Each CoreNFC code that a
/// person can do something about has its own case and words; the rest keep their code in
/// ``reader(code:during:)``. A cancelled scan is a case too, but ``isCancellation`` tells front
/// ends to show nothing: the user knows they tapped Cancel.
public enum NFCSessionError: TapCardError, Equatable {
    /// The user tapped Cancel on the sheet (`UserCanceled`, 200).
    case cancelled
    /// The 60-second session limit passed (`SessionTimeout`, 201).
    case timedOut(seconds: Int)
    /// The tag left the field during `operation` (`TagConnectionLost`, 100); whether the last
    /// command landed is unknown.
    case tagLost(during: NFCOperation)
    /// Another NFC session is active (`SystemIsBusy`, 203).
    case systemBusy
    /// The NFC radio is off (`RadioDisabled`, 6).
    case radioDisabled
    /// The device has no NFC reader (`readingAvailable` is false, or `UnsupportedFeature`, 1).
    case unsupportedDevice
    /// The app is not entitled (`SecurityViolation`, 2): the provisioning profile lacks NFC Tag Reading.
    case notEntitled
    /// iOS ended the session, usually because the app went to the background (202).
    case endedUnexpectedly
    /// The session refused the polling options we asked for (its initializer returned `nil`).
    case pollingRefused(rawOptions: Int)
    /// The session object vanished without reporting how it ended. A TapCard defect.
    case sessionReleased
    /// The tag is not NDEF formatted (`queryNDEFStatus` said `notSupported`); nothing was written.
    case notNDEFFormatted
    /// The tag reports read-only NDEF access; nothing was written.
    case readOnly
    /// The message needs `needed` bytes and the tag, through iOS, reports `capacity`; refused
    /// before writing.
    case tooBig(needed: Int, capacity: Int)
    /// The message read back after writing differs from what was written.
    case verifyMismatch(writtenBytes: Int, readBackBytes: Int)
    /// A lock was confirmed for one tag and another tag was presented; nothing was locked.
    case differentTag(expected: [UInt8], found: [UInt8])
    /// The detected tag is not one TapCard can use this way (e.g. raw Type 2 commands on ISO 15693).
    case unsupportedTag(kind: String)
    /// iOS refused an NDEF call on a connected `kind` tag with `UnsupportedFeature` (1) during
    /// `operation` (its `writeLock` on an ISO 7816 tag does): the tag's, not the device's, since
    /// the phone reached the tag. Nothing was changed.
    case unsupportedByIOS(kind: String, during: NFCOperation)
    /// A MIFARE tag iOS names no family for, with this UID: a MIFARE Classic to CoreNFC, whose
    /// families are only Ultralight, Plus and DESFire, and which has no Crypto1. Nothing was sent.
    case noCrypto1(uid: [UInt8])
    /// Any other CoreNFC code, kept with its number.
    case reader(code: Int, during: NFCOperation)
    /// A raw command sent through the session failed (a NAK, a malformed answer).
    case transport(ChannelError, during: NFCOperation)

    /// Maps a CoreNFC error code reported while doing `operation` to our own case.
    public init(code: Int, during operation: NFCOperation) {
        switch CoreNFCErrorCode(rawValue: code) {
        case .userCanceled: self = .cancelled
        case .sessionTimeout: self = .timedOut(seconds: 60)
        case .tagConnectionLost: self = .tagLost(during: operation)
        case .systemIsBusy: self = .systemBusy
        case .radioDisabled: self = .radioDisabled
        case .unsupportedFeature: self = .unsupportedDevice
        case .securityViolation: self = .notEntitled
        case .sessionTerminatedUnexpectedly: self = .endedUnexpectedly
        default: self = .reader(code: code, during: operation)
        }
    }

    /// True for the user's own Cancel: front ends show no error for it.
    public var isCancellation: Bool { self == .cancelled }

    public var origin: ErrorOrigin {
        switch self {
        case .cancelled, .pollingRefused, .notNDEFFormatted, .readOnly, .tooBig, .differentTag, .unsupportedTag,
            .unsupportedByIOS, .noCrypto1:
            .refusal
        case .timedOut, .tagLost: .transport
        case .verifyMismatch: .tag
        case .transport(let error, _): error.origin
        case .systemBusy, .radioDisabled, .unsupportedDevice, .notEntitled, .endedUnexpectedly, .sessionReleased,
            .reader:
            .platform
        }
    }

    public var sentence: String {
        switch self {
        case .cancelled:
            return "The scan was cancelled; nothing was sent to a tag after that."
        case .timedOut(let seconds):
            return
                "No tag was held near the phone in time: iOS ends every NFC scan after \(seconds) seconds. Tap to try again."
        case .tagLost(let operation):
            let tail =
                switch operation {
                case .writing:
                    " The tag may now hold the old message, the new one, or none: scan it again to see what it holds."
                case .locking:
                    " The tag may or may not be locked now: scan it again to see its state."
                case .reading, .verifying: " Hold the top edge of the iPhone on the tag until the sheet says done."
                }
            return "The tag moved away from the phone while \(operation.gerund)." + tail
        case .systemBusy:
            return CoreNFCErrorCode.systemIsBusy.sentence
        case .radioDisabled:
            return CoreNFCErrorCode.radioDisabled.sentence
        case .unsupportedDevice:
            return CoreNFCErrorCode.unsupportedFeature.sentence
        case .notEntitled:
            return CoreNFCErrorCode.securityViolation.sentence
        case .endedUnexpectedly:
            return CoreNFCErrorCode.sessionTerminatedUnexpectedly.sentence
        case .pollingRefused(let raw):
            return
                "iOS refused to start an NFC scan with polling options 0x\(String(raw, radix: 16)); this is a TapCard defect."
        case .sessionReleased:
            return
                "The NFC scan ended without telling TapCard how (its session was released too early). This is a TapCard defect; try again."
        case .notNDEFFormatted:
            return "The tag is not NDEF formatted, so iOS will not write a message to it; nothing was written."
        case .readOnly:
            return "The tag is read-only (locked); nothing was written."
        case .tooBig(let needed, let capacity):
            return
                "The message needs \(needed) bytes but the tag reports room for \(capacity) bytes; nothing was written. Choose a shorter format or a larger tag."
        case .verifyMismatch(let written, let readBack):
            return
                "The tag accepted the write, but reading it back gave \(readBack) bytes instead of the \(written) bytes written. Write it again."
        case .differentTag(let expected, let found):
            return
                "This is tag \(Hex.encode(found, uppercase: true, separator: ":")), not the tag \(Hex.encode(expected, uppercase: true, separator: ":")) you confirmed; nothing was locked."
        case .noCrypto1(let uid):
            return
                "This looks like a MIFARE Classic (a MIFARE tag with a \(uid.count)-byte UID that iOS names no family for, as it does every Classic card). Its sectors open only after Crypto1 authentication, which iPhones cannot do, so TapCard cannot read or write it here. Read or write it with TapCard on a computer with a desktop NFC reader. Nothing was sent to the tag."
        case .unsupportedTag(let kind):
            return
                "TapCard cannot use this \(kind) tag for this; it works with NFC Forum Type 2 tags such as NTAG213/215/216."
        case .unsupportedByIOS(let kind, let operation):
            let unchanged =
                switch operation {
                case .writing: "; nothing was written"
                case .locking: "; nothing was locked"
                case .reading, .verifying: ""
                }
            return
                "iOS does not support \(operation.gerund) this \(kind) tag: it answered CoreNFC error 1 (unsupported feature)\(unchanged). NFC itself works on this iPhone: it reached the tag."
        case .transport(let error, let operation):
            return "\(error.sentence) (While \(operation.gerund).)"
        case .reader(let code, let operation):
            let words = CoreNFCErrorCode(rawValue: code)?.sentence ?? "iOS reported an NFC error TapCard does not know."
            return "\(words) (CoreNFC error \(code), while \(operation.gerund).)"
        }
    }
}
