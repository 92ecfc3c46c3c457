import Foundation

/// The CoreNFC error domain string (`NFCErrorDomain`, iOS 11).
public let NFCErrorDomain = "NFCError"

/// `NFCISO15693TagResponseErrorKey` (iOS 11, `NFCError.h`): "Key in NSError userInfo dictionary.
/// The corresponding value is the NSUInteger error code from tag's response." The string itself
/// is not in the header: UNVERIFIED (this one is the stand-in's; code must use the constant).
public let NFCISO15693TagResponseErrorKey = "ISO15693TagResponseErrorCode"

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

    /// The ISO 15693 error code a tag answered with, bridged into userInfo under
    /// ``NFCISO15693TagResponseErrorKey`` (stand-in storage; the real struct wraps the NSError).
    let iso15693ResponseErrorCode: UInt8?

    public init(_ code: Code, message: String = "") {
        self.init(code, message: message, iso15693ResponseErrorCode: nil)
    }

    init(_ code: Code, message: String, iso15693ResponseErrorCode: UInt8?) {
        self.code = code
        self.message = message
        self.iso15693ResponseErrorCode = iso15693ResponseErrorCode
    }

    public static var errorDomain: String { NFCErrorDomain }
    public var errorCode: Int { code.rawValue }
    public var errorUserInfo: [String: Any] {
        var info: [String: Any] = [NSLocalizedDescriptionKey: message]
        if let iso15693ResponseErrorCode { info[NFCISO15693TagResponseErrorKey] = UInt(iso15693ResponseErrorCode) }
        return info
    }
}
