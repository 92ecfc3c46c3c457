#if canImport(CommonCrypto)
    import CommonCrypto

    /// A SHA-256 state in CommonCrypto (`CC_SHA256_CTX`, a plain C structure) that has absorbed a
    /// prefix; finishing works on a copy, so the state serves any number of messages.
    struct CommonCryptoSHA256: @unchecked Sendable {
        // @unchecked: a C structure of integers and bytes, copied before every change.
        private var context = CC_SHA256_CTX()

        init(absorbing prefix: [UInt8]) {
            CC_SHA256_Init(&context)
            CC_SHA256_Update(&context, prefix, CC_LONG(prefix.count))
        }

        func finishing(_ message: [UInt8]) -> [UInt8] {
            var copy = context
            CC_SHA256_Update(&copy, message, CC_LONG(message.count))
            var out = [UInt8](repeating: 0, count: Int(CC_SHA256_DIGEST_LENGTH))
            CC_SHA256_Final(&out, &copy)
            return out
        }
    }
#endif
