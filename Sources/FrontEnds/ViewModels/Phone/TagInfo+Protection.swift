import CoreNFCTransport
import TapCardSupport
import Type2

extension TagInfo {
    /// The Tag Info screen's "Password" line: the configuration in words, or why it is unknown;
    /// `nil` for chips without a password.
    static func protectionText(_ protection: ProtectionReading) -> String? {
        switch protection {
        case .notApplicable:
            nil
        case .configuration(let configuration):
            configuration.sentences.joined(separator: " ")
        case .notReadable(let page):
            "The tag did not let its password configuration (page \(page)) be read: it is read-protected (PROT 1), or it left the field just then."
        }
    }

    /// Why writing a message to this tag needs its password (its data pages lie at or after
    /// AUTH0), or `nil` when it does not. A tag whose configuration refused to be read but whose
    /// message was read has its protected pages after the message area (PROT 1 guards reads
    /// and writes alike), so writing needs no password there.
    public var writePasswordReason: String? {
        guard case .configuration(let configuration) = reading.protection, let pages = configuration.protectedPages,
            pages.lowerBound <= (model?.type2Layout?.userPages.upperBound ?? configuration.scheme.configPage - 1)
        else { return nil }
        return
            "This tag is password-protected: \(RangeWords.phrase(pages, unit: "page")) \(pages.count == 1 ? "needs" : "need") its password to be written (AUTH0 \(configuration.auth0))."
    }

    /// True for a chip a 16-byte key can guard: one the scan identified as an Ultralight C or
    /// Ultralight AES, or a MIFARE Ultralight-family tag that did not answer GET_VERSION (an
    /// Ultralight C does not; TapCard's driver tells it from a first-generation Ultralight or an
    /// NTAG203 by its AUTHENTICATE). Such a tag is written and locked by TapCard's Type 2 driver,
    /// which checks every page against the guard before the first write; iOS's own calls would
    /// write what the guard lets through and stop half-done.
    public var mayBeKeyGuarded: Bool {
        if model?.type2KeyCipher != nil { return true }
        guard case .miFare(let family) = reading.technology else { return false }
        return family == "Ultralight" && reading.version == nil
    }

    /// Why locking this tag needs its password: the lock writes its lock bytes and CFGLCK in
    /// CFG1, so any AUTH0 up to CFG1 protects one of them; `nil` when it does not.
    public var lockPasswordReason: String? {
        switch reading.protection {
        case .notApplicable:
            return nil
        case .notReadable(let page):
            return
                "This tag does not show its password configuration (page \(page)) without the password, and locking must set CFGLCK there: it needs the tag's password."
        case .configuration(let configuration):
            guard configuration.isProtected, configuration.auth0 <= configuration.scheme.accessPage else { return nil }
            return
                "This tag is password-protected from page \(configuration.auth0) on, and locking must write pages there (the lock bytes, CFGLCK): it needs the tag's password."
        }
    }
}
