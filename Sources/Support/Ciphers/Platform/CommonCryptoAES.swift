#if canImport(CommonCrypto)
    import CommonCrypto

    /// AES-128-ECB under one key in CommonCrypto: one `CCCryptor` per direction, made once.
    ///
    /// ECB without padding keeps no chaining state, so `CCCryptorUpdate` on whole blocks only reads
    /// the key schedule and one engine serves concurrent callers.
    final class CommonCryptoAES: AESEngine, @unchecked Sendable {
        // @unchecked: the cryptors are written only in init and deinit (see above).
        private let encryptor: CCCryptorRef?
        private let decryptor: CCCryptorRef?

        static let isAvailable = true

        init?(key: [UInt8], directions: AESDirection) {
            func cryptor(_ operation: Int) -> CCCryptorRef? {
                var made: CCCryptorRef?
                let status = CCCryptorCreate(
                    CCOperation(operation), CCAlgorithm(kCCAlgorithmAES), CCOptions(kCCOptionECBMode), key, key.count,
                    nil, &made)
                return status == CCCryptorStatus(kCCSuccess) ? made : nil
            }
            let encryptor = directions.contains(.encrypt) ? cryptor(kCCEncrypt) : nil
            let decryptor = directions.contains(.decrypt) ? cryptor(kCCDecrypt) : nil
            guard encryptor != nil || !directions.contains(.encrypt),
                decryptor != nil || !directions.contains(.decrypt)
            else {
                if let encryptor { CCCryptorRelease(encryptor) }
                if let decryptor { CCCryptorRelease(decryptor) }
                return nil
            }
            self.encryptor = encryptor
            self.decryptor = decryptor
        }

        deinit {
            if let encryptor { CCCryptorRelease(encryptor) }
            if let decryptor { CCCryptorRelease(decryptor) }
        }

        private func run(
            _ cryptor: CCCryptorRef?, _ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, _ count: Int
        ) {
            var moved = 0
            let status = CCCryptorUpdate(cryptor, input, 16 * count, output, 16 * count, &moved)
            precondition(
                status == CCCryptorStatus(kCCSuccess) && moved == 16 * count, "CommonCrypto refused AES blocks")
        }

        func encrypt(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int) {
            run(encryptor, input, output, count)
        }

        func decrypt(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int) {
            run(decryptor, input, output, count)
        }
    }
#else
    /// CommonCrypto exists only on Apple platforms.
    enum CommonCryptoAES {
        static let isAvailable = false
    }
#endif
