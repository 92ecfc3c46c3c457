/// The Leakage Resilient Primitive (NXP AN12304, "Leakage Resilient Primitive (LRP) Specification"),
/// with m = 4 (nibbles, 16 plaintexts) and 4 updated keys, as NTAG 424 DNA's LRP mode uses it:
/// the evaluation (Algorithm 3), LRICB encryption and decryption (Algorithms 4 and 5) and CMAC_LRP
/// (AN12304 §3.3: AES-CMAC's structure with the LRP evaluation as the block function).
///
/// Every step of an evaluation enciphers one of the plaintexts under the running value as the key,
/// so the key changes at every nibble: each AES call here makes its own key schedule. Verifying a
/// SUN message costs a few hundred of them, which is a backend's work, not a tag's.
public struct LRP: Sendable {
    /// The 16 plaintexts P0…P15 (Algorithm 1).
    public let plaintexts: [[UInt8]]
    /// The updated keys K'0…K'3 (Algorithm 2).
    public let updatedKeys: [[UInt8]]
    private let backend: AESBackend

    /// Derives the plaintexts and updated keys of `key` (16 bytes), on a slot of its own.
    public init(key: [UInt8], backend: AESBackend = .preferred) throws(CipherError) {
        try self.init(key: key, slot: AESKeySlot(backend: backend, direction: .encrypt))
    }

    /// Derives the plaintexts and updated keys of `key` (16 bytes) on `slot` (an encrypting slot,
    /// re-keyed at every step): a backend verifying many tags keeps one slot for all of them.
    public init(key: [UInt8], slot: AESKeySlot) throws(CipherError) {
        guard key.count == 16 else { throw .keyLength(key.count) }
        precondition(slot.direction == .encrypt, "LRP enciphers")
        self.backend = slot.backend
        let fives = [UInt8](repeating: 0x55, count: 16)
        let as_ = [UInt8](repeating: 0xAA, count: 16)
        var h = Self.encipher(fives, key: key, slot)
        var plaintexts: [[UInt8]] = []
        for _ in 0..<16 {
            plaintexts.append(Self.encipher(as_, key: h, slot))
            h = Self.encipher(fives, key: h, slot)
        }
        h = Self.encipher(as_, key: key, slot)
        var updatedKeys: [[UInt8]] = []
        for _ in 0..<4 {
            updatedKeys.append(Self.encipher(as_, key: h, slot))
            h = Self.encipher(fives, key: h, slot)
        }
        self.plaintexts = plaintexts
        self.updatedKeys = updatedKeys
    }

    /// AES-128 of one block under `key` (16 bytes: an AES output or a key checked in init).
    static func encipher(_ block: [UInt8], key: [UInt8], _ slot: AESKeySlot) -> [UInt8] {
        slot.setKey(key)
        return slot.apply(block: block)
    }

    /// An encrypting slot on this LRP's backend, for one call that brings none.
    private func freshSlot() -> AESKeySlot { AESKeySlot(backend: backend, direction: .encrypt) }

    /// Algorithm 3: the evaluation of `input` (read as nibbles, most significant first) under the
    /// updated key `updatedKey` (0…3); `final` adds the last encryption of a zero block. `slot`, an
    /// encrypting slot, is re-keyed at every nibble (one is made when none is given).
    public func evaluate(_ input: [UInt8], updatedKey: Int, final: Bool, slot: AESKeySlot? = nil) -> [UInt8] {
        let slot = slot ?? freshSlot()
        var y = updatedKeys[updatedKey & 3]
        for byte in input {
            y = Self.encipher(plaintexts[Int(byte >> 4)], key: y, slot)
            y = Self.encipher(plaintexts[Int(byte & 0x0F)], key: y, slot)
        }
        if final { y = Self.encipher([UInt8](repeating: 0, count: 16), key: y, slot) }
        return y
    }

    /// The counter after `counter` (big-endian, its own length, wrapping to zero).
    static func increment(_ counter: [UInt8]) -> [UInt8] {
        var next = counter
        var index = next.count - 1
        while index >= 0 {
            next[index] &+= 1
            if next[index] != 0 { break }
            index -= 1
        }
        return next
    }

    /// Algorithm 5 without padding removal: LRICB decryption of whole blocks with the counter
    /// starting at `counter` (any length; NTAG 424 DNA uses PICCRand, 8 bytes, for PICCData, and
    /// SDMReadCtr ‖ 000000 for file data).
    public func decryptLRICB(_ data: [UInt8], counter: [UInt8], updatedKey: Int, slot: AESKeySlot? = nil)
        throws(CipherError) -> [UInt8]
    {
        guard data.count % 16 == 0 else { throw .notWholeBlocks(data.count) }
        let slot = slot ?? freshSlot()
        var counter = counter
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        for offset in stride(from: 0, to: data.count, by: 16) {
            let key = evaluate(counter, updatedKey: updatedKey, final: true, slot: slot)
            out += try AESContext(key: key, backend: backend, directions: .decrypt).decrypt(
                block: Array(data[offset..<(offset + 16)]))
            counter = Self.increment(counter)
        }
        return out
    }

    /// Algorithm 4 without padding: LRICB encryption of whole blocks.
    public func encryptLRICB(_ data: [UInt8], counter: [UInt8], updatedKey: Int) throws(CipherError) -> [UInt8] {
        guard data.count % 16 == 0 else { throw .notWholeBlocks(data.count) }
        let slot = freshSlot()
        var counter = counter
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        for offset in stride(from: 0, to: data.count, by: 16) {
            let key = evaluate(counter, updatedKey: updatedKey, final: true, slot: slot)
            out += Self.encipher(Array(data[offset..<(offset + 16)]), key: key, slot)
            counter = Self.increment(counter)
        }
        return out
    }

    /// CMAC_LRP of `message` under the updated key `updatedKey` (AN12304 §3.3): K0 is the
    /// evaluation of the zero block, K1 = 2·K0 and K2 = 4·K0 in GF(2^128) as in RFC 4493.
    public func cmac(_ message: [UInt8], updatedKey: Int = 0, slot: AESKeySlot? = nil) -> [UInt8] {
        let slot = slot ?? freshSlot()
        let k0 = evaluate([UInt8](repeating: 0, count: 16), updatedKey: updatedKey, final: true, slot: slot)
        let k1 = AESCMAC.double(k0)
        let k2 = AESCMAC.double(k1)
        let blocks = max(1, (message.count + 15) / 16)
        let complete = !message.isEmpty && message.count % 16 == 0
        var y = [UInt8](repeating: 0, count: 16)
        for block in 0..<(blocks - 1) {
            for index in 0..<16 { y[index] ^= message[16 * block + index] }
            y = evaluate(y, updatedKey: updatedKey, final: true, slot: slot)
        }
        var last = Array(message[(16 * (blocks - 1))...])
        if !complete {
            last.append(0x80)
            last += [UInt8](repeating: 0, count: 16 - last.count)
        }
        for index in 0..<16 { y[index] ^= last[index] ^ (complete ? k1[index] : k2[index]) }
        return evaluate(y, updatedKey: updatedKey, final: true, slot: slot)
    }
}
