/// AES-CMAC (RFC 4493, = NIST SP 800-38B with AES-128): a 16-byte MAC of a message of any length.
///
/// Made once per key: the key schedule (an ``AESContext``, on the platform's AES by default) and
/// the subkeys K1 and K2 are derived in `init` and reused by every MAC computed. The subkeys are
/// derived with masks rather than a branch on the top bit of L, so their derivation takes the same
/// time for every key.
public struct AESCMAC: Sendable {
    private let cipher: AESContext
    /// K1 of RFC 4493 §2.3, XORed into a complete last block.
    public let subkey1: [UInt8]
    /// K2 of RFC 4493 §2.3, XORed into a padded last block.
    public let subkey2: [UInt8]

    /// Prepares the MAC under `key` (16 bytes) on `backend`: expands the key once and derives K1
    /// and K2.
    public init(key: [UInt8], backend: AESBackend = .preferred) throws(CipherError) {
        try self.init(context: AESContext(key: key, backend: backend, directions: .encrypt))
    }

    /// Prepares the MAC over an existing context (which must encrypt).
    public init(context: AESContext) {
        cipher = context
        var zero = [UInt8](repeating: 0, count: 16)
        zero.withUnsafeMutableBufferPointer { context.encryptInPlace($0.baseAddress!) }
        subkey1 = Self.double(zero)
        subkey2 = Self.double(subkey1)
    }

    /// The backend the MAC runs on.
    public var backend: AESBackend { cipher.backend }

    /// Multiplication by x in GF(2^128) (RFC 4493 §2.3): shift left by one bit, and XOR 0x87 into
    /// the last byte when the bit shifted out was set.
    static func double(_ block: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 {
            let carry = index < 15 ? block[index + 1] >> 7 : 0
            out[index] = block[index] << 1 | carry
        }
        out[15] ^= 0x87 & (0 &- (block[0] >> 7))
        return out
    }

    /// The 16-byte CMAC of `message` (RFC 4493 §2.4).
    public func mac(_ message: [UInt8]) -> [UInt8] {
        message.withUnsafeBufferPointer { mac(UnsafeRawBufferPointer($0)) }
    }

    /// The 16-byte CMAC of the bytes of `message` (RFC 4493 §2.4), without copying them: a SUN
    /// verifier MACs a span of the URL's own UTF-8.
    public func mac(_ message: UnsafeRawBufferPointer) -> [UInt8] {
        var chain = [UInt8](repeating: 0, count: 16)
        let count = message.count
        let blocks = max(1, (count + 15) / 16)
        let complete = count > 0 && count % 16 == 0
        chain.withUnsafeMutableBufferPointer { buffer in
            let state = buffer.baseAddress!
            for block in 0..<(blocks - 1) {
                for index in 0..<16 { state[index] ^= message[16 * block + index] }
                cipher.encryptInPlace(state)
            }
            let start = 16 * (blocks - 1)
            let tail = count - start
            for index in 0..<tail { state[index] ^= message[start + index] }
            if complete {
                for index in 0..<16 { state[index] ^= subkey1[index] }
            } else {
                state[tail] ^= 0x80
                for index in 0..<16 { state[index] ^= subkey2[index] }
            }
            cipher.encryptInPlace(state)
        }
        return chain
    }

    /// The 16-byte CMAC (RFC 4493) of `message` under the key `slot` holds (an encrypting slot):
    /// the subkeys are derived here, so a caller that changes the key for every message pays one
    /// block more than a prepared ``AESCMAC`` and makes nothing.
    public static func mac(_ message: UnsafeRawBufferPointer, slot: AESKeySlot) -> [UInt8] {
        precondition(slot.direction == .encrypt, "CMAC enciphers")
        var l = [UInt8](repeating: 0, count: 16)
        l.withUnsafeMutableBufferPointer { slot.apply($0.baseAddress!) }
        let k1 = double(l)
        let complete = message.count > 0 && message.count % 16 == 0
        return chain(message, subkey: complete ? k1 : double(k1)) { slot.apply($0) }
    }

    /// ``mac(_:slot:)`` of an array.
    public static func mac(_ message: [UInt8], slot: AESKeySlot) -> [UInt8] {
        message.withUnsafeBufferPointer { mac(UnsafeRawBufferPointer($0), slot: slot) }
    }

    /// The CBC-MAC chain of RFC 4493 §2.4 with the last block XORed with `subkey` (after 10*
    /// padding when it is incomplete), through `encipher`.
    static func chain(
        _ message: UnsafeRawBufferPointer, subkey: [UInt8], _ encipher: (UnsafeMutablePointer<UInt8>) -> Void
    ) -> [UInt8] {
        var chain = [UInt8](repeating: 0, count: 16)
        let count = message.count
        let blocks = max(1, (count + 15) / 16)
        chain.withUnsafeMutableBufferPointer { buffer in
            let state = buffer.baseAddress!
            for block in 0..<(blocks - 1) {
                for index in 0..<16 { state[index] ^= message[16 * block + index] }
                encipher(state)
            }
            let start = 16 * (blocks - 1)
            let tail = count - start
            for index in 0..<tail { state[index] ^= message[start + index] }
            if tail < 16 { state[tail] ^= 0x80 }
            for index in 0..<16 { state[index] ^= subkey[index] }
            encipher(state)
        }
        return chain
    }

    /// NXP AN10922's AES-128 key diversification (§2.2) under this MAC's key (the master key):
    /// the CMAC of D = 01h ‖ `input`, where `input` (1 to 31 bytes: the UID, and optionally an
    /// application ID and a system identifier) is padded to 32 bytes with 80h 00h… and then takes
    /// subkey K2, or takes K1 when D is exactly 32 bytes. The answer is the diversified key.
    public func diversify(_ input: [UInt8]) -> [UInt8] {
        precondition((1...31).contains(input.count), "AN10922 diversifies 1 to 31 bytes of input")
        var data = [0x01] + input
        let complete = data.count == 32
        if !complete {
            data.append(0x80)
            data += [UInt8](repeating: 0, count: 32 - data.count)
        }
        var chain = [UInt8](repeating: 0, count: 16)
        chain.withUnsafeMutableBufferPointer { buffer in
            let state = buffer.baseAddress!
            for index in 0..<16 { state[index] = data[index] }
            cipher.encryptInPlace(state)
            let subkey = complete ? subkey1 : subkey2
            for index in 0..<16 { state[index] ^= data[16 + index] ^ subkey[index] }
            cipher.encryptInPlace(state)
        }
        return chain
    }

    /// The CMAC of `message` under `key`, in one call.
    public static func mac(key: [UInt8], message: [UInt8], backend: AESBackend = .preferred) throws(CipherError)
        -> [UInt8]
    {
        try AESCMAC(key: key, backend: backend).mac(message)
    }

    /// True when `tag` is the CMAC of `message`, or its first `tag.count` bytes (1…16), compared
    /// in constant time.
    public func verify(_ tag: [UInt8], of message: [UInt8]) -> Bool {
        guard (1...16).contains(tag.count) else { return false }
        return ConstantTime.equal(Array(mac(message).prefix(tag.count)), tag)
    }
}
