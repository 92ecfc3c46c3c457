/// AES with a 128-bit key (FIPS 197), and the ECB and CBC modes of NIST SP 800-38A without padding.
///
/// Constant time: the S-box is computed (inversion in GF(2^8) as x^254 by a fixed chain of
/// products, then the affine map), never looked up in a table, and `xtime` uses a mask instead of
/// a branch, so no memory address or branch depends on the key or the data. The cost is speed:
/// about 120 000 blocks (1.9 MB) a second each way in a release build, measured with
/// scripts/aes-throughput.sh on a shared two-core machine under load; an NFC exchange needs a few
/// dozen blocks.
public struct AES128: Sendable {
    /// The AES block size in bytes.
    public static let blockSize = 16

    /// The eleven round keys (FIPS 197 §5.2), as states so that AddRoundKey is four XORs.
    let roundKeys: [AESState]

    /// Expands `key` (16 bytes) into the round keys (FIPS 197 §5.2, KeyExpansion).
    public init(key: [UInt8]) throws(CipherError) {
        guard key.count == 16 else { throw .keyLength(key.count) }
        self.init(expanding: key)
    }

    /// The expansion of a key already known to be 16 bytes.
    init(expanding key: [UInt8]) {
        let first = AESState(key, at: 0)
        var words = [first.c0, first.c1, first.c2, first.c3]
        var rcon: UInt32 = 0x01
        for index in 4..<44 {
            var word = words[index - 1]
            if index % 4 == 0 {
                // RotWord then SubWord; in this byte order RotWord is a right rotation by 8 bits.
                word = (word >> 8) | (word << 24)
                word = UInt32(truncatingIfNeeded: ByteLanes.substitute(UInt64(word)))
                word ^= rcon
                rcon = UInt32(truncatingIfNeeded: ByteLanes.xtime(UInt64(rcon)))
            }
            words.append(words[index - 4] ^ word)
        }
        roundKeys = (0..<11).map { AESState(words[4 * $0], words[4 * $0 + 1], words[4 * $0 + 2], words[4 * $0 + 3]) }
    }

    /// The cipher (FIPS 197 §5.1, Figure 5).
    func encrypt(_ input: AESState) -> AESState {
        var state = input ^ roundKeys[0]
        for round in 1..<10 {
            state.substitute()
            state.shiftRows()
            state.mixColumns()
            state = state ^ roundKeys[round]
        }
        state.substitute()
        state.shiftRows()
        return state ^ roundKeys[10]
    }

    /// The inverse cipher (FIPS 197 §5.3, Figure 12).
    func decrypt(_ input: AESState) -> AESState {
        var state = input ^ roundKeys[10]
        for round in stride(from: 9, through: 1, by: -1) {
            state.shiftRowsInverse()
            state.substituteInverse()
            state = state ^ roundKeys[round]
            state.mixColumnsInverse()
        }
        state.shiftRowsInverse()
        state.substituteInverse()
        return state ^ roundKeys[0]
    }

    private static func checkBlocks(_ data: [UInt8]) throws(CipherError) {
        guard data.count % blockSize == 0 else { throw .notWholeBlocks(data.count) }
    }

    /// One block (16 bytes) enciphered.
    public func encrypt(block: [UInt8]) throws(CipherError) -> [UInt8] {
        guard block.count == Self.blockSize else { throw .notWholeBlocks(block.count) }
        return try encryptECB(block)
    }

    /// One block (16 bytes) deciphered.
    public func decrypt(block: [UInt8]) throws(CipherError) -> [UInt8] {
        guard block.count == Self.blockSize else { throw .notWholeBlocks(block.count) }
        return try decryptECB(block)
    }

    /// ECB (NIST SP 800-38A §6.1): each block enciphered on its own. `data` must be a whole
    /// number of blocks (possibly none).
    public func encryptECB(_ data: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.checkBlocks(data)
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        for offset in stride(from: 0, to: data.count, by: Self.blockSize) {
            encrypt(AESState(data, at: offset)).append(to: &out)
        }
        return out
    }

    /// ECB decryption (NIST SP 800-38A §6.1).
    public func decryptECB(_ data: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.checkBlocks(data)
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        for offset in stride(from: 0, to: data.count, by: Self.blockSize) {
            decrypt(AESState(data, at: offset)).append(to: &out)
        }
        return out
    }

    /// CBC encryption (NIST SP 800-38A §6.2) with the 16-byte `iv`, no padding: `data` must be a
    /// whole number of blocks.
    public func encryptCBC(_ data: [UInt8], iv: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.checkBlocks(data)
        guard iv.count == Self.blockSize else { throw .ivLength(iv.count) }
        var chain = AESState(iv, at: 0)
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        for offset in stride(from: 0, to: data.count, by: Self.blockSize) {
            chain = encrypt(AESState(data, at: offset) ^ chain)
            chain.append(to: &out)
        }
        return out
    }

    /// CBC decryption (NIST SP 800-38A §6.2) with the 16-byte `iv`, no padding removed.
    public func decryptCBC(_ data: [UInt8], iv: [UInt8]) throws(CipherError) -> [UInt8] {
        try Self.checkBlocks(data)
        guard iv.count == Self.blockSize else { throw .ivLength(iv.count) }
        var chain = AESState(iv, at: 0)
        var out: [UInt8] = []
        out.reserveCapacity(data.count)
        for offset in stride(from: 0, to: data.count, by: Self.blockSize) {
            let cipher = AESState(data, at: offset)
            (decrypt(cipher) ^ chain).append(to: &out)
            chain = cipher
        }
        return out
    }
}
