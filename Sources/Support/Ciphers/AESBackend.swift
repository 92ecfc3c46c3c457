/// Which implementation of AES an ``AESContext`` runs on.
///
/// The platform's AES is vetted, constant-time and uses the processor's AES instructions where it
/// has them: OpenSSL's libcrypto on Linux (loaded at run time with `dlopen`, like libpcsclite, so
/// building needs no OpenSSL headers), CommonCrypto on Apple platforms. ``swift`` is TapCard's own
/// ``AES128``: constant-time too (no table is indexed by a secret), about a hundred times slower,
/// and always there, so it is the fallback when the platform's library cannot be loaded and the
/// independent implementation the tests compare the platform's against.
public enum AESBackend: String, Sendable, Hashable, CaseIterable {
    /// OpenSSL's libcrypto (`libcrypto.so.3`, else `libcrypto.so`), through EVP's AES-128-ECB.
    case openSSL = "openssl"
    /// CommonCrypto's `CCCryptor` in ECB mode (Apple platforms).
    case commonCrypto = "commoncrypto"
    /// TapCard's own AES-128 (``AES128``).
    case swift

    /// True when this backend can be used in this process: the library loads (OpenSSL), the
    /// framework exists (CommonCrypto), always for ``AESBackend/swift``.
    public var isAvailable: Bool {
        switch self {
        case .swift: true
        case .openSSL: OpenSSLLibrary.shared != nil
        case .commonCrypto: CommonCryptoAES.isAvailable
        }
    }

    /// The platform's backend when it is available, else ``AESBackend/swift``. The environment variable
    /// `TAPCARD_AES` (`openssl`, `commoncrypto` or `swift`) chooses another available backend, so a
    /// benchmark can time both; an unavailable or unknown choice is ignored.
    public static let preferred: AESBackend = {
        if let name = getenv("TAPCARD_AES").map({ String(cString: $0) }), let chosen = AESBackend(rawValue: name),
            chosen.isAvailable
        {
            return chosen
        }
        return platform ?? .swift
    }()

    /// The operating system's AES when this process can use it: CommonCrypto on Apple platforms,
    /// OpenSSL's libcrypto elsewhere; `nil` when it cannot be loaded.
    public static var platform: AESBackend? {
        #if canImport(CommonCrypto)
            return CommonCryptoAES.isAvailable ? .commonCrypto : nil
        #else
            return OpenSSLLibrary.shared != nil ? .openSSL : nil
        #endif
    }

    /// Why the platform's AES is not in use, or `nil` when it is: the loader's last error.
    public static var platformUnavailableReason: String? {
        #if canImport(CommonCrypto)
            return nil
        #else
            return OpenSSLLibrary.loadError
        #endif
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
