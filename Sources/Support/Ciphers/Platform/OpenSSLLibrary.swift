#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The handful of OpenSSL libcrypto functions AES (and Ultralight C's triple DES) needs, resolved with `dlopen`/`dlsym` at run time
/// (as PCSCLibrary loads libpcsclite), so TapCard builds without OpenSSL's headers and runs, on
/// its own AES, where libcrypto is missing.
///
/// AES goes through EVP, never the deprecated `AES_encrypt`: EVP picks AES-NI (or the
/// constant-time vector-permutation code) where the processor has it, while `AES_encrypt` is the
/// table-based C code whose memory accesses depend on the key and the data.
struct OpenSSLLibrary: @unchecked Sendable {
    // @unchecked: immutable C function pointers and OpenSSL's own immutable cipher object; libcrypto
    // 1.1 and 3.x are thread-safe for distinct contexts.
    typealias NewContext = @convention(c) () -> OpaquePointer?
    typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
    typealias CipherInit =
        @convention(c) (
            OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, Int32
        ) -> Int32
    typealias SetPadding = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias Cipher =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafePointer<UInt8>?, UInt32) ->
        Int32
    typealias Fetch = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias Legacy = @convention(c) () -> OpaquePointer?

    let newContext: NewContext
    let freeContext: FreeContext
    let cipherInit: CipherInit
    let setPadding: SetPadding
    let cipher: Cipher
    /// `EVP_CIPHER` for AES-128-ECB: fetched once from the default provider (OpenSSL 3), so no
    /// context creation repeats the fetch, or `EVP_aes_128_ecb()` (OpenSSL 1.1).
    let aes128ECB: OpaquePointer
    /// `EVP_CIPHER` for two-key triple DES in CBC mode (`DES-EDE-CBC`, in OpenSSL 3's default
    /// provider), or `EVP_des_ede_cbc()` (OpenSSL 1.1); `nil` when this libcrypto has neither
    /// (a build without DES). Only MIFARE Ultralight C needs it.
    let desEDECBC: OpaquePointer?
    /// SHA-256 through `EVP_MD`, for HMAC-SHA256; `nil` when this libcrypto lacks a function.
    let digest: OpenSSLDigestFunctions?

    /// The sonames tried, in order.
    static let defaultPaths = ["libcrypto.so.3", "libcrypto.so"]

    /// The library, loaded once per process; `nil` when it cannot be (``loadError`` says why).
    static let shared: OpenSSLLibrary? = try? loaded.get()

    /// Why libcrypto could not be loaded, or `nil`.
    static var loadError: String? {
        if case .failure(let error) = loaded { return error.detail }
        return nil
    }

    struct LoadError: Error {
        var detail: String
    }

    private static let loaded: Result<OpenSSLLibrary, LoadError> = {
        do throws(LoadError) {
            return .success(try load(paths: defaultPaths))
        } catch {
            return .failure(error)
        }
    }()

    /// Opens the first of `paths` that loads and resolves the functions.
    static func load(paths: [String]) throws(LoadError) -> OpenSSLLibrary {
        #if canImport(CommonCrypto)
            throw LoadError(detail: "Apple platforms use CommonCrypto")
        #else
            var handle: UnsafeMutableRawPointer? = nil
            var lastError = "no library path was given"
            for path in paths {
                handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
                if handle != nil { break }
                if let message = dlerror() { lastError = String(cString: message) }
            }
            guard let handle else { throw LoadError(detail: lastError) }
            func symbol<F>(_ name: String, as type: F.Type) throws(LoadError) -> F {
                guard let pointer = dlsym(handle, name) else {
                    throw LoadError(detail: "libcrypto has no function \(name)")
                }
                return unsafeBitCast(pointer, to: type)
            }
            let cipherObject: OpaquePointer?
            if let fetch = dlsym(handle, "EVP_CIPHER_fetch") {
                cipherObject = unsafeBitCast(fetch, to: Fetch.self)(nil, "AES-128-ECB", nil)
            } else {
                cipherObject = try symbol("EVP_aes_128_ecb", as: Legacy.self)()
            }
            guard let cipherObject else { throw LoadError(detail: "libcrypto offers no AES-128-ECB") }
            let desObject: OpaquePointer?
            if let fetch = dlsym(handle, "EVP_CIPHER_fetch") {
                desObject = unsafeBitCast(fetch, to: Fetch.self)(nil, "DES-EDE-CBC", nil)
            } else if let legacy = dlsym(handle, "EVP_des_ede_cbc") {
                desObject = unsafeBitCast(legacy, to: Legacy.self)()
            } else {
                desObject = nil
            }
            var digest: OpenSSLDigestFunctions?
            let sha256: OpaquePointer?
            if let fetch = dlsym(handle, "EVP_MD_fetch") {
                sha256 = unsafeBitCast(fetch, to: Fetch.self)(nil, "SHA256", nil)
            } else if let legacy = dlsym(handle, "EVP_sha256") {
                sha256 = unsafeBitCast(legacy, to: Legacy.self)()
            } else {
                sha256 = nil
            }
            if let sha256, let new = dlsym(handle, "EVP_MD_CTX_new"), let free = dlsym(handle, "EVP_MD_CTX_free"),
                let initialize = dlsym(handle, "EVP_DigestInit_ex"), let update = dlsym(handle, "EVP_DigestUpdate"),
                let final = dlsym(handle, "EVP_DigestFinal_ex"), let copy = dlsym(handle, "EVP_MD_CTX_copy_ex")
            {
                digest = OpenSSLDigestFunctions(
                    newContext: unsafeBitCast(new, to: OpenSSLDigestFunctions.NewContext.self),
                    freeContext: unsafeBitCast(free, to: OpenSSLDigestFunctions.FreeContext.self),
                    initialize: unsafeBitCast(initialize, to: OpenSSLDigestFunctions.Initialize.self),
                    update: unsafeBitCast(update, to: OpenSSLDigestFunctions.Update.self),
                    final: unsafeBitCast(final, to: OpenSSLDigestFunctions.Final.self),
                    copy: unsafeBitCast(copy, to: OpenSSLDigestFunctions.Copy.self), sha256: sha256)
            }
            return OpenSSLLibrary(
                newContext: try symbol("EVP_CIPHER_CTX_new", as: NewContext.self),
                freeContext: try symbol("EVP_CIPHER_CTX_free", as: FreeContext.self),
                cipherInit: try symbol("EVP_CipherInit_ex", as: CipherInit.self),
                setPadding: try symbol("EVP_CIPHER_CTX_set_padding", as: SetPadding.self),
                cipher: try symbol("EVP_Cipher", as: Cipher.self), aes128ECB: cipherObject, desEDECBC: desObject,
                digest: digest)
        #endif
    }
}
