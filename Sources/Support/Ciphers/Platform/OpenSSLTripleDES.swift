/// Two-key triple DES in CBC mode in OpenSSL's libcrypto (`DES-EDE-CBC`).
///
/// A context is made, keyed with the IV, used and freed on every call: CBC keeps its chaining
/// value in the context, so a shared one would not be safe between tasks, and Ultralight C's
/// authentication enciphers three blocks in all.
struct OpenSSLTripleDES: TripleDESEngine, @unchecked Sendable {
    // @unchecked: the library's function pointers and OpenSSL's cipher object are immutable.
    let library: OpenSSLLibrary
    let cipher: OpaquePointer

    func run(_ data: [UInt8], key: [UInt8], iv: [UInt8], encrypting: Bool) throws(CipherError) -> [UInt8] {
        guard let context = library.newContext() else { throw .tripleDESUnavailable("EVP_CIPHER_CTX_new failed") }
        defer { library.freeContext(context) }
        guard library.cipherInit(context, cipher, nil, key, iv, encrypting ? 1 : 0) == 1,
            library.setPadding(context, 0) == 1
        else { throw .tripleDESUnavailable("libcrypto refused to key DES-EDE-CBC") }
        var out = [UInt8](repeating: 0, count: data.count)
        let done = out.withUnsafeMutableBufferPointer { output in
            data.withUnsafeBufferPointer { input in
                library.cipher(context, output.baseAddress, input.baseAddress, UInt32(data.count))
            }
        }
        guard done > 0 else { throw .tripleDESUnavailable("libcrypto's EVP_Cipher refused whole DES blocks") }
        return out
    }
}
