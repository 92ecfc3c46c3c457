import TagCatalog
import TapCardSupport

/// MIFARE Ultralight C's memory access configuration, AUTH0 and AUTH1, decoded (MF0ICU2 datasheet
/// §7.5.8, table 12), with the chip's fixed addresses.
///
/// - AUTH0 (byte 0 of page 2Ah): the first page that needs the 3DES authentication, 03h–30h;
///   30h, one past the last page, protects nothing.
/// - AUTH1 (byte 0 of page 2Bh): bit 0 set, only writes from AUTH0 on need the authentication;
///   clear, reads need it too. Bits 1–7 are ignored.
///
/// The key pages 2Ch–2Fh can never be read, whatever the configuration (§7.5.7); READ takes
/// addresses 00h–2Bh only.
public struct UltralightCAccess: Sendable, Equatable {
    /// Page 2Ah as read (4 bytes; AUTH0 is byte 0).
    public var auth0PageBytes: [UInt8]
    /// Page 2Bh as read (4 bytes; AUTH1 is byte 0).
    public var auth1PageBytes: [UInt8]

    /// Page 2Ah.
    public static let auth0Page = UltralightCFacts.auth0Page
    /// Page 2Bh.
    public static let auth1Page = UltralightCFacts.auth1Page
    /// Pages 2Ch–2Fh: the 3DES key, write-only.
    public static let keyPages = UltralightCFacts.keyPages
    /// The last page READ can address (2Bh).
    public static let lastReadablePage = UltralightCFacts.lastReadablePage
    /// The chip's last page (2Fh).
    public static let lastPage = UltralightCFacts.keyPages.upperBound
    /// AUTH0 that protects nothing (30h).
    public static let auth0Off = UltralightCFacts.auth0Off
    /// The values AUTH0 may take (03h–30h).
    public static let auth0Range = UltralightCFacts.auth0Range
    /// AUTH1 bit 0: set, reads stay free.
    public static let writeOnlyBit = UltralightCFacts.writeOnlyBit

    /// `nil` unless both pages have 4 bytes.
    public init?(auth0Page: [UInt8], auth1Page: [UInt8]) {
        guard auth0Page.count == 4, auth1Page.count == 4 else { return nil }
        auth0PageBytes = auth0Page
        auth1PageBytes = auth1Page
    }

    public var auth0: Int { Int(auth0PageBytes[0]) }
    public var auth1: UInt8 { auth1PageBytes[0] }
    /// AUTH1 bit 0 clear: reads from AUTH0 on need the authentication too.
    public var protectsReads: Bool { auth1 & Self.writeOnlyBit == 0 }

    /// The pages the authentication guards (AUTH0 through 2Fh), or `nil`.
    public var protectedPages: ClosedRange<Int>? {
        auth0 <= Self.lastPage ? auth0...Self.lastPage : nil
    }

    public var isProtected: Bool { protectedPages != nil }

    /// True when writing `page` needs the authentication first.
    public func writeNeedsAuthentication(page: Int) -> Bool { protectedPages?.contains(page) ?? false }

    /// True when reading `page` needs the authentication first (the key pages are never readable).
    public func readNeedsAuthentication(page: Int) -> Bool { protectsReads && writeNeedsAuthentication(page: page) }

    /// The configuration in words, for `info` and the app.
    public var sentences: [String] {
        guard let pages = protectedPages else {
            return ["AUTH0 \(auth0): no page needs the 3DES key (the chip's last page is \(Self.lastPage))."]
        }
        return [
            "AUTH0 \(auth0): \(RangeWords.phrase(pages, unit: "page")) \(pages.count == 1 ? "needs" : "need") the 3DES key to be written"
                + (protectsReads
                    ? "; reads need it too (AUTH1 bit 0 is 0)." : "; reads stay free (AUTH1 bit 0 is 1).")
        ]
    }

    /// The configuration in chip-neutral words (AUTH0 page 2Ah, AUTH1 page 2Bh, key pages 2Ch–2Fh).
    public var keyAccess: KeyAccessState {
        KeyAccessState(
            cipher: .tripleDES, auth0: auth0, protectsReads: protectsReads, lastPage: Self.lastPage,
            keyPages: Self.keyPages,
            configurationPages: [
                .init(name: "AUTH0", page: Self.auth0Page, bytes: auth0PageBytes),
                .init(name: "AUTH1", page: Self.auth1Page, bytes: auth1PageBytes),
            ],
            sentences: sentences)
    }
}
