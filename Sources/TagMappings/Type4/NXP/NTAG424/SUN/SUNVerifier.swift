import Ciphers
import TapCardSupport

/// Verifies a SUN URL an NTAG 424 DNA produced with Secure Dynamic Messaging (AES mode), as a
/// backend does (NT4H2421Gx §9.3; shared/reference/type4-type5-ntag424.md §2.7–2.8):
///
/// 1. PICCData (`e`, `picc_data` or boltcard's `p`, 32 hex) decrypted with the meta key (AES-CBC,
///    IV 0) gives PICCDataTag ‖ UID(7) ‖ SDMReadCtr(3, LSB first) ‖ padding; or the plain mirror
///    gives `uid` (14 hex) and `ctr` (6 hex, MSB first).
/// 2. `SUNSessionKeys` from the file key, UID and counter; the MAC is the odd bytes of
///    CMAC(KSesSDMFileReadMAC, MAC input), where the MAC input is the URL's text from the start of
///    the `enc` value to the start of the MAC value (empty without `enc`: MACInputOffset =
///    MACOffset, as AN12196 and boltcard configure it), or the enc hex alone in the bulk style
///    `?e=<PICCData><enc><MAC>`.
/// 3. With enc data: IV = AES-ECB(KSesSDMFileReadENC, counter ‖ 00×13); the file data is AES-CBC
///    decrypted.
///
/// The MAC comparison is constant-time. ``verify(url:metaKey:fileKey:)`` keeps no state: a
/// replayed URL verifies again. ``verify(url:metaKey:fileKey:lastAcceptedCounter:)`` also refuses
/// a counter that is not above the last one the caller accepted for the UID; the caller stores
/// the new counter (see the article "Verifying SUN messages on a backend").
public enum SUNVerifier {
    public static func verify(url: String, metaKey: [UInt8], fileKey: [UInt8]) throws(SUNError) -> SUNVerification {
        guard metaKey.count == 16 else { throw .keyLength(name: "meta key", bytes: metaKey.count) }
        guard fileKey.count == 16 else { throw .keyLength(name: "file key", bytes: fileKey.count) }
        let message = try SUNMessage.parse(url)
        let uid: [UInt8]
        let counter: [UInt8]
        switch message.identity {
        case .encrypted(_, let data):
            let plain: [UInt8]
            do {
                plain = try AES128(key: metaKey).decryptCBC(data, iv: [UInt8](repeating: 0, count: 16))
            } catch {
                throw .keyLength(name: "meta key", bytes: metaKey.count)
            }
            // PICCDataTag: bit 7 UID mirrored, bit 6 counter mirrored, bits 5-4 RFU, bits 3-0 the
            // UID length. Anything but C7 is noise from the wrong key, or a layout we cannot check.
            let tag = plain[0]
            guard tag == 0xC7 else { throw .wrongKey(tag: tag) }
            uid = Array(plain[1...7])
            counter = Array(plain[8...10])
        case .plain(let plainUID, let plainCounter):
            uid = plainUID
            counter = plainCounter
        }
        let value = Int(counter[0]) | Int(counter[1]) << 8 | Int(counter[2]) << 16
        let keys = try SUNSessionKeys(fileReadKey: fileKey, uid: uid, counter: value)
        let expected: [UInt8]
        do {
            let full = try AESCMAC.mac(key: keys.mac, message: Array(message.macInput.utf8))
            expected = stride(from: 1, to: 16, by: 2).map { full[$0] }
        } catch {
            throw .keyLength(name: "file key", bytes: fileKey.count)
        }
        guard ConstantTime.equal(expected, message.mac) else {
            throw .macMismatch(received: message.macText.uppercased())
        }
        var fileData: [UInt8]?
        if let enc = message.enc {
            let data = try SUNMessage.hex(enc, bytes: nil, field: "enc")
            guard !data.isEmpty, data.count % 16 == 0 else {
                throw .malformedURL(reason: "its enc data is \(data.count) bytes, not whole AES blocks")
            }
            do {
                let aes = try AES128(key: keys.encryption)
                let iv = try aes.encrypt(block: counter + [UInt8](repeating: 0, count: 13))
                fileData = try aes.decryptCBC(data, iv: iv)
            } catch {
                throw .malformedURL(reason: "its enc data does not decrypt")
            }
        }
        return SUNVerification(uid: uid, counter: value, fileData: fileData)
    }

    /// Like ``verify(url:metaKey:fileKey:)``, then refuses the message with
    /// ``SUNError/counterNotIncreasing(uid:counter:lastAccepted:)`` unless its counter is above
    /// `lastAcceptedCounter` (the last counter the caller accepted for this UID; `nil` for a UID
    /// never seen). Pure: the caller records the verified counter, atomically with the check
    /// when several verifiers share one store.
    public static func verify(url: String, metaKey: [UInt8], fileKey: [UInt8], lastAcceptedCounter: Int?)
        throws(SUNError) -> SUNVerification
    {
        let verification = try verify(url: url, metaKey: metaKey, fileKey: fileKey)
        try checkCounter(verification, lastAccepted: lastAcceptedCounter)
        return verification
    }

    /// Refuses `verification` unless its counter is above `lastAccepted` (`nil`: nothing accepted yet).
    public static func checkCounter(_ verification: SUNVerification, lastAccepted: Int?) throws(SUNError) {
        if let lastAccepted, verification.counter <= lastAccepted {
            throw .counterNotIncreasing(
                uid: verification.uid, counter: verification.counter, lastAccepted: lastAccepted)
        }
    }
}
