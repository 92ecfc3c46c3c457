import TagCatalog
import TapCardSupport

/// MIFARE Ultralight AES's access configuration, CFG (page 29h) and ACCESS (page 2Ah), decoded
/// (per peers that cite MF0AES(H)20: ``/TagCatalog/UltralightAESFacts``).
///
/// AUTH0 (CFG byte 3) is the first page the DataProtKey guards, 3Ch guarding none; PROT (ACCESS
/// byte 0 bit 7) says whether reads are guarded too. RID_ACT and SEC_MSG_ACT (CFG byte 0 bits 0
/// and 1), CFGLCK, the counter bits, VCTID and AUTH_LIM are decoded to be shown; TapCard does not
/// speak the CMAC secure messaging SEC_MSG_ACT turns on, and refuses to authenticate such a tag.
public struct UltralightAESAccess: Sendable, Equatable {
    /// Page 29h as read.
    public var configurationPageBytes: [UInt8]
    /// Page 2Ah as read.
    public var accessPageBytes: [UInt8]

    public static let configurationPage = UltralightAESFacts.configurationPage
    public static let accessPage = UltralightAESFacts.accessPage
    public static let keyPages = UltralightAESFacts.dataProtKeyPages
    public static let lastPage = UltralightAESFacts.lastPage
    public static let auth0Off = UltralightAESFacts.auth0Off

    /// `nil` unless both pages have 4 bytes.
    public init?(configurationPage: [UInt8], accessPage: [UInt8]) {
        guard configurationPage.count == 4, accessPage.count == 4 else { return nil }
        configurationPageBytes = configurationPage
        accessPageBytes = accessPage
    }

    public var auth0: Int { Int(configurationPageBytes[UltralightAESFacts.auth0Byte]) }
    /// RID_ACT: the chip answers anticollision with a random UID.
    public var randomID: Bool { configurationPageBytes[0] & UltralightAESFacts.randomIDBit != 0 }
    /// SEC_MSG_ACT: every command after authentication needs a CMAC.
    public var secureMessaging: Bool { configurationPageBytes[0] & UltralightAESFacts.secureMessagingBit != 0 }
    /// PROT: reads from AUTH0 on need the key too.
    public var protectsReads: Bool { accessPageBytes[0] & UltralightAESFacts.protectReadsBit != 0 }
    /// CFGLCK: CFG and ACCESS can never be written again.
    public var configurationLocked: Bool { accessPageBytes[0] & UltralightAESFacts.configurationLockBit != 0 }
    public var counterReadOpen: Bool { accessPageBytes[0] & UltralightAESFacts.counterReadBit != 0 }
    public var counterIncrementOpen: Bool { accessPageBytes[0] & UltralightAESFacts.counterIncrementBit != 0 }
    public var virtualCardTypeID: UInt8 { accessPageBytes[1] }
    /// AUTH_LIM, ACCESS bytes 2–3 (byte 2 first, assuming; 0: no limit).
    public var authenticationLimit: Int { Int(accessPageBytes[2]) << 8 | Int(accessPageBytes[3]) }

    /// The pages the key guards (AUTH0 through 3Bh), or `nil`.
    public var protectedPages: ClosedRange<Int>? { auth0 <= Self.lastPage ? auth0...Self.lastPage : nil }

    public var isProtected: Bool { protectedPages != nil }

    /// The configuration in words.
    public var sentences: [String] {
        var sentences: [String]
        if let pages = protectedPages {
            sentences = [
                "AUTH0 \(auth0): \(RangeWords.phrase(pages, unit: "page")) \(pages.count == 1 ? "needs" : "need") the AES key (DataProtKey) to be written"
                    + (protectsReads
                        ? "; reads need it too (ACCESS PROT is 1)." : "; reads stay free (ACCESS PROT is 0).")
            ]
        } else {
            sentences = ["AUTH0 \(auth0): no page needs the AES key (the chip's last page is \(Self.lastPage))."]
        }
        if randomID {
            sentences.append("Random ID is on (CFG RID_ACT): the tag answers anticollision with a random UID.")
        }
        if secureMessaging {
            sentences.append(
                "Secure messaging is on (CFG page 41 byte 0 bit 1, SEC_MSG_ACT): after authentication every command needs a CMAC, which TapCard does not send."
            )
        }
        if configurationLocked {
            sentences.append("The configuration is locked for good (ACCESS CFGLCK): AUTH0 and PROT can never change.")
        }
        return sentences
    }

    /// The configuration in chip-neutral words (CFG page 29h, ACCESS page 2Ah, key pages 30h–33h).
    public var keyAccess: KeyAccessState {
        KeyAccessState(
            cipher: .aes128, auth0: auth0, protectsReads: protectsReads, lastPage: Self.lastPage,
            keyPages: Self.keyPages,
            configurationPages: [
                .init(name: "CFG (AUTH0)", page: Self.configurationPage, bytes: configurationPageBytes),
                .init(name: "ACCESS", page: Self.accessPage, bytes: accessPageBytes),
            ],
            sentences: sentences)
    }

    /// The four pages 30h–33h holding `key` (cipher order): the 16 bytes reversed, per the Flipper
    /// QA plan (pages A0A1A2A3 … ACADAEAF authenticate with AFAEADAC…A1A0, checked with Proxmark3).
    public static func storedPages(of key: Type2AuthenticationKey) -> [[UInt8]] {
        let stored = Array(key.bytes.reversed())
        return stride(from: 0, to: 16, by: 4).map { Array(stored[$0..<$0 + 4]) }
    }
}
