import Ciphers
import TagCatalog

/// MIFARE Ultralight AES's AUTHENTICATE, the tag's side, written here from the peers' account of
/// MF0AES(H)20 (``/TagCatalog/UltralightAESFacts``) and not borrowed from the Type 2 mapping, so
/// that the two can catch each other: the tag enciphers a fresh RndB, deciphers the reader's
/// token, checks RndB' and enciphers RndA'; every message AES-128-CBC with a zero IV.
///
/// The key is the 16 bytes of its pages reversed (30h–33h for key 00h, 34h–37h for 01h). A wrong
/// token is answered NAK 0h (assumed code) and, as after every NAK, the chip returns to IDLE. Key
/// 02h (the OriginalityKey, NXP's secret) is NAKed: the emulator does not hold it. A DataProtKey
/// written in a session counts from the next reset, as the Ultralight C's does (assuming).
extension EmulatedTag {
    private static let zeroIV = [UInt8](repeating: 0, count: 16)

    /// The 16 bytes of `pages` as stored.
    func storedBytes(_ pages: ClosedRange<Int>) -> [UInt8] {
        Array(memory[pages.lowerBound * 4..<(pages.upperBound + 1) * 4])
    }

    /// The cipher-order key of key number `number`, or `nil` for one the emulator does not hold.
    private func aesKey(number: UInt8) -> [UInt8]? {
        switch number {
        case UltralightAESFacts.dataProtKeyNumber:
            Array((keyInEffect ?? storedBytes(UltralightAESFacts.dataProtKeyPages)).reversed())
        case UltralightAESFacts.uidRetrKeyNumber:
            Array(storedBytes(UltralightAESFacts.uidRetrKeyPages).reversed())
        default:
            nil
        }
    }

    /// CFG byte 0 bit 1: after authentication every command needs a CMAC.
    var aesSecureMessaging: Bool {
        memory[UltralightAESFacts.configurationPage * 4] & UltralightAESFacts.secureMessagingBit != 0
    }

    /// `1A kk`: `AF` ‖ E(RndB); the session's authentication is gone until the exchange ends.
    func beginAESAuthentication(keyNumber: UInt8) -> Answer {
        isAuthenticated = false
        guard let key = aesKey(number: keyNumber), let aes = try? AES128(key: key) else { return .nak(0x0) }
        var generator = SystemRandomNumberGenerator()
        let rndB = nextChallenge ?? (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        nextChallenge = nil
        guard rndB.count == 16, let sealed = try? aes.encryptCBC(rndB, iv: Self.zeroIV) else { return .nak(0x0) }
        pendingAESAuthentication = (rndB, key)
        return .data([0xAF] + sealed)
    }

    /// `AF` ‖ E(RndA ‖ RndB'): `00` ‖ E(RndA') when RndB' matches, else NAK 0h.
    func finishAESAuthentication(token: [UInt8], pending: (rndB: [UInt8], key: [UInt8])) -> Answer {
        guard let aes = try? AES128(key: pending.key), let plain = try? aes.decryptCBC(token, iv: Self.zeroIV),
            plain.count == 32
        else { return .nak(0x0) }
        let rotatedB = Array(pending.rndB[1...]) + [pending.rndB[0]]
        guard Array(plain[16..<32]) == rotatedB else { return .nak(0x0) }
        let rotatedA = Array(plain[1..<16]) + [plain[0]]
        guard let proof = try? aes.encryptCBC(rotatedA, iv: Self.zeroIV) else { return .nak(0x0) }
        isAuthenticated = true
        return .data([0x00] + proof)
    }

    /// The answer to a WRITE of `page` that only the Ultralight AES gives, or `nil`: a key page
    /// (30h–37h) while AUTH0 guards any page is not answered (the Flipper QA plan: "a plain
    /// key-page write on a still-protected card times out"; assuming the same after
    /// authentication), and the RFU pages 38h–3Bh are NAKed (assuming).
    func aesWriteRefusal(_ page: Int) -> Answer? {
        let keyPages = UltralightAESFacts.dataProtKeyPages.lowerBound...UltralightAESFacts.uidRetrKeyPages.upperBound
        if keyPages.contains(page), firstProtectedPage <= UltralightAESFacts.lastPage { return .noAnswer }
        if UltralightAESFacts.reservedPages.contains(page) { return .nak(0x0) }
        return nil
    }
}
