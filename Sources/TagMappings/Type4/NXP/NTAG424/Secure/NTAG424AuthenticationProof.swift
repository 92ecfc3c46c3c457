import Ciphers
import TagFrames

/// Step 2 of AuthenticateEV2 sent, step 3 to come: holds RndA and RndB until the tag's answer
/// shows that it knows the key (shared/reference/type4-type5-ntag424.md §2.4).
public struct NTAG424AuthenticationProof: Sendable {
    let authentication: NTAG424Authentication
    let rndA: [UInt8]
    let rndB: [UInt8]
    /// `90 AF 00 00 20 E(K, RndA ‖ rotl1(RndB)) 00`.
    public let command: CommandAPDU

    /// Step 3: reads the tag's answer, `E(K, TI ‖ rotl1(RndA) ‖ PDcap2 ‖ PCDcap2) 91 00` (32 bytes)
    /// after First or `E(K, rotl1(RndA)) 91 00` (16 bytes) after NonFirst, checks rotl1(RndA) in
    /// constant time and derives the session keys.
    public func finish(_ response: ResponseAPDU) throws(NTAG424SecureError) -> NTAG424Session {
        let auth = authentication
        let ins = DESFireInstruction.additionalFrame.rawValue
        guard response.status == .nativeSuccess else { throw .refused(ins: ins, status: response.status) }
        let expected = auth.isFirst ? 32 : 16
        guard response.data.count == expected else {
            throw .unexpectedResponse(
                ins: ins, bytes: response.data.count,
                expected: auth.isFirst ? "32 (E(K, TI ‖ rotl1(RndA) ‖ PDcap2 ‖ PCDcap2))" : "16 (E(K, rotl1(RndA)))")
        }
        let plain: [UInt8]
        do {
            plain = try auth.cipher.decryptCBC(response.data, iv: [UInt8](repeating: 0, count: 16))
        } catch { throw .cipher(error) }
        let proof = auth.isFirst ? Array(plain[4..<20]) : plain
        guard ConstantTime.equal(proof, NTAG424SessionVector.rotateLeft(rndA)) else {
            throw .keyNotProven(keyNumber: auth.keyNumber)
        }
        let keys = NTAG424SessionVector.keys(key: auth.cmac, rndA: rndA, rndB: rndB)
        return try NTAG424Session(
            keyNumber: auth.keyNumber,
            transactionIdentifier: auth.continuing?.transactionIdentifier ?? Array(plain[0..<4]),
            commandCounter: auth.continuing?.commandCounter ?? 0,
            encryptionKey: keys.encryption, macKey: keys.mac,
            pdCap2: auth.continuing?.pdCap2 ?? Array(plain[20..<26]),
            pcdCap2: auth.continuing?.pcdCap2 ?? Array(plain[26..<32]))
    }
}
