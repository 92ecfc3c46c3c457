import Ciphers
import TagFrames

/// The reader's side of AuthenticateEV2First and AuthenticateEV2NonFirst with an AES key, as pure
/// values: each step takes the tag's response and gives the next command, and the last gives an
/// ``NTAG424Session``. Nothing here sends anything (NTAG 424 DNA datasheet, AuthenticateEV2First and NonFirst; AN12196
/// §6.6; shared/reference/type4-type5-ntag424.md §2.4).
///
/// 1. ``command`` is `90 71 00 00 02 <KeyNo> 00 00` (First, LenCap 0) or `90 77 00 00 01 <KeyNo> 00`
///    (NonFirst). The tag answers E(K, RndB) `91 AF`.
/// 2. ``respond(to:rndA:)`` deciphers RndB (AES-CBC, IV 0) and gives
///    ``NTAG424AuthenticationProof``, whose command is `90 AF 00 00 20 E(K, RndA ‖ rotl1(RndB)) 00`.
/// 3. ``NTAG424AuthenticationProof/finish(_:)`` checks the tag's rotl1(RndA) and derives the session.
public struct NTAG424Authentication: Sendable {
    /// The key being proven (0…4).
    public let keyNumber: UInt8
    let cipher: AES128
    let cmac: AESCMAC
    /// The session a NonFirst authentication continues (its TI and command counter are kept).
    let continuing: NTAG424Session?

    private init(keyNumber: UInt8, key: [UInt8], continuing: NTAG424Session?) throws(NTAG424SecureError) {
        guard keyNumber <= 4 else { throw .noSuchKey(keyNumber) }
        guard key.count == 16 else { throw .wrongLength(what: "AES key", bytes: key.count, expected: 16) }
        self.keyNumber = keyNumber
        do {
            cipher = try AES128(key: key)
            cmac = try AESCMAC(key: key)
        } catch { throw .cipher(error) }
        self.continuing = continuing
    }

    /// AuthenticateEV2First: starts a session with key `keyNumber` (0…4) whose value is `key`
    /// (16 bytes). The tag chooses a new transaction identifier and the command counter starts at 0.
    public static func first(keyNumber: UInt8, key: [UInt8]) throws(NTAG424SecureError) -> NTAG424Authentication {
        try NTAG424Authentication(keyNumber: keyNumber, key: key, continuing: nil)
    }

    /// AuthenticateEV2NonFirst: new session keys for key `keyNumber` inside `session`, keeping its
    /// transaction identifier and command counter (AN12196's ChangeKey example continues at
    /// CmdCtr 2 after a NonFirst).
    public static func nonFirst(keyNumber: UInt8, key: [UInt8], continuing session: NTAG424Session)
        throws(NTAG424SecureError) -> NTAG424Authentication
    {
        try NTAG424Authentication(keyNumber: keyNumber, key: key, continuing: session)
    }

    /// True for AuthenticateEV2First, false for NonFirst.
    public var isFirst: Bool { continuing == nil }

    var instruction: DESFireInstruction { isFirst ? .authenticateEV2First : .authenticateEV2NonFirst }

    /// Step 1: `90 71 00 00 02 <KeyNo> 00 00` or `90 77 00 00 01 <KeyNo> 00`.
    public var command: CommandAPDU {
        CommandAPDU(
            cla: 0x90, ins: instruction.rawValue, p1: 0, p2: 0, data: isFirst ? [keyNumber, 0x00] : [keyNumber],
            le: 256)
    }

    /// Step 2 with a fresh RndA from the system's cryptographically secure generator.
    public func respond(to challenge: ResponseAPDU) throws(NTAG424SecureError) -> NTAG424AuthenticationProof {
        var generator = SystemRandomNumberGenerator()
        return try respond(to: challenge, rndA: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Step 2: reads E(K, RndB) `91 AF` and answers with E(K, RndA ‖ rotl1(RndB)) under the chosen
    /// 16-byte `rndA` (injectable so that published vectors can be replayed).
    public func respond(to challenge: ResponseAPDU, rndA: [UInt8]) throws(NTAG424SecureError)
        -> NTAG424AuthenticationProof
    {
        guard rndA.count == 16 else { throw .wrongLength(what: "RndA", bytes: rndA.count, expected: 16) }
        guard challenge.status == .additionalFrame else {
            throw .refused(ins: instruction.rawValue, status: challenge.status)
        }
        guard challenge.data.count == 16 else {
            throw .unexpectedResponse(
                ins: instruction.rawValue, bytes: challenge.data.count, expected: "16 (E(K, RndB))")
        }
        let zero = [UInt8](repeating: 0, count: 16)
        do {
            let rndB = try cipher.decryptCBC(challenge.data, iv: zero)
            let answer = try cipher.encryptCBC(rndA + NTAG424SessionVector.rotateLeft(rndB), iv: zero)
            return NTAG424AuthenticationProof(
                authentication: self, rndA: rndA, rndB: rndB,
                command: CommandAPDU(cla: 0x90, ins: 0xAF, p1: 0, p2: 0, data: answer, le: 256))
        } catch { throw .cipher(error) }
    }
}
