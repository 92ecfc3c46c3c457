/// An ``AESKeySlot`` on OpenSSL's libcrypto: one `EVP_CIPHER_CTX`, set to AES-128-ECB once, then
/// re-keyed with `EVP_CipherInit_ex(ctx, NULL, NULL, key, NULL, enc)`, which keeps the context's
/// cipher and provider context and only runs the provider's key set-up: no allocation and no
/// cipher lookup per key.
final class OpenSSLAESSlot: AESRekeyEngine {
    private let library: OpenSSLLibrary
    private let context: OpaquePointer
    private let encrypting: Int32

    /// `nil` when libcrypto refuses to make or set up a context (out of memory).
    init?(encrypting: Bool, _ library: OpenSSLLibrary) {
        guard let context = library.newContext() else { return nil }
        let zero = [UInt8](repeating: 0, count: 16)
        guard library.cipherInit(context, library.aes128ECB, nil, zero, nil, encrypting ? 1 : 0) == 1,
            library.setPadding(context, 0) == 1
        else {
            library.freeContext(context)
            return nil
        }
        self.library = library
        self.context = context
        self.encrypting = encrypting ? 1 : 0
    }

    deinit { library.freeContext(context) }

    func rekey(_ key: UnsafePointer<UInt8>) {
        let done = library.cipherInit(context, nil, nil, key, nil, encrypting)
        precondition(done == 1, "OpenSSL's EVP_CipherInit_ex refused a new AES-128 key on a prepared context")
    }

    func apply(_ block: UnsafeMutablePointer<UInt8>) {
        let done = library.cipher(context, block, block, 16)
        precondition(done > 0, "OpenSSL's EVP_Cipher refused an AES block")
    }
}
