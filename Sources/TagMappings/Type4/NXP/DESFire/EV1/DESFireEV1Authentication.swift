import Ciphers
import TagFrames

/// The reader's side of AuthenticateAES (`AA`), MIFARE DESFire EV1's AES authentication, as pure
/// values: each step takes the card's answer and gives the next command; the last gives a
/// ``DESFireEV1Session``. Nothing here sends anything. DESFire EV2 and EV3 answer it too, for
/// EV1 compatibility (NXP's EV2 short datasheet: "functionally backward compatible with
/// MIFARE DESFire EV1"; TapLinx's forum answer authenticates an EV2 with the EV1 command).
///
/// Unlike AuthenticateEV2First, the CBC chain runs across the whole exchange (libfreefare
/// `mifare_desfire_authenticate` with its one `ivect`, reset once when the authentication starts;
/// Elmue's "DESFire EV1 communication examples": "The IV of the authentication key is reset only
/// ONCE when authentication starts"):
/// 1. ``command`` is `90 AA 00 00 01 <KeyNo> 00`; the card answers E(K, RndB) `91 AF`, enciphered
///    with IV 0.
/// 2. ``respond(to:rndA:)`` deciphers RndB (IV 0) and enciphers RndA ‖ rotl1(RndB) with IV = the
///    card's cipher block: `90 AF 00 00 20 <32 bytes> 00`.
/// 3. ``DESFireEV1AuthenticationProof/finish(_:)`` deciphers the card's E(K, rotl1(RndA)) with IV
///    = the last block we sent, and derives the session key RndA[0..3] ‖ RndB[0..3] ‖
///    RndA[12..15] ‖ RndB[12..15] (libfreefare `mifare_desfire_session_key_new`, AES case; the
///    same bytes in independent Java and C# DESFire libraries' session-key code).
public struct DESFireEV1Authentication: Sendable {
    /// The key being proven (0…13 in an application, 0 at the PICC level).
    public let keyNumber: UInt8
    let cipher: AES128

    private init(keyNumber: UInt8, key: [UInt8]) throws(NTAG424SecureError) {
        guard keyNumber <= 13 else { throw .noSuchKey(keyNumber) }
        guard key.count == 16 else { throw .wrongLength(what: "AES key", bytes: key.count, expected: 16) }
        self.keyNumber = keyNumber
        do {
            cipher = try AES128(key: key)
        } catch { throw .cipher(error) }
    }

    /// AuthenticateAES with key `keyNumber` whose value is `key` (16 bytes).
    public static func start(keyNumber: UInt8, key: [UInt8]) throws(NTAG424SecureError) -> DESFireEV1Authentication {
        try DESFireEV1Authentication(keyNumber: keyNumber, key: key)
    }

    /// Step 1: `90 AA 00 00 01 <KeyNo> 00`.
    public var command: CommandAPDU {
        CommandAPDU(
            cla: 0x90, ins: DESFireInstruction.authenticateAES.rawValue, p1: 0, p2: 0, data: [keyNumber], le: 256)
    }

    /// Step 2 with a fresh RndA from the system's cryptographically secure generator.
    public func respond(to challenge: ResponseAPDU) throws(NTAG424SecureError) -> DESFireEV1AuthenticationProof {
        var generator = SystemRandomNumberGenerator()
        return try respond(to: challenge, rndA: (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Step 2: reads E(K, RndB) `91 AF` and answers E(K, RndA ‖ rotl1(RndB)), chained on the
    /// card's block, under the chosen 16-byte `rndA` (injectable for tests).
    public func respond(to challenge: ResponseAPDU, rndA: [UInt8]) throws(NTAG424SecureError)
        -> DESFireEV1AuthenticationProof
    {
        let ins = DESFireInstruction.authenticateAES.rawValue
        guard rndA.count == 16 else { throw .wrongLength(what: "RndA", bytes: rndA.count, expected: 16) }
        guard challenge.status == .additionalFrame else { throw .refused(ins: ins, status: challenge.status) }
        guard challenge.data.count == 16 else {
            throw .unexpectedResponse(ins: ins, bytes: challenge.data.count, expected: "16 (E(K, RndB))")
        }
        do {
            let rndB = try cipher.decryptCBC(challenge.data, iv: [UInt8](repeating: 0, count: 16))
            let answer = try cipher.encryptCBC(
                rndA + NTAG424SessionVector.rotateLeft(rndB), iv: challenge.data)
            return DESFireEV1AuthenticationProof(
                authentication: self, rndA: rndA, rndB: rndB, lastBlockSent: Array(answer.suffix(16)),
                command: CommandAPDU(
                    cla: 0x90, ins: DESFireInstruction.additionalFrame.rawValue, p1: 0, p2: 0, data: answer, le: 256))
        } catch { throw .cipher(error) }
    }

    /// The EV1 AES session key: RndA[0..3] ‖ RndB[0..3] ‖ RndA[12..15] ‖ RndB[12..15].
    public static func sessionKey(rndA: [UInt8], rndB: [UInt8]) -> [UInt8] {
        Array(rndA[0..<4]) + rndB[0..<4] + rndA[12..<16] + rndB[12..<16]
    }
}
