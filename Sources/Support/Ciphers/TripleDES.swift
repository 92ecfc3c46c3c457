/// Two-key triple DES (TDEA keying option 2, NIST SP 800-67: DES-EDE with K1, K2, K1) in CBC mode
/// without padding (NIST SP 800-38A §6.2; ISO/IEC 10116), the cipher of MIFARE Ultralight C's
/// authentication (MF0ICU2 datasheet §7.5.5).
///
/// Only the platform's DES runs it: OpenSSL's libcrypto (`DES-EDE-CBC` through EVP, loaded with
/// `dlopen` as for AES) on Linux, CommonCrypto's `kCCAlgorithm3DES` on Apple platforms. TapCard has
/// no DES of its own: DES is obsolete, an authentication exchanges three blocks, and a second
/// implementation would only be one more thing to get wrong; where neither library loads, making
/// a context throws ``CipherError/tripleDESUnavailable(_:)`` with the loader's reason.
///
/// The key's parity bits are ignored, as the MF0ICU2 datasheet says the tag ignores them.
public struct TripleDES: Sendable {
    /// The DES block size in bytes.
    public static let blockSize = 8
    /// A two-key triple-DES key: K1 (8 bytes) then K2 (8 bytes).
    public static let keySize = 16

    let key: [UInt8]
    let engine: any TripleDESEngine

    /// True when this process can run triple DES: libcrypto loads and offers `DES-EDE-CBC`
    /// (Linux), or CommonCrypto exists (Apple platforms).
    public static var isAvailable: Bool { unavailableReason == nil }

    /// Why triple DES cannot run here, or `nil` when it can.
    public static var unavailableReason: String? {
        #if canImport(CommonCrypto)
            return nil
        #else
            guard let library = OpenSSLLibrary.shared else {
                return OpenSSLLibrary.loadError ?? "libcrypto could not be loaded"
            }
            return library.desEDECBC == nil ? "this libcrypto offers no DES-EDE-CBC" : nil
        #endif
    }

    /// Prepares `key` (16 bytes: K1 then K2) on the platform's DES.
    public init(key: [UInt8]) throws(CipherError) {
        guard key.count == Self.keySize else { throw .tripleDESKeyLength(key.count) }
        #if canImport(CommonCrypto)
            engine = CommonCryptoTripleDES()
        #else
            guard let library = OpenSSLLibrary.shared, let cipher = library.desEDECBC else {
                throw .tripleDESUnavailable(Self.unavailableReason ?? "libcrypto could not be loaded")
            }
            engine = OpenSSLTripleDES(library: library, cipher: cipher)
        #endif
        self.key = key
    }

    private static func check(_ data: [UInt8], _ iv: [UInt8]) throws(CipherError) {
        guard data.count % blockSize == 0 else { throw .tripleDESNotWholeBlocks(data.count) }
        guard iv.count == blockSize else { throw .tripleDESIVLength(iv.count) }
    }

    /// CBC encryption with the 8-byte `iv`; `data` is whole 8-byte blocks (possibly none).
    public func encryptCBC(_ data: [UInt8], iv: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.check(data, iv)
        guard !data.isEmpty else { return [] }
        return try engine.run(data, key: key, iv: iv, encrypting: true)
    }

    /// CBC decryption with the 8-byte `iv`; `data` is whole 8-byte blocks, no padding is removed.
    public func decryptCBC(_ data: [UInt8], iv: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.check(data, iv)
        guard !data.isEmpty else { return [] }
        return try engine.run(data, key: key, iv: iv, encrypting: false)
    }
}

/// What each triple-DES backend does: whole blocks of two-key DES-EDE in CBC mode, in one call.
protocol TripleDESEngine: Sendable {
    func run(_ data: [UInt8], key: [UInt8], iv: [UInt8], encrypting: Bool) throws(CipherError) -> [UInt8]
}
