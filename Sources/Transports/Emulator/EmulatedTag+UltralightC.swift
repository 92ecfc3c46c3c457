import Ciphers
import TagCatalog

/// MIFARE Ultralight C's AUTHENTICATE (MF0ICU2 datasheet §7.5.5, §9.5), the tag's side, written
/// here from the datasheet and not borrowed from the Type 2 mapping, so that the two can catch
/// each other: the tag enciphers RndB with the all-zero IV, deciphers the reader's token with
/// ek(RndB) as IV, checks RndB', and enciphers RndA' with the token's last block as IV.
///
/// A wrong token is answered NAK 0h, and as after every NAK the chip returns to IDLE (the
/// datasheet says the tag "stops the authentication procedure and returns an error message";
/// the NAK code is assumed). Without the platform's DES the emulator cannot authenticate and
/// NAKs `1A 00`.
extension EmulatedTag {
    /// The 16 bytes of pages 2Ch–2Fh as stored (each key half byte-reversed).
    var storedKey: [UInt8] {
        let start = UltralightCFacts.keyPages.lowerBound * 4
        return Array(memory[start..<start + 16])
    }

    /// The key AUTHENTICATE uses, in cipher order: the pages as they were at the last RF reset.
    private var cipherKey: [UInt8] {
        let stored = keyInEffect ?? storedKey
        return Array(stored[0..<8].reversed()) + Array(stored[8..<16].reversed())
    }

    private static let zeroIV = [UInt8](repeating: 0, count: 8)

    /// `1A 00`: a fresh RndB, enciphered; the session's authentication is gone until the exchange ends.
    func beginKeyAuthentication() -> Answer {
        isAuthenticated = false
        var generator = SystemRandomNumberGenerator()
        let rndB = nextChallenge ?? (0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) }
        nextChallenge = nil
        guard let des = try? TripleDES(key: cipherKey), let sealed = try? des.encryptCBC(rndB, iv: Self.zeroIV) else {
            return .nak(0x0)
        }
        pendingKeyAuthentication = (rndB, sealed)
        return .data([0xAF] + sealed)
    }

    /// `AF` ‖ ek(RndA ‖ RndB'): `00` ‖ ek(RndA') when RndB' matches, else NAK 0h.
    func finishKeyAuthentication(token: [UInt8], pending: (rndB: [UInt8], chain: [UInt8])) -> Answer {
        guard let des = try? TripleDES(key: cipherKey), let plain = try? des.decryptCBC(token, iv: pending.chain),
            plain.count == 16
        else { return .nak(0x0) }
        let rotatedB = Array(pending.rndB[1...]) + [pending.rndB[0]]
        guard Array(plain[8..<16]) == rotatedB else { return .nak(0x0) }
        let rotatedA = Array(plain[1..<8]) + [plain[0]]
        guard let proof = try? des.encryptCBC(rotatedA, iv: Array(token[8..<16])) else { return .nak(0x0) }
        isAuthenticated = true
        return .data([0x00] + proof)
    }
}
