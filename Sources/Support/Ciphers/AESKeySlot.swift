/// One AES-128 key at a time, changed in place: the hot path of a backend that verifies a tag with
/// its own keys on every URL, and of LRP, whose every step enciphers under a new key.
///
/// An ``AESContext`` is made once per key and shared; a slot is made once per thread and re-keyed.
/// On OpenSSL a re-key keeps the `EVP_CIPHER_CTX` and its provider context (no allocation, no
/// cipher lookup): only the key schedule is computed again. A slot remembers the key it holds, so
/// setting the same key again costs a 16-byte comparison. Not `Sendable`: one slot per thread.
///
/// ```swift
/// let slot = AESKeySlot(direction: .encrypt)
/// slot.setKey(key)
/// slot.encrypt(&block)
/// ```
public final class AESKeySlot {
    /// The backend the slot runs on.
    public let backend: AESBackend
    /// The one direction this slot enciphers or deciphers in.
    public let direction: AESDirection
    private let engine: any AESRekeyEngine
    /// The key the slot holds (16 bytes), all zeros before the first ``setKey(_:)``.
    private var key = [UInt8](repeating: 0, count: 16)
    private var keyed = false

    /// A slot on `backend` (the platform's AES when it loads) for `direction` (`.encrypt` or
    /// `.decrypt`, not both).
    public init(backend: AESBackend = .preferred, direction: AESDirection) {
        precondition(direction == .encrypt || direction == .decrypt, "an AESKeySlot has one direction")
        self.direction = direction
        switch backend {
        case .openSSL:
            if let library = OpenSSLLibrary.shared,
                let engine = OpenSSLAESSlot(encrypting: direction == .encrypt, library)
            {
                (self.engine, self.backend) = (engine, .openSSL)
                return
            }
        case .commonCrypto:
            #if canImport(CommonCrypto)
                (self.engine, self.backend) = (CommonCryptoAESSlot(encrypting: direction == .encrypt), .commonCrypto)
                return
            #endif
        case .swift:
            break
        }
        (self.engine, self.backend) = (SwiftAESSlot(encrypting: direction == .encrypt), .swift)
    }

    /// Holds `key` (16 bytes) from now on; nothing is recomputed when it is the key already held.
    public func setKey(_ key: [UInt8]) {
        precondition(key.count == 16, "AES-128 keys are 16 bytes")
        if keyed && key == self.key { return }
        self.key = key
        keyed = true
        key.withUnsafeBufferPointer { engine.rekey($0.baseAddress!) }
    }

    /// Enciphers (or, for a `.decrypt` slot, deciphers) the 16 bytes at `block` in place.
    @inline(__always)
    public func apply(_ block: UnsafeMutablePointer<UInt8>) {
        precondition(keyed, "an AESKeySlot was used before it was given a key")
        engine.apply(block)
    }

    /// One block (16 bytes) through the slot's direction.
    public func apply(block: [UInt8]) -> [UInt8] {
        precondition(block.count == 16, "AES blocks are 16 bytes")
        var out = block
        out.withUnsafeMutableBufferPointer { apply($0.baseAddress!) }
        return out
    }
}

/// What a re-keyable backend does: a new key schedule in place, and one block in one direction.
protocol AESRekeyEngine: AnyObject {
    func rekey(_ key: UnsafePointer<UInt8>)
    func apply(_ block: UnsafeMutablePointer<UInt8>)
}

/// TapCard's own AES in a slot: the round keys are expanded again for each key.
final class SwiftAESSlot: AESRekeyEngine {
    private let encrypting: Bool
    private var aes: AES128?

    init(encrypting: Bool) { self.encrypting = encrypting }

    func rekey(_ key: UnsafePointer<UInt8>) {
        // 16 bytes by the slot's precondition, so the expansion cannot refuse the key.
        aes = AES128(expanding: Array(UnsafeBufferPointer(start: key, count: 16)))
    }

    func apply(_ block: UnsafeMutablePointer<UInt8>) {
        guard let aes else { return }
        if encrypting {
            aes.encrypt(AESState(UnsafePointer(block))).store(to: block)
        } else {
            aes.decrypt(AESState(UnsafePointer(block))).store(to: block)
        }
    }
}
