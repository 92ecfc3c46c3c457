/// How a chip with PWD_AUTH keeps its password configuration: where CFG0, CFG1, PWD and PACK
/// sit, which bits of its ACCESS byte mean what, and how it counts wrong passwords. Facts only:
/// the Type 2 mapping interprets them (`AccessConfiguration`), and the emulator behaves on them
/// with its own code.
///
/// NTAG210/212/213/215/216 (NTAG21x datasheets, "Configuration pages"): AUTHLIM 1–7 allows that
/// many wrong PWD_AUTH attempts. MIFARE Ultralight EV1 (MF0ULx1 datasheet §8.6): AUTHLIM 1–7
/// allows 2^AUTHLIM. Both: AUTHLIM 0 is no limit; once the limit is reached the chip refuses
/// every PWD_AUTH for good (NAK 4h), so the protected pages can never be written again.
public struct PasswordScheme: Sendable, Equatable {
    /// How AUTHLIM turns into a number of attempts.
    public enum AttemptCounting: Sendable, Equatable {
        /// NTAG21x: AUTHLIM attempts.
        case direct
        /// Ultralight EV1: 2^AUTHLIM attempts.
        case powerOfTwo
    }

    /// CFG0 (MIRROR or MOD, RFUI, MIRROR_PAGE, AUTH0); CFG1 (ACCESS) is the next page, then PWD
    /// and PACK.
    public var configPage: Int
    public var counting: AttemptCounting
    /// True where the ACCESS byte carries NFC_CNT_EN and NFC_CNT_PWD_PROT (NTAG213/215/216).
    public var hasNFCCounter: Bool

    public init(configPage: Int, counting: AttemptCounting, hasNFCCounter: Bool) {
        self.configPage = configPage
        self.counting = counting
        self.hasNFCCounter = hasNFCCounter
    }

    /// CFG0 byte 3.
    public static let auth0Byte = 3
    /// AUTH0 as shipped: FFh, no page protected.
    public static let auth0Off: UInt8 = 0xFF
    /// ACCESS (CFG1 byte 0) bit 7, PROT: reads from AUTH0 on need the password too.
    public static let protectReadsBit: UInt8 = 0x80
    /// ACCESS bit 6, CFGLCK: CFG0 and CFG1 can never be written again.
    public static let configurationLockBit: UInt8 = 0x40
    /// ACCESS bit 4, NFC_CNT_EN (NTAG213/215/216).
    public static let counterEnableBit: UInt8 = 0x10
    /// ACCESS bit 3, NFC_CNT_PWD_PROT (NTAG213/215/216): reading the NFC counter needs the password.
    public static let counterPasswordBit: UInt8 = 0x08
    /// ACCESS bits 2–0, AUTHLIM.
    public static let authlimMask: UInt8 = 0x07

    public var accessPage: Int { configPage + 1 }
    public var passwordPage: Int { configPage + 2 }
    public var acknowledgePage: Int { configPage + 3 }
    /// The chip's last page (PACK): AUTH0 above it protects nothing.
    public var lastPage: Int { acknowledgePage }

    /// The scheme of `model`, or `nil` where the chip has no password (NTAG203, MIFARE Ultralight,
    /// Ultralight C, NTAG I2C as TapCard models it).
    public static func of(_ model: TagModel) -> PasswordScheme? {
        guard let configPage = model.type2Layout?.configPage else { return nil }
        switch model {
        case .ntag213, .ntag215, .ntag216:
            return PasswordScheme(configPage: configPage, counting: .direct, hasNFCCounter: true)
        case .ntag210, .ntag212:
            return PasswordScheme(configPage: configPage, counting: .direct, hasNFCCounter: false)
        case .ultralightEV1_48, .ultralightEV1_128:
            return PasswordScheme(configPage: configPage, counting: .powerOfTwo, hasNFCCounter: false)
        default:
            return nil
        }
    }

    /// Wrong passwords AUTHLIM `authlim` (0–7) allows, or `nil` for no limit.
    public func attempts(authlim: Int) -> Int? {
        guard authlim > 0 else { return nil }
        return counting == .direct ? authlim : 1 << authlim
    }

    /// The AUTHLIM value that allows `attempts` wrong passwords, or `nil` when the chip cannot
    /// count exactly that many (`nil` attempts: no limit, AUTHLIM 0).
    public func authlim(forAttempts attempts: Int?) -> Int? {
        guard let attempts else { return 0 }
        return (1...7).first { self.attempts(authlim: $0) == attempts }
    }

    /// The attempt counts the chip can be set to, for refusals ("1–7", "2, 4, 8 … 128").
    public var allowedAttempts: [Int] { (1...7).compactMap { attempts(authlim: $0) } }
}
