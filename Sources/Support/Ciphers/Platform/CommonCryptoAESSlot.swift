#if canImport(CommonCrypto)
    import CommonCrypto

    /// An ``AESKeySlot`` on CommonCrypto: a `CCCryptor` made again for each new key (CommonCrypto
    /// has no re-key in place; Apple platforms are phones and desks, not the backend this serves).
    final class CommonCryptoAESSlot: AESRekeyEngine {
        private let operation: CCOperation
        private var cryptor: CCCryptorRef?

        init(encrypting: Bool) {
            operation = CCOperation(encrypting ? kCCEncrypt : kCCDecrypt)
        }

        deinit { if let cryptor { CCCryptorRelease(cryptor) } }

        func rekey(_ key: UnsafePointer<UInt8>) {
            if let cryptor { CCCryptorRelease(cryptor) }
            cryptor = nil
            let status = CCCryptorCreate(
                operation, CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionECBMode), key, 16, nil, &cryptor)
            precondition(status == CCCryptorStatus(kCCSuccess), "CommonCrypto refused an AES-128 key")
        }

        func apply(_ block: UnsafeMutablePointer<UInt8>) {
            var moved = 0
            let status = CCCryptorUpdate(cryptor, block, 16, block, 16, &moved)
            precondition(status == CCCryptorStatus(kCCSuccess) && moved == 16, "CommonCrypto refused an AES block")
        }
    }
#endif
