import Ciphers

/// The session key derivation of AuthenticateEV2First and NonFirst (NTAG 424 DNA datasheet, session key generation;
/// AN12196 §6.6; shared/reference/type4-type5-ntag424.md §2.4):
/// SV1 = A5 5A 00 01 00 80 ‖ RndA[0..1] ‖ (RndA[2..7] ⊕ RndB[0..5]) ‖ RndB[6..15] ‖ RndA[8..15],
/// SV2 = the same after 5A A5; SesAuthENCKey = CMAC(K, SV1), SesAuthMACKey = CMAC(K, SV2).
enum NTAG424SessionVector {
    static func vector(_ label: [UInt8], rndA: [UInt8], rndB: [UInt8]) -> [UInt8] {
        let mixed = (0..<6).map { rndA[2 + $0] ^ rndB[$0] }
        return label + [0x00, 0x01, 0x00, 0x80] + rndA[0..<2] + mixed + rndB[6..<16] + rndA[8..<16]
    }

    /// (SesAuthENCKey, SesAuthMACKey) under the long-term key `key`.
    static func keys(key: AESCMAC, rndA: [UInt8], rndB: [UInt8]) -> (encryption: [UInt8], mac: [UInt8]) {
        (
            key.mac(vector([0xA5, 0x5A], rndA: rndA, rndB: rndB)),
            key.mac(vector([0x5A, 0xA5], rndA: rndA, rndB: rndB))
        )
    }

    /// Rotation left by one byte (rotl1 of the datasheet).
    static func rotateLeft(_ bytes: [UInt8]) -> [UInt8] { Array(bytes.dropFirst()) + bytes.prefix(1) }
}
