import TagCatalog
import TapCardSupport

/// The password configuration a chip's CFG0 and CFG1 pages hold, decoded: AUTH0, and the ACCESS
/// byte's PROT, CFGLCK, AUTHLIM and NFC counter bits (NTAG213/215/216 datasheet §8.5.7 "Configuration
/// pages"; MF0ULx1 §8.5.7).
///
/// - AUTH0 (CFG0 byte 3): the first page the password protects; above the chip's last page,
///   nothing is protected (FFh as shipped).
/// - ACCESS (CFG1 byte 0): bit 7 PROT (0: the password protects writes; 1: reads too), bit 6
///   CFGLCK (CFG0 and CFG1 can never be written again), bit 4 NFC_CNT_EN and bit 3
///   NFC_CNT_PWD_PROT (NTAG213/215/216 only), bits 2–0 AUTHLIM.
///
/// PWD and PACK are write-only: they always read as zeros, so they are not part of this value.
public struct AccessConfiguration: Sendable, Equatable {
    public var scheme: PasswordScheme
    /// CFG0 as read (4 bytes).
    public var cfg0: [UInt8]
    /// CFG1 as read (4 bytes).
    public var cfg1: [UInt8]

    /// `nil` unless both pages have 4 bytes.
    public init?(scheme: PasswordScheme, cfg0: [UInt8], cfg1: [UInt8]) {
        guard cfg0.count == 4, cfg1.count == 4 else { return nil }
        self.scheme = scheme
        self.cfg0 = cfg0
        self.cfg1 = cfg1
    }

    public static let protectReadsBit = PasswordScheme.protectReadsBit
    public static let configurationLockBit = PasswordScheme.configurationLockBit
    public static let counterEnableBit = PasswordScheme.counterEnableBit
    public static let counterPasswordBit = PasswordScheme.counterPasswordBit
    public static let authlimMask = PasswordScheme.authlimMask
    /// AUTH0 as shipped: no page protected.
    public static let auth0Off = PasswordScheme.auth0Off

    public var auth0: Int { Int(cfg0[PasswordScheme.auth0Byte]) }
    public var access: UInt8 { cfg1[0] }
    /// PROT: reads from AUTH0 on need the password too.
    public var protectsReads: Bool { access & Self.protectReadsBit != 0 }
    /// CFGLCK: CFG0 and CFG1 are frozen for good.
    public var isConfigurationLocked: Bool { access & Self.configurationLockBit != 0 }
    public var authlim: Int { Int(access & Self.authlimMask) }
    /// Wrong passwords the chip accepts before it refuses PWD_AUTH for good; `nil`: no limit.
    public var attemptLimit: Int? { scheme.attempts(authlim: authlim) }
    /// NFC_CNT_EN, where the chip has an NFC counter.
    public var counterEnabled: Bool? { scheme.hasNFCCounter ? access & Self.counterEnableBit != 0 : nil }
    /// NFC_CNT_PWD_PROT, where the chip has an NFC counter.
    public var counterNeedsPassword: Bool? {
        scheme.hasNFCCounter ? access & Self.counterPasswordBit != 0 : nil
    }

    /// The pages the password protects (AUTH0 through the chip's last page), or `nil`.
    public var protectedPages: ClosedRange<Int>? {
        auth0 <= scheme.lastPage ? auth0...scheme.lastPage : nil
    }

    public var isProtected: Bool { protectedPages != nil }

    /// True when writing `page` needs the password first.
    public func writeNeedsPassword(page: Int) -> Bool { protectedPages?.contains(page) ?? false }

    /// True when reading `page` needs the password first.
    public func readNeedsPassword(page: Int) -> Bool { protectsReads && writeNeedsPassword(page: page) }

    /// The configuration in words, one sentence each, for `info` and the app.
    public var sentences: [String] {
        var lines: [String] = []
        if let pages = protectedPages {
            lines.append(
                "AUTH0 \(auth0): \(RangeWords.phrase(pages, unit: "page")) \(pages.count == 1 ? "needs" : "need") the password to be written"
                    + (protectsReads ? "; reads need it too (PROT 1)." : "; reads stay free (PROT 0)."))
        } else {
            lines.append("AUTH0 \(auth0): no page needs a password (the chip's last page is \(scheme.lastPage)).")
        }
        if let limit = attemptLimit {
            lines.append(
                "AUTHLIM \(authlim): the tag locks itself for good after \(limit) wrong \(limit == 1 ? "password" : "passwords") (a correct one resets the count)."
            )
        } else {
            lines.append("AUTHLIM 0: wrong passwords are not limited.")
        }
        lines.append(
            isConfigurationLocked
                ? "CFGLCK 1: the configuration pages are frozen for good; the protection can never change."
                : "CFGLCK 0: the configuration can still be changed.")
        if let enabled = counterEnabled {
            let guarded = counterNeedsPassword == true ? ", and reading it needs the password" : ""
            lines.append(enabled ? "NFC counter on\(guarded)." : "NFC counter off.")
        }
        return lines
    }
}
