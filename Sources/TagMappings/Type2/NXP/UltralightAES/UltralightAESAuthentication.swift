import Ciphers

/// The reader's side of MIFARE Ultralight AES's three-pass mutual authentication, as pure steps
/// over bytes (RndA is given, so tests can fix it and compare with an independent AES). Per
/// peers that cite MF0AES(H)20 (the Flipper Zero firmware's poller, Proxmark3):
///
/// 1. Reader → tag `1A kk` (00h DataProtKey, 01h UIDRetrKey, 02h OriginalityKey); tag → reader
///    `AF` ‖ E(RndB), 16 random bytes.
/// 2. Reader → tag `AF` ‖ E(RndA ‖ RndB'), RndB' being RndB rotated left by one byte; tag →
///    reader `00` ‖ E(RndA'), RndA rotated likewise. A wrong key: the tag NAKs this step.
///
/// Every E and D is AES-128-CBC with an all-zero IV, each message on its own (not chained
/// through the exchange, unlike the Ultralight C's 3DES).
public struct UltralightAESAuthentication: Sendable {
    public static let continueCode: UInt8 = 0xAF
    public static let doneCode: UInt8 = 0x00
    static let zeroIV = [UInt8](repeating: 0, count: 16)

    let cipher: AES128
    let rndA: [UInt8]
    public let keyNumber: UInt8

    /// The first command.
    public var command: [UInt8] { [0x1A, keyNumber] }

    /// Prepares an authentication with `key` (key number `keyNumber`) and the reader's 16-byte
    /// random `rndA` (fresh for every authentication; tests pass fixed ones).
    public init(key: Type2AuthenticationKey, keyNumber: UInt8 = 0, rndA: [UInt8]) throws(UltralightAESAuthError) {
        guard rndA.count == 16 else { throw .randomLength(rndA.count) }
        do {
            cipher = try AES128(key: key.bytes)
        } catch {
            throw .cipher(error)
        }
        self.rndA = rndA
        self.keyNumber = keyNumber
    }

    /// What the second step sends, and RndB.
    public struct Token: Sendable, Equatable {
        /// `AF` ‖ E(RndA ‖ RndB'), 33 bytes.
        public var frame: [UInt8]
        /// RndB as the tag's challenge deciphered.
        public var rndB: [UInt8]
    }

    /// Step 2: from the tag's answer to ``command`` (`AF` ‖ E(RndB)), the frame to send next.
    public func token(answering challenge: [UInt8]) throws(UltralightAESAuthError) -> Token {
        guard challenge.count == 17, challenge[0] == Self.continueCode else {
            throw .unexpectedChallenge(answer: challenge)
        }
        do {
            let rndB = try cipher.decryptCBC(Array(challenge[1...]), iv: Self.zeroIV)
            let rotatedB = Array(rndB[1...]) + [rndB[0]]
            let sealed = try cipher.encryptCBC(rndA + rotatedB, iv: Self.zeroIV)
            return Token(frame: [Self.continueCode] + sealed, rndB: rndB)
        } catch {
            throw .cipher(error)
        }
    }

    /// Step 3: checks the tag's last answer (`00` ‖ E(RndA')). Returns normally only when the tag
    /// proved it holds the key.
    public func verify(_ answer: [UInt8]) throws(UltralightAESAuthError) {
        guard answer.count == 17, answer[0] == Self.doneCode else { throw .keyRejected(answer: answer) }
        let rotatedA: [UInt8]
        do {
            rotatedA = try cipher.decryptCBC(Array(answer[1...]), iv: Self.zeroIV)
        } catch {
            throw .cipher(error)
        }
        guard ConstantTime.equal(rotatedA, Array(rndA[1...]) + [rndA[0]]) else { throw .tagProofMismatch }
    }
}
