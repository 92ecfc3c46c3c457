/// A SHA-256 state in OpenSSL's libcrypto (`EVP_MD_CTX`) that has absorbed a prefix; each
/// ``finishing(_:)`` copies it (`EVP_MD_CTX_copy_ex`) into a fresh context and finishes there, so
/// the prefix's blocks are hashed once for every message that follows them.
final class OpenSSLDigest: @unchecked Sendable {
    // @unchecked: the context is written only in init and deinit; EVP_MD_CTX_copy_ex only reads
    // its source.
    private let functions: OpenSSLDigestFunctions
    private let context: OpaquePointer

    /// `nil` when libcrypto refuses to make or start a context (out of memory).
    init?(absorbing prefix: [UInt8], _ functions: OpenSSLDigestFunctions) {
        guard let context = functions.newContext() else { return nil }
        guard functions.initialize(context, functions.sha256, nil) == 1,
            functions.update(context, prefix, prefix.count) == 1
        else {
            functions.freeContext(context)
            return nil
        }
        self.functions = functions
        self.context = context
    }

    deinit { functions.freeContext(context) }

    func finishing(_ message: [UInt8]) -> [UInt8] {
        guard let copy = functions.newContext() else {
            preconditionFailure("OpenSSL could not allocate a digest context")
        }
        defer { functions.freeContext(copy) }
        var out = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let done =
            functions.copy(copy, context) == 1 && functions.update(copy, message, message.count) == 1
            && functions.final(copy, &out, &length) == 1
        precondition(done && length == 32, "OpenSSL's SHA-256 refused to finish a digest")
        return out
    }
}

/// The `EVP_MD` functions SHA-256 needs, and the digest object, fetched once.
struct OpenSSLDigestFunctions: @unchecked Sendable {
    // @unchecked: immutable C function pointers and OpenSSL's own immutable digest object.
    typealias NewContext = @convention(c) () -> OpaquePointer?
    typealias FreeContext = @convention(c) (OpaquePointer?) -> Void
    typealias Initialize = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?) -> Int32
    typealias Update = @convention(c) (OpaquePointer?, UnsafeRawPointer?, Int) -> Int32
    typealias Final =
        @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt32>?) ->
        Int32
    typealias Copy = @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32

    let newContext: NewContext
    let freeContext: FreeContext
    let initialize: Initialize
    let update: Update
    let final: Final
    let copy: Copy
    /// `EVP_MD` for SHA-256: `EVP_MD_fetch(NULL, "SHA256", NULL)` (OpenSSL 3) or `EVP_sha256()`.
    let sha256: OpaquePointer
}
