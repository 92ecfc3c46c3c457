/// AES-128 under one key, on one backend: TapCard's single interface to AES (FIPS 197) and its
/// ECB and CBC modes without padding (NIST SP 800-38A).
///
/// The key schedule is prepared once, when the context is made, and reused for every block: make
/// one context per key and keep it (a SUN verifier keeps the meta key's and the file key's for
/// every URL it checks). The context is immutable and can be shared between tasks.
///
/// ```swift
/// let aes = try AESContext(key: key)            // the platform's AES when it loads
/// let plain = try aes.decryptCBC(ciphertext, iv: iv)
/// ```
public struct AESContext: Sendable {
    /// The AES block size in bytes.
    public static let blockSize = 16

    /// The backend this context runs on.
    public let backend: AESBackend
    /// The directions this context was prepared for.
    public let directions: AESDirection
    let engine: any AESEngine

    /// Prepares `key` (16 bytes) on `backend` (the platform's AES when it is available, see
    /// ``AESBackend/preferred``) for `directions`. A backend that is not available falls back to
    /// ``AESBackend/swift``; ``backend`` says which one runs.
    public init(key: [UInt8], backend: AESBackend = .preferred, directions: AESDirection = .both)
        throws(CipherError)
    {
        guard key.count == 16 else { throw .keyLength(key.count) }
        self.directions = directions
        switch backend {
        case .openSSL:
            if let library = OpenSSLLibrary.shared, let engine = OpenSSLAES(key: key, directions: directions, library) {
                (self.engine, self.backend) = (engine, .openSSL)
                return
            }
        case .commonCrypto:
            #if canImport(CommonCrypto)
                if let engine = CommonCryptoAES(key: key, directions: directions) {
                    (self.engine, self.backend) = (engine, .commonCrypto)
                    return
                }
            #endif
        case .swift:
            break
        }
        (self.engine, self.backend) = (try AES128(key: key), .swift)
    }

    private static func checkBlocks(_ data: [UInt8]) throws(CipherError) {
        guard data.count % blockSize == 0 else { throw .notWholeBlocks(data.count) }
    }

    private func require(_ direction: AESDirection) {
        precondition(directions.contains(direction), "this AESContext was not prepared for \(direction)")
    }

    /// Enciphers the 16 bytes at `block` in place: the hot path of CMAC and CBC.
    @inline(__always)
    func encryptInPlace(_ block: UnsafeMutablePointer<UInt8>) {
        engine.encrypt(block, block, count: 1)
    }

    /// One block (16 bytes) enciphered.
    public func encrypt(block: [UInt8]) throws(CipherError) -> [UInt8] {
        guard block.count == Self.blockSize else { throw .notWholeBlocks(block.count) }
        return try encryptECB(block)
    }

    /// One block (16 bytes) deciphered.
    public func decrypt(block: [UInt8]) throws(CipherError) -> [UInt8] {
        guard block.count == Self.blockSize else { throw .notWholeBlocks(block.count) }
        return try decryptECB(block)
    }

    /// ECB (NIST SP 800-38A §6.1): each block enciphered on its own; `data` is whole blocks.
    public func encryptECB(_ data: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.checkBlocks(data)
        require(.encrypt)
        var out = data
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            engine.encrypt(base, base, count: buffer.count / 16)
        }
        return out
    }

    /// ECB decryption (NIST SP 800-38A §6.1).
    public func decryptECB(_ data: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.checkBlocks(data)
        require(.decrypt)
        var out = data
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            engine.decrypt(base, base, count: buffer.count / 16)
        }
        return out
    }

    /// CBC encryption (NIST SP 800-38A §6.2) with the 16-byte `iv`, no padding.
    public func encryptCBC(_ data: [UInt8], iv: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.checkBlocks(data)
        guard iv.count == Self.blockSize else { throw .ivLength(iv.count) }
        require(.encrypt)
        var out = data
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for offset in stride(from: 0, to: buffer.count, by: 16) {
                for index in 0..<16 {
                    base[offset + index] ^= offset == 0 ? iv[index] : base[offset - 16 + index]
                }
                engine.encrypt(base + offset, base + offset, count: 1)
            }
        }
        return out
    }

    /// CBC decryption (NIST SP 800-38A §6.2) with the 16-byte `iv`, no padding removed. Every block
    /// is deciphered in one call, then chained.
    public func decryptCBC(_ data: [UInt8], iv: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.checkBlocks(data)
        guard iv.count == Self.blockSize else { throw .ivLength(iv.count) }
        require(.decrypt)
        var out = data
        out.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            engine.decrypt(base, base, count: buffer.count / 16)
            for index in 0..<min(16, buffer.count) { base[index] ^= iv[index] }
            for index in stride(from: 16, to: buffer.count, by: 1) { base[index] ^= data[index - 16] }
        }
        return out
    }
}
