import Ciphers
import TagFrames

/// Step 2 of AuthenticateAES sent, step 3 to come: holds RndA, RndB and the last cipher block
/// sent (the IV of the card's answer) until the card shows that it knows the key.
public struct DESFireEV1AuthenticationProof: Sendable {
    let authentication: DESFireEV1Authentication
    let rndA: [UInt8]
    let rndB: [UInt8]
    let lastBlockSent: [UInt8]
    /// `90 AF 00 00 20 E(K, RndA ‖ rotl1(RndB)) 00`.
    public let command: CommandAPDU

    /// Step 3: reads `E(K, rotl1(RndA)) 91 00` (16 bytes, enciphered with IV = the last block we
    /// sent), checks rotl1(RndA) in constant time and starts the session (its IV at zero).
    public func finish(_ response: ResponseAPDU) throws(NTAG424SecureError) -> DESFireEV1Session {
        let auth = authentication
        let ins = DESFireInstruction.additionalFrame.rawValue
        guard response.status == .nativeSuccess else { throw .refused(ins: ins, status: response.status) }
        guard response.data.count == 16 else {
            throw .unexpectedResponse(ins: ins, bytes: response.data.count, expected: "16 (E(K, rotl1(RndA)))")
        }
        let plain: [UInt8]
        do {
            plain = try auth.cipher.decryptCBC(response.data, iv: lastBlockSent)
        } catch { throw .cipher(error) }
        guard ConstantTime.equal(plain, NTAG424SessionVector.rotateLeft(rndA)) else {
            throw .keyNotProven(keyNumber: auth.keyNumber)
        }
        return try DESFireEV1Session(
            keyNumber: auth.keyNumber, sessionKey: DESFireEV1Authentication.sessionKey(rndA: rndA, rndB: rndB))
    }
}
