import Ciphers
import TagFrames

/// AuthenticateEV2First and AuthenticateEV2NonFirst on the tag's side (NTAG 424 DNA datasheet
/// §9.1.5–§9.1.7, §10.4.1, §10.4.2; AN12196 §6.6; reference §2.4). Every encryption of the
/// protocol is AES-CBC under the application key with a zero IV and no padding. MIFARE DESFire
/// EV3 runs the same protocol (its AuthenticateEV2First is the command NTAG 424 DNA took over), over
/// the keys of the selected application, or the PICC master key at the PICC level.
extension EV2SecureChip {
    private static var zeroIV: [UInt8] { [UInt8](repeating: 0, count: 16) }
    /// PDcap2 as AN12196's transcripts show it (UNVERIFIED for every chip revision).
    static var pdCap2: [UInt8] { [UInt8](repeating: 0, count: 6) }

    /// Part 1 of AuthenticateEV2First: KeyNo ‖ LenCap ‖ PCDcap2 (LenCap bytes). The tag leaves any
    /// session (§9.1.5: it "resets CmdCtr to zero and generate[s] a random Transaction Identifier")
    /// and answers E(K, RndB) `91 AF`.
    mutating func authenticateFirst(_ data: [UInt8], keys: [Type4Key], lrp: Bool = false) -> ResponseAPDU {
        session = nil
        guard data.count >= 2 else { return refuse(0x7E) }
        let capabilities = Int(data[1])
        guard capabilities <= 6 else { return refuse(0x9E) }
        guard data.count == 2 + capabilities else { return refuse(0x7E) }
        let sent = Array(data[2...])
        if lrp {
            // PCDcap2.1 bit 1: the PCD asks for LRP. An AES request is refused (permission denied);
            // LRP authentication itself is not modelled.
            return refuse(sent.first.map { $0 & 0x02 != 0 } == true ? 0x1C : 0x9D)
        }
        return challenge(
            keyNumber: data[0], keys: keys, transactionIdentifier: challenges.nextTransactionIdentifier(),
            continuedCounter: nil, pcdCap2: sent + [UInt8](repeating: 0, count: 6 - sent.count))
    }

    /// Part 1 of AuthenticateEV2NonFirst: KeyNo. Only in a session (`91 9D` otherwise, Table 33);
    /// the TI and the counter carry over.
    mutating func authenticateNonFirst(_ data: [UInt8], keys: [Type4Key]) -> ResponseAPDU {
        guard data.count == 1 else { return refuse(0x7E) }
        guard keys.indices.contains(Int(data[0])) else { return refuse(0x40) }
        guard let current = session else { return refuse(0x9D) }
        session = nil
        return challenge(
            keyNumber: data[0], keys: keys, transactionIdentifier: current.transactionIdentifier,
            continuedCounter: current.commandCounter, pcdCap2: [])
    }

    private mutating func challenge(
        keyNumber: UInt8, keys: [Type4Key], transactionIdentifier: [UInt8], continuedCounter: UInt16?,
        pcdCap2: [UInt8]
    ) -> ResponseAPDU {
        guard keys.indices.contains(Int(keyNumber)) else { return refuse(0x40) }
        let key = keys[Int(keyNumber)].value
        let rndB = challenges.nextRndB()
        guard let cipher = try? AES128(key: key), let sent = try? cipher.encryptCBC(rndB, iv: Self.zeroIV) else {
            // A key of the wrong length can only come from memory set around the rules: memory error.
            return refuse(0xEE)
        }
        pendingAuthentication = EV2PendingAuthentication(
            keyNumber: keyNumber, key: key, rndB: rndB, transactionIdentifier: transactionIdentifier,
            continuedCounter: continuedCounter, pcdCap2: pcdCap2)
        return .init(data: sent, status: .additionalFrame)
    }

    /// Part 2: E(K, RndA ‖ RndB'). A wrong RndB' is `91 AE` and leaves the tag unauthenticated;
    /// otherwise the session keys are derived and the tag answers E(K, TI ‖ RndA' ‖ PDcap2 ‖
    /// PCDcap2) (First) or E(K, RndA') (NonFirst) `91 00`.
    mutating func authenticatePart2(_ data: [UInt8], pending: EV2PendingAuthentication) -> ResponseAPDU {
        pendingAuthentication = nil
        session = nil
        guard data.count == 32 else { return refuse(0x7E) }
        guard let cipher = try? AES128(key: pending.key), let plain = try? cipher.decryptCBC(data, iv: Self.zeroIV)
        else { return refuse(0xEE) }
        let rndA = Array(plain[0..<16])
        guard ConstantTime.equal(Array(plain[16..<32]), EV2TagSession.rotateLeft(pending.rndB)) else {
            return refuse(0xAE)
        }
        let answer =
            pending.isFirst
            ? pending.transactionIdentifier + EV2TagSession.rotateLeft(rndA) + Self.pdCap2 + pending.pcdCap2
            : EV2TagSession.rotateLeft(rndA)
        guard
            let established = EV2TagSession(
                keyNumber: pending.keyNumber, key: pending.key, rndA: rndA, rndB: pending.rndB,
                transactionIdentifier: pending.transactionIdentifier, commandCounter: pending.continuedCounter ?? 0),
            let sent = try? cipher.encryptCBC(answer, iv: Self.zeroIV)
        else { return refuse(0xEE) }
        session = established
        return .init(data: sent, status: .nativeSuccess)
    }
}
