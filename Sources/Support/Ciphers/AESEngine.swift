/// What each AES backend does: whole blocks in ECB, by pointer, with the key schedule prepared
/// when the engine was made. Chaining (CBC, CMAC) is written once, in ``AESContext``, over this.
protocol AESEngine: Sendable {
    /// Enciphers `count` 16-byte blocks from `input` into `output` (which may be `input`).
    func encrypt(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int)
    /// Deciphers `count` 16-byte blocks from `input` into `output` (which may be `input`).
    func decrypt(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int)
}

extension AES128: AESEngine {
    func encrypt(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int) {
        for block in 0..<count {
            encrypt(AESState(input + 16 * block)).store(to: output + 16 * block)
        }
    }

    func decrypt(_ input: UnsafePointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>, count: Int) {
        for block in 0..<count {
            decrypt(AESState(input + 16 * block)).store(to: output + 16 * block)
        }
    }
}
