/// Our mirror of `NFCReaderError.Code` (raw values from `NFCError.h`; see
/// `shared/reference/corenfc-api.md` §1.11), so the words for every code live in plain Swift that
/// compiles and is tested everywhere, not only where CoreNFC exists.
public enum CoreNFCErrorCode: Int, Sendable, CaseIterable {
    case unsupportedFeature = 1
    case securityViolation = 2
    case invalidParameter = 3
    case invalidParameterLength = 4
    case parameterOutOfBound = 5
    case radioDisabled = 6
    /// iOS 26; raw value UNVERIFIED.
    case ineligible = 7
    /// iOS 26; raw value UNVERIFIED.
    case accessNotAccepted = 8
    case tagConnectionLost = 100
    case retryExceeded = 101
    case tagResponseError = 102
    case sessionInvalidated = 103
    case tagNotConnected = 104
    case packetTooLong = 105
    case userCanceled = 200
    case sessionTimeout = 201
    case sessionTerminatedUnexpectedly = 202
    case systemIsBusy = 203
    case firstNDEFTagRead = 204
    case invalidConfigurationParameters = 300
    case tagNotWritable = 400
    case tagUpdateFailure = 401
    case tagSizeTooSmall = 402
    case zeroLengthMessage = 403

    /// What the code means, in words a person can act on.
    public var sentence: String {
        switch self {
        case .unsupportedFeature:
            "This device cannot read NFC tags: it needs an iPhone 7 or later (iPads and the Simulator have no NFC reader)."
        case .securityViolation:
            "iOS refused the NFC session because this build is not entitled to read tags: its provisioning profile lacks NFC Tag Reading."
        case .invalidParameter: "iOS rejected a parameter of the NFC request as invalid."
        case .invalidParameterLength: "iOS rejected the NFC request because a parameter had the wrong length."
        case .parameterOutOfBound: "iOS rejected the NFC request because a parameter was out of range."
        case .radioDisabled:
            "The NFC radio is turned off on this iPhone (Airplane Mode or a restriction); turn it back on and try again."
        case .ineligible: "iOS says this device or region is not eligible for this kind of NFC session."
        case .accessNotAccepted: "NFC access was not accepted on this device."
        case .tagConnectionLost:
            "The tag moved away from the phone before the command finished; it may or may not have been carried out."
        case .retryExceeded: "The tag stopped answering after several retries; hold the phone still against it."
        case .tagResponseError: "The tag answered with an error, or with something iOS could not understand."
        case .sessionInvalidated: "The NFC session had already ended when the command was sent."
        case .tagNotConnected: "The command was sent before the phone had connected to the tag."
        case .packetTooLong: "The command was longer than iOS can send to a tag."
        case .userCanceled: "The scan was cancelled."
        case .sessionTimeout: "The phone stopped looking for a tag: iOS ends every NFC scan after 60 seconds."
        case .sessionTerminatedUnexpectedly:
            "iOS ended the NFC scan unexpectedly, usually because TapCard went to the background."
        case .systemIsBusy: "Another NFC scan is already running on this iPhone; finish or cancel it and try again."
        case .firstNDEFTagRead: "The scan ended after reading its first tag, as requested."
        case .invalidConfigurationParameters: "iOS rejected the tag command configuration as invalid."
        case .tagNotWritable: "iOS reports that the tag cannot be written (it is read-only or not NDEF formatted)."
        case .tagUpdateFailure: "iOS could not update the tag; the write did not complete."
        case .tagSizeTooSmall: "iOS reports that the tag is too small for this message."
        case .zeroLengthMessage: "The tag holds no NDEF message (iOS reports a zero-length message)."
        }
    }
}
