/// AES-CMAC (RFC 4493, = NIST SP 800-38B with AES-128): a 16-byte MAC of a message of any length.
///
/// The subkeys are derived with masks rather than a branch on the top bit of L, so their
/// derivation takes the same time for every key.
public struct AESCMAC: Sendable {
    private let cipher: AES128
    /// K1 of RFC 4493 §2.3, XORed into a complete last block.
    public let subkey1: [UInt8]
    /// K2 of RFC 4493 §2.3, XORed into a padded last block.
    public let subkey2: [UInt8]

    /// Prepares the MAC under `key` (16 bytes): expands the key and derives K1 and K2.
    public init(key: [UInt8]) throws(CipherError) {
        cipher = try AES128(key: key)
        var zero: [UInt8] = []
        cipher.encrypt(AESState(0, 0, 0, 0)).append(to: &zero)
        subkey1 = Self.double(zero)
        subkey2 = Self.double(subkey1)
    }

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
        let blocks = max(1, (message.count + 15) / 16)
        let complete = !message.isEmpty && message.count % 16 == 0
        var last = Array(message[(16 * (blocks - 1))...])
        if complete {
            for index in 0..<16 { last[index] ^= subkey1[index] }
        } else {
            last.append(0x80)
            last += [UInt8](repeating: 0, count: 16 - last.count)
            for index in 0..<16 { last[index] ^= subkey2[index] }
        }
        var chain = AESState(0, 0, 0, 0)
        for block in 0..<(blocks - 1) {
            chain = cipher.encrypt(AESState(message, at: 16 * block) ^ chain)
        }
        var out: [UInt8] = []
        cipher.encrypt(AESState(last, at: 0) ^ chain).append(to: &out)
        return out
    }

    /// The CMAC of `message` under `key`, in one call.
    public static func mac(key: [UInt8], message: [UInt8]) throws(CipherError) -> [UInt8] {
        try AESCMAC(key: key).mac(message)
    }

    /// True when `tag` is the CMAC of `message`, or its first `tag.count` bytes (1…16), compared
    /// in constant time.
    public func verify(_ tag: [UInt8], of message: [UInt8]) -> Bool {
        guard (1...16).contains(tag.count) else { return false }
        return ConstantTime.equal(Array(mac(message).prefix(tag.count)), tag)
    }
}
