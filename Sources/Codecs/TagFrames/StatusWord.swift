import TapCardSupport

/// The two status bytes that end every response APDU. At the channel they are data: the mapping
/// decides which ones are a refusal, and its sentence quotes them with their meaning.
public struct StatusWord: Sendable, Hashable, CustomStringConvertible {
    public let sw1: UInt8
    public let sw2: UInt8

    public init(sw1: UInt8, sw2: UInt8) {
        self.sw1 = sw1
        self.sw2 = sw2
    }

    public init(_ value: UInt16) {
        self.init(sw1: UInt8(value >> 8), sw2: UInt8(value & 0xFF))
    }

    public var value: UInt16 { UInt16(sw1) << 8 | UInt16(sw2) }

    /// `90 00`: the ISO command completed.
    public static let success = StatusWord(0x9000)
    /// `91 00`: a native (CLA 90) command completed.
    public static let nativeSuccess = StatusWord(0x9100)
    /// `91 AF`: a native command has more frames to send or receive.
    public static let additionalFrame = StatusWord(0x91AF)
    public static let wrongLength = StatusWord(0x6700)
    public static let securityNotSatisfied = StatusWord(0x6982)
    public static let conditionsNotSatisfied = StatusWord(0x6985)
    public static let commandNotAllowed = StatusWord(0x6986)
    public static let wrongData = StatusWord(0x6A80)
    public static let fileNotFound = StatusWord(0x6A82)
    public static let wrongParameters = StatusWord(0x6A86)
    public static let wrongOffset = StatusWord(0x6B00)
    public static let insNotSupported = StatusWord(0x6D00)
    public static let claNotSupported = StatusWord(0x6E00)

    /// True for `90 00` and, for native commands, `91 00`.
    public var isSuccess: Bool { self == .success || self == .nativeSuccess }

    /// "69 82".
    public var hex: String { Hex.encode([sw1, sw2], uppercase: true, separator: " ") }

    /// What the status word means, per ISO/IEC 7816-4 and, for `91 xx`, the NTAG 424 DNA datasheet.
    public var meaning: String {
        switch (sw1, sw2) {
        case (0x90, 0x00): return "success"
        case (0x62, 0x82): return "end of file reached before Le bytes"
        // ISO/IEC 7816-4 "no information given"; PC/SC Part 3 readers answer it when a storage-card
        // command failed, a refused MIFARE Classic key among them.
        case (0x63, 0x00): return "no information given: the operation failed"
        case (0x63, _) where sw2 & 0xF0 == 0xC0: return "verification failed, \(sw2 & 0x0F) tries left"
        case (0x65, 0x81): return "memory failure"
        case (0x67, 0x00): return "wrong length"
        case (0x68, 0x82): return "secure messaging not supported"
        case (0x69, 0x81): return "command incompatible with the file structure"
        case (0x69, 0x82): return "security status not satisfied"
        case (0x69, 0x85): return "conditions of use not satisfied"
        case (0x69, 0x86): return "command not allowed"
        case (0x6A, 0x80): return "incorrect data"
        case (0x6A, 0x81): return "function not supported"
        case (0x6A, 0x82): return "file or application not found"
        case (0x6A, 0x84): return "not enough memory in the file"
        case (0x6A, 0x86): return "incorrect P1 or P2"
        case (0x6A, 0x87): return "Lc inconsistent with P1 and P2"
        case (0x6B, 0x00): return "wrong parameters (offset outside the file)"
        case (0x6C, _): return "wrong Le, \(sw2) bytes available"
        case (0x6D, 0x00): return "instruction not supported"
        case (0x6E, 0x00): return "class not supported"
        case (0x6F, 0x00): return "no precise diagnosis"
        case (0x91, let code): return Self.nativeMeaning(code)
        default: return "an unknown status"
        }
    }

    static func nativeMeaning(_ code: UInt8) -> String {
        switch code {
        case 0x00: "success"
        case 0xAF: "additional frame expected"
        case 0x1C: "illegal command"
        case 0x1E: "integrity error"
        case 0x40: "no such key"
        case 0x7E: "length error"
        case 0x9D: "permission denied"
        case 0x9E: "parameter error"
        case 0xAD: "authentication delay"
        case 0xAE: "authentication error"
        case 0xBE: "boundary error"
        case 0xCA: "command aborted"
        case 0xEE: "memory error"
        case 0xF0: "file not found"
        default: "an unknown native status"
        }
    }

    /// "69 82 (security status not satisfied)".
    public var description: String { "\(hex) (\(meaning))" }
}
