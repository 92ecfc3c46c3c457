/// AES-128-ECB under one key in OpenSSL's libcrypto: one `EVP_CIPHER_CTX` per direction, keyed once
/// and freed with the engine.
///
/// Blocks go through `EVP_Cipher`, which for ECB without padding hands them straight to the
/// provider's block function with the context's key schedule: it keeps no state between calls,
/// buffers nothing and changes nothing in the context, so one engine serves concurrent callers.
final class OpenSSLAES: AESEngine, @unchecked Sendable {
    // @unchecked: the contexts are written only in init and deinit; EVP_Cipher on an ECB context
    // without padding only reads its key schedule (see above).
    private let library: OpenSSLLibrary
    private let encryptor: OpaquePointer?
    private let decryptor: OpaquePointer?

    /// `nil` when libcrypto refuses to make or key a context (out of memory).
    init?(key: [UInt8], directions: AESDirection, _ library: OpenSSLLibrary) {
        self.library = library
        func context(encrypting: Bool) -> OpaquePointer? {
            guard let context = library.newContext() else { return nil }
            guard library.cipherInit(context, library.aes128ECB, nil, key, nil, encrypting ? 1 : 0) == 1,
                library.setPadding(context, 0) == 1
            else {
                library.freeContext(context)
                return nil
            }
            return context
        }
        let encryptor = directions.contains(.encrypt) ? context(encrypting: true) : nil
        let decryptor = directions.contains(.decrypt) ? context(encrypting: false) : nil
        guard encryptor != nil || !directions.contains(.encrypt), decryptor != nil || !directions.contains(.decrypt)
        else {
            if let encryptor { library.freeContext(encryptor) }
            if let decryptor { library.freeContext(decryptor) }
            return nil
        }
        self.encryptor = encryptor
        self.decryptor = decryptor
    }

    deinit {
        if let encryptor { library.freeContext(encryptor) }
        if let decryptor { library.freeContext(decryptor) }
    }

    func encrypt(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int) {
        // EVP_Cipher answers 0 for no data; there is nothing to do.
        guard count > 0 else { return }
        let done = library.cipher(encryptor, output, input, UInt32(16 * count))
        precondition(done > 0, "OpenSSL's EVP_Cipher refused whole AES blocks")
    }

    func decrypt(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int) {
        guard count > 0 else { return }
        let done = library.cipher(decryptor, output, input, UInt32(16 * count))
        precondition(done > 0, "OpenSSL's EVP_Cipher refused whole AES blocks")
    }
}
