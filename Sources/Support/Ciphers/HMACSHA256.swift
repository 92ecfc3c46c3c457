/// HMAC-SHA256 (RFC 2104, FIPS 198-1) on the platform's SHA-256: OpenSSL's libcrypto on Linux
/// (loaded at run time, as for AES), CommonCrypto on Apple platforms, ``SHA256`` where neither
/// loads. The key's inner and outer pads are absorbed once, in `init`; a MAC then costs the
/// message's blocks and one more, from copies of those two states.
///
/// The backends are the same as AES's (``AESBackend``): one choice of platform library for all of
/// TapCard's cryptography.
public struct HMACSHA256: Sendable {
    /// The MAC size in bytes.
    public static let macSize = 32

    /// The backend the digest runs on.
    public let backend: AESBackend
    private let inner: DigestState
    private let outer: DigestState

    /// Prepares the MAC under `key` (any length: a key longer than 64 bytes is hashed first).
    public init(key: [UInt8], backend: AESBackend = .preferred) {
        var block = key.count > SHA256.blockSize ? Self.digest(key, backend) : key
        block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
        let innerPad = block.map { $0 ^ 0x36 }
        let outerPad = block.map { $0 ^ 0x5C }
        if backend == .openSSL, let library = OpenSSLLibrary.shared, let digest = library.digest,
            let inner = OpenSSLDigest(absorbing: innerPad, digest),
            let outer = OpenSSLDigest(absorbing: outerPad, digest)
        {
            (self.backend, self.inner, self.outer) = (.openSSL, .openSSL(inner), .openSSL(outer))
            return
        }
        #if canImport(CommonCrypto)
            if backend == .commonCrypto {
                (self.backend, self.inner, self.outer) = (
                    .commonCrypto, .commonCrypto(CommonCryptoSHA256(absorbing: innerPad)),
                    .commonCrypto(CommonCryptoSHA256(absorbing: outerPad))
                )
                return
            }
        #endif
        var inner = SHA256()
        inner.update(innerPad)
        var outer = SHA256()
        outer.update(outerPad)
        (self.backend, self.inner, self.outer) = (.swift, .swift(inner), .swift(outer))
    }

    /// The 32-byte MAC of `message`.
    public func mac(_ message: [UInt8]) -> [UInt8] {
        outer.finishing(inner.finishing(message))
    }

    /// The MAC of `message` under `key`, in one call.
    public static func mac(key: [UInt8], message: [UInt8], backend: AESBackend = .preferred) -> [UInt8] {
        HMACSHA256(key: key, backend: backend).mac(message)
    }

    /// SHA-256 of `message` on `backend` (for a key longer than a block).
    static func digest(_ message: [UInt8], _ backend: AESBackend) -> [UInt8] {
        DigestState.initial(backend).finishing(message)
    }
}

/// A SHA-256 state that has absorbed some whole blocks, on one backend; finishing copies it.
enum DigestState: Sendable {
    case swift(SHA256)
    case openSSL(OpenSSLDigest)
    #if canImport(CommonCrypto)
        case commonCrypto(CommonCryptoSHA256)
    #endif

    /// The state of an empty message on `backend` (or Swift's when it cannot load).
    static func initial(_ backend: AESBackend) -> DigestState {
        if backend == .openSSL, let digest = OpenSSLLibrary.shared?.digest,
            let state = OpenSSLDigest(absorbing: [], digest)
        {
            return .openSSL(state)
        }
        #if canImport(CommonCrypto)
            if backend == .commonCrypto { return .commonCrypto(CommonCryptoSHA256(absorbing: [])) }
        #endif
        return .swift(SHA256())
    }

    /// The digest of what the state absorbed followed by `message`; the state is unchanged.
    func finishing(_ message: [UInt8]) -> [UInt8] {
        switch self {
        case .swift(var state):
            state.update(message)
            return state.finalize()
        case .openSSL(let state):
            return state.finishing(message)
        #if canImport(CommonCrypto)
            case .commonCrypto(let state):
                return state.finishing(message)
        #endif
        }
    }
}
