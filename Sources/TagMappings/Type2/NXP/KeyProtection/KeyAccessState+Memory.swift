import TagCatalog

extension KeyAccessState {
    /// The key protection of a key-guarded chip (``/TagCatalog/TagModel/type2KeyCipher``) from
    /// its memory as read from page 0, or `nil` for another chip or when the configuration pages
    /// were not read (reads guarded from them or below): the Ultralight C's AUTH0/AUTH1 (pages
    /// 2Ah–2Bh), the Ultralight AES's CFG/ACCESS (pages 29h–2Ah). Sends nothing.
    public static func decode(model: TagModel?, memory: [UInt8]) -> KeyAccessState? {
        func pages(_ first: Int) -> ([UInt8], [UInt8])? {
            guard memory.count >= (first + 2) * 4 else { return nil }
            return (Array(memory[first * 4..<first * 4 + 4]), Array(memory[first * 4 + 4..<first * 4 + 8]))
        }
        switch model?.type2KeyCipher {
        case .tripleDES:
            guard let (auth0, auth1) = pages(UltralightCAccess.auth0Page) else { return nil }
            return UltralightCAccess(auth0Page: auth0, auth1Page: auth1)?.keyAccess
        case .aes128:
            guard let (configuration, access) = pages(UltralightAESAccess.configurationPage) else { return nil }
            return UltralightAESAccess(configurationPage: configuration, accessPage: access)?.keyAccess
        case nil:
            return nil
        }
    }
}
