import TagCatalog

/// A key-guarded Type 2 chip's protection in chip-neutral words: which pages the key guards, for
/// writes only or reads too, and the configuration pages it was read from (by name and number),
/// so one printer serves the Ultralight C and the Ultralight AES. Built by each chip's access
/// decoder (``UltralightCAccess/keyAccess``); never holds key bytes.
public struct KeyAccessState: Sendable, Equatable {
    /// One configuration page as read: its name in the datasheet, its number, its 4 bytes.
    public struct ConfigurationPage: Sendable, Equatable {
        public var name: String
        public var page: Int
        public var bytes: [UInt8]

        public init(name: String, page: Int, bytes: [UInt8]) {
            self.name = name
            self.page = page
            self.bytes = bytes
        }
    }

    /// The cipher the chip authenticates with.
    public var cipher: Type2KeyCipher
    /// AUTH0: the first guarded page; one past ``lastPage`` guards none.
    public var auth0: Int
    /// True when reads from AUTH0 on need the key too.
    public var protectsReads: Bool
    /// The chip's last page.
    public var lastPage: Int
    /// The pages holding the key (written, never read back nor printed).
    public var keyPages: ClosedRange<Int>
    /// The pages this state was decoded from, AUTH0's first.
    public var configurationPages: [ConfigurationPage]
    /// The state in words (for `info`, `protect` and the app).
    public var sentences: [String]

    public init(
        cipher: Type2KeyCipher, auth0: Int, protectsReads: Bool, lastPage: Int, keyPages: ClosedRange<Int>,
        configurationPages: [ConfigurationPage], sentences: [String]
    ) {
        self.cipher = cipher
        self.auth0 = auth0
        self.protectsReads = protectsReads
        self.lastPage = lastPage
        self.keyPages = keyPages
        self.configurationPages = configurationPages
        self.sentences = sentences
    }

    /// The pages the key guards (AUTH0 through the last page), or `nil`.
    public var protectedPages: ClosedRange<Int>? { auth0 <= lastPage ? auth0...lastPage : nil }

    public var isProtected: Bool { protectedPages != nil }

    /// The name of `page` for a report: a configuration page's name, "key", or its number.
    public func name(ofPage page: Int) -> String {
        if let named = configurationPages.first(where: { $0.page == page }) { return named.name }
        return keyPages.contains(page) ? "key" : "page \(page)"
    }
}
