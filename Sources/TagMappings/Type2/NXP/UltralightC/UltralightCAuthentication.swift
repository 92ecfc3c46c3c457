import Ciphers

/// The reader's side of MIFARE Ultralight C's three-pass mutual authentication (MF0ICU2 datasheet
/// §7.5.5 and §9.5 AUTHENTICATE), as pure steps over bytes: no transport, no randomness of its own
/// (RndA is given, so the datasheet's worked example is a test).
///
/// 1. Reader → tag `1A 00`; tag → reader `AF` ‖ ek(RndB), enciphered with the all-zero IV.
/// 2. Reader → tag `AF` ‖ ek(RndA ‖ RndB'), RndB' being RndB rotated left by one byte, enciphered
///    in CBC with ek(RndB) as IV; tag → reader `00` ‖ ek(RndA'), enciphered with the last
///    ciphertext block the reader sent as IV.
///
/// "The IV of the first encryption of the protocol is the all zero block. For the subsequent
/// encryptions the IV consists of the last ciphertext block" (§7.5.5): one CBC chain runs
/// through the three messages, whichever side enciphered the block before.
public struct UltralightCAuthentication: Sendable {
    /// The first command: AUTHENTICATE, argument 00h.
    public static let command: [UInt8] = [0x1A, 0x00]
    /// The first byte of the tag's first answer and of the reader's second command.
    public static let continueCode: UInt8 = 0xAF
    /// The first byte of the tag's last answer.
    public static let doneCode: UInt8 = 0x00

    let cipher: TripleDES
    let rndA: [UInt8]

    /// Prepares an authentication with `key` and the reader's 8-byte random `rndA` (a fresh
    /// random number for every authentication; tests pass the datasheet's).
    public init(key: UltralightCKey, rndA: [UInt8]) throws(UltralightCAuthError) {
        guard rndA.count == 8 else { throw .randomLength(rndA.count) }
        do {
            cipher = try TripleDES(key: key.bytes)
        } catch {
            throw .cipher(error)
        }
        self.rndA = rndA
    }

    /// What the second step sends, and the IV the tag's last answer is enciphered with.
    public struct Token: Sendable, Equatable {
        /// `AF` ‖ ek(RndA ‖ RndB'), 17 bytes.
        public var frame: [UInt8]
        /// The last ciphertext block of `frame`: the IV of the tag's ek(RndA').
        public var chain: [UInt8]
        /// RndB as the tag's challenge deciphered (for tests and the emulator's cross-check).
        public var rndB: [UInt8]
    }

    /// Step 2: from the tag's answer to ``command`` (`AF` ‖ ek(RndB)), the frame to send next.
    public func token(answering challenge: [UInt8]) throws(UltralightCAuthError) -> Token {
        guard challenge.count == 9, challenge[0] == Self.continueCode else {
            throw .unexpectedChallenge(answer: challenge)
        }
        let encryptedB = Array(challenge[1...])
        do {
            let rndB = try cipher.decryptCBC(encryptedB, iv: [UInt8](repeating: 0, count: 8))
            let rotatedB = Array(rndB[1...]) + [rndB[0]]
            let sealed = try cipher.encryptCBC(rndA + rotatedB, iv: encryptedB)
            return Token(frame: [Self.continueCode] + sealed, chain: Array(sealed[8...]), rndB: rndB)
        } catch {
            throw .cipher(error)
        }
    }

    /// Step 3: checks the tag's last answer (`00` ‖ ek(RndA')). Returns normally only when the
    /// tag proved it holds the key; then the tag is in its AUTHENTICATED state.
    public func verify(_ answer: [UInt8], after token: Token) throws(UltralightCAuthError) {
        guard answer.count == 9, answer[0] == Self.doneCode else { throw .keyRejected(answer: answer) }
        let rotatedA: [UInt8]
        do {
            rotatedA = try cipher.decryptCBC(Array(answer[1...]), iv: token.chain)
        } catch {
            throw .cipher(error)
        }
        guard ConstantTime.equal(rotatedA, Array(rndA[1...]) + [rndA[0]]) else { throw .tagProofMismatch }
    }
}
