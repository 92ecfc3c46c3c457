import Foundation

/// The CoreNFC error domain string (`NFCErrorDomain`, iOS 11).
public let NFCErrorDomain = "NFCError"

/// Stand-in for CoreNFC's `NFCReaderError` (`struct NFCReaderError : _BridgedStoredNSError` with
/// `enum Code : Int`). Raw values from `NFCError.h` (reference §1.11). Divergence: the real struct
/// wraps an `NSError`; this one stores the code and a message and bridges through `CustomNSError`.
public struct NFCReaderError: Error, CustomNSError, Hashable {
    public enum Code: Int, Sendable, CaseIterable {
        case readerErrorUnsupportedFeature = 1
        case readerErrorSecurityViolation = 2
        case readerErrorInvalidParameter = 3
        case readerErrorInvalidParameterLength = 4
        case readerErrorParameterOutOfBound = 5
        case readerErrorRadioDisabled = 6
        /// iOS 26; raw value UNVERIFIED (third-party doc says 7).
        case readerErrorIneligible = 7
        /// iOS 26; raw value UNVERIFIED (third-party doc says 8).
        case readerErrorAccessNotAccepted = 8
        case readerTransceiveErrorTagConnectionLost = 100
        case readerTransceiveErrorRetryExceeded = 101
        case readerTransceiveErrorTagResponseError = 102
        case readerTransceiveErrorSessionInvalidated = 103
        case readerTransceiveErrorTagNotConnected = 104
        case readerTransceiveErrorPacketTooLong = 105
        case readerSessionInvalidationErrorUserCanceled = 200
        case readerSessionInvalidationErrorSessionTimeout = 201
        case readerSessionInvalidationErrorSessionTerminatedUnexpectedly = 202
        case readerSessionInvalidationErrorSystemIsBusy = 203
        case readerSessionInvalidationErrorFirstNDEFTagRead = 204
        case tagCommandConfigurationErrorInvalidParameters = 300
        case ndefReaderSessionErrorTagNotWritable = 400
        case ndefReaderSessionErrorTagUpdateFailure = 401
        case ndefReaderSessionErrorTagSizeTooSmall = 402
        case ndefReaderSessionErrorZeroLengthMessage = 403
    }

    public let code: Code
    /// What the real framework puts in `NSLocalizedDescriptionKey` (wording is the stand-in's).
    public let message: String

    public init(_ code: Code, message: String = "") {
        self.code = code
        self.message = message
    }

    public static var errorDomain: String { NFCErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] { [NSLocalizedDescriptionKey: message] }
}
