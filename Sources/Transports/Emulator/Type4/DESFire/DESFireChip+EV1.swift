import Ciphers
import TagFrames

/// AuthenticateAES (`AA`) and EV1 secure messaging on the card's side. Every DESFire generation
/// from EV1 on answers `AA` (EV2 and EV3 keep it for EV1 compatibility: NXP's EV2 short
/// datasheet calls EV2 "functionally backward compatible with MIFARE DESFire EV1"); an EV1
/// answers AuthenticateEV2First and NonFirst `91 1C`, assuming it treats them as any command code
/// it does not know (the datasheet's "illegal command code").
///
/// The exchange (libfreefare `mifare_desfire_authenticate`; Elmue's "DESFire EV1 communication
/// examples"): `90 AA 00 00 01 KeyNo 00` → E(K, RndB) `91 AF` (CBC, IV 0); `90 AF 00 00 20
/// E(K, RndA ‖ rotl1(RndB)) 00`, chained on the card's block → E(K, rotl1(RndA)) `91 00`, chained
/// on the reader's last block, or `91 AE` on a wrong RndB' (the card then holds no session).
extension DESFireChip {
    /// Part 1: KeyNo. `91 7E` on a length other than 1, `91 40` no such key at the level, `91 AE`
    /// a key that is not AES, assuming the card refuses the wrong kind of key as an authentication
    /// error, as it does for EV2First (the DES and 3DES authentications are not modelled).
    mutating func authenticateAES(_ data: [UInt8], keys: [Type4Key], type: DESFireKeyType) -> ResponseAPDU {
        ev1Session = nil
        session = nil
        guard data.count == 1 else { return refuse(0x7E) }
        guard keys.indices.contains(Int(data[0])) else { return refuse(0x40) }
        guard type == .aes else { return refuse(0xAE) }
        let key = keys[Int(data[0])].value
        let rndB = challenges.nextRndB()
        guard let cipher = try? AES128(key: key),
            let sent = try? cipher.encryptCBC(rndB, iv: [UInt8](repeating: 0, count: 16))
        else { return refuse(0xEE) }
        ev1Pending = EV1PendingAuthentication(keyNumber: data[0], key: key, rndB: rndB, sentBlock: sent)
        return .init(data: sent, status: .additionalFrame)
    }

    /// Part 2: E(K, RndA ‖ rotl1(RndB)) with IV = the block the card sent.
    mutating func authenticateAESPart2(_ data: [UInt8], pending: EV1PendingAuthentication) -> ResponseAPDU {
        ev1Pending = nil
        ev1Session = nil
        guard data.count == 32 else { return refuse(0x7E) }
        guard let cipher = try? AES128(key: pending.key),
            let plain = try? cipher.decryptCBC(data, iv: pending.sentBlock)
        else { return refuse(0xEE) }
        let rndA = Array(plain[0..<16])
        guard ConstantTime.equal(Array(plain[16..<32]), EV2TagSession.rotateLeft(pending.rndB)) else {
            return refuse(0xAE)
        }
        guard let sent = try? cipher.encryptCBC(EV2TagSession.rotateLeft(rndA), iv: Array(data.suffix(16))),
            let established = EV1TagSession(
                keyNumber: pending.keyNumber, sessionKey: EV1TagSession.sessionKey(rndA: rndA, rndB: pending.rndB))
        else { return refuse(0xEE) }
        ev1Session = established
        return .init(data: sent, status: .nativeSuccess)
    }

    /// A native command of the DESFire table in whichever session holds: EV2 (``secured(_:headerLength:mode:requiresSession:_:)``),
    /// EV1, or none.
    ///
    /// In an EV1 session: a command whose EV2 `mode` is plain or MAC comes plain (the reader sends
    /// no MAC) and its CMAC over INS ‖ data moves the IV; one in FULL mode (ChangeFileSettings
    /// with a Change key) carries `encipheredLength` bytes after the header, then CRC32 over
    /// INS ‖ header ‖ those bytes and zero padding, enciphered from the IV (`91 1E`, the
    /// datasheet's integrity error, when the CRC or padding does not check; `91 7E` when it is not
    /// whole blocks, assuming a length error as for any other command of the wrong length; a
    /// plain command with 8 bytes more than it takes is `91 7E` likewise). A successful answer is data ‖ the
    /// first 8 bytes of its CMAC over data ‖ `00`; an error ends the session and has no CMAC.
    /// ReadData and WriteData of MACed or enciphered files (`fileData` in MAC or FULL mode) are not
    /// modelled in an EV1 session: `91 1C`, and the session ends.
    mutating func desfireSecured(
        _ command: CommandAPDU, headerLength: Int, mode: EV2CommMode, fileData: Bool = false,
        encipheredLength: Int? = nil,
        _ execute: (_ header: [UInt8], _ rest: [UInt8], _ authenticatedKey: UInt8?) -> NTAG424Outcome
    ) -> ResponseAPDU {
        guard var current = ev1Session else {
            return secured(command, headerLength: headerLength, mode: mode, execute)
        }
        ev1Session = nil
        let raw = command.data
        guard raw.count >= headerLength else { return refuse(0x7E) }
        if fileData && mode != .plain { return refuse(0x1C) }
        let header = Array(raw.prefix(headerLength))
        var rest = Array(raw.dropFirst(headerLength))
        if mode == .full {
            guard let length = encipheredLength else { return refuse(0x1C) }
            guard rest.count % 16 == 0, rest.count >= length + 4, let plain = current.decipher(rest) else {
                return refuse(0x7E)
            }
            let data = Array(plain.prefix(length))
            let crc = Array(plain[length..<(length + 4)])
            guard ConstantTime.equal(crc, CRC32.ntag424([command.ins] + header + data)),
                plain[(length + 4)...].allSatisfy({ $0 == 0 })
            else { return refuse(0x1E) }
            rest = data
        } else {
            _ = current.cmac([command.ins] + raw)
        }
        let outcome = execute(header, rest, current.keyNumber)
        guard outcome.isSuccess else { return refuse(outcome.status.sw2) }
        if outcome.endsSession { return .init(status: outcome.status) }
        let mac = Array(current.cmac(outcome.data + [0x00]).prefix(8))
        ev1Session = current
        return .init(data: outcome.data + mac, status: outcome.status)
    }
}
