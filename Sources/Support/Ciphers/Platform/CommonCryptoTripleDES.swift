#if canImport(CommonCrypto)
    import CommonCrypto

    /// Two-key triple DES in CBC mode in CommonCrypto: `kCCAlgorithm3DES` takes a three-key
    /// (24-byte) key, so K1 is repeated as K3, which is what two-key DES-EDE is.
    struct CommonCryptoTripleDES: TripleDESEngine {
        func run(_ data: [UInt8], key: [UInt8], iv: [UInt8], encrypting: Bool) throws(CipherError) -> [UInt8] {
            let threeKeys = key + key.prefix(8)
            let capacity = data.count
            var out = [UInt8](repeating: 0, count: capacity)
            var moved = 0
            // CBC is CommonCrypto's default mode; options 0 also means no padding.
            let status = CCCrypt(
                CCOperation(encrypting ? kCCEncrypt : kCCDecrypt), CCAlgorithm(kCCAlgorithm3DES), CCOptions(0),
                threeKeys, threeKeys.count, iv, data, capacity, &out, capacity, &moved)
            guard status == CCCryptorStatus(kCCSuccess), moved == data.count else {
                throw .tripleDESUnavailable("CommonCrypto refused 3DES-CBC (status \(status))")
            }
            return out
        }
    }
#endif
