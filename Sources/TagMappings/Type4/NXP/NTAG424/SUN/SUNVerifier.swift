import Ciphers
import TapCardSupport

/// Verifies a SUN URL an NTAG 424 DNA produced with Secure Dynamic Messaging (AES mode), as a
/// backend does (NT4H2421Gx §9.3; shared/reference/type4-type5-ntag424.md §2.7–2.8):
///
/// 1. PICCData (`e` or `picc_data`, 32 hex) decrypted with the meta key (AES-CBC, IV 0) gives
///    PICCDataTag ‖ UID(7) ‖ SDMReadCtr(3, LSB first) ‖ padding; or the plain mirror gives `uid`
///    (14 hex) and `ctr` (6 hex, MSB first).
/// 2. SV2 = 3C C3 00 01 00 80 ‖ UID ‖ counter (LSB first), zero-padded; KSesSDMFileReadMAC =
///    CMAC(file key, SV2); the MAC is the odd bytes of CMAC(session key, MAC input), where the MAC
///    input is the URL's text from the start of the `enc` value to the start of the MAC value (empty
///    without `enc`: MACInputOffset = MACOffset, as AN12196 configures it).
/// 3. With `enc`: SV1 = C3 3C 00 01 00 80 ‖ UID ‖ counter; KSesSDMFileReadENC = CMAC(file key,
///    SV1); IV = AES-ECB(session key, counter ‖ 00×13); the file data is AES-CBC decrypted.
/// The MAC comparison is constant-time. Nothing here keeps state: whether the counter increased
/// since the last tap is the caller's to track.
public enum SUNVerifier {
    public static func verify(url: String, metaKey: [UInt8], fileKey: [UInt8]) throws(SUNError) -> SUNVerification {
        guard metaKey.count == 16 else { throw .keyLength(name: "meta key", bytes: metaKey.count) }
        guard fileKey.count == 16 else { throw .keyLength(name: "file key", bytes: fileKey.count) }
        let fields = SUNURL.fields(url)
        guard let mac = fields.value(["c", "cmac"]) else {
            throw .malformedURL(reason: "it has no MAC field (c= or cmac=)")
        }
        let macBytes = try hex(mac.text, bytes: 8, field: mac.name)
        let uid: [UInt8]
        let counter: [UInt8]
        if let picc = fields.value(["e", "picc_data"]) {
            let data = try hex(picc.text, bytes: 16, field: picc.name)
            let plain: [UInt8]
            do {
                plain = try AES128(key: metaKey).decryptCBC(data, iv: [UInt8](repeating: 0, count: 16))
            } catch {
                throw .malformedURL(reason: "its PICCData is not one AES block")
            }
            let tag = plain[0]
            guard tag & 0xC0 == 0xC0, tag & 0x0F == 7 else { throw .piccDataUnreadable(tag: tag) }
            uid = Array(plain[1...7])
            counter = Array(plain[8...10])
        } else if let plainUID = fields.value(["uid"]), let plainCounter = fields.value(["ctr"]) {
            uid = try hex(plainUID.text, bytes: 7, field: "uid")
            counter = try hex(plainCounter.text, bytes: 3, field: "ctr").reversed()
        } else {
            throw .malformedURL(reason: "it has neither PICCData (e= or picc_data=) nor a plain uid= and ctr=")
        }
        let enc = fields.value(["enc"])
        let macInput: Substring =
            if let enc { url[enc.range.lowerBound..<mac.range.lowerBound] } else { "" }
        let sv2 = pad([0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + uid + counter)
        let expected: [UInt8]
        do {
            let session = try AESCMAC.mac(key: fileKey, message: sv2)
            let full = try AESCMAC.mac(key: session, message: Array(macInput.utf8))
            expected = stride(from: 1, to: 16, by: 2).map { full[$0] }
        } catch {
            throw .keyLength(name: "file key", bytes: fileKey.count)
        }
        guard ConstantTime.equal(expected, macBytes) else {
            throw .macMismatch(received: mac.text.uppercased())
        }
        var fileData: [UInt8]?
        if let enc {
            let data = try hex(enc.text, bytes: nil, field: "enc")
            guard !data.isEmpty, data.count % 16 == 0 else {
                throw .malformedURL(reason: "its enc field is \(data.count) bytes, not whole AES blocks")
            }
            do {
                let sv1 = pad([0xC3, 0x3C, 0x00, 0x01, 0x00, 0x80] + uid + counter)
                let key = try AESCMAC.mac(key: fileKey, message: sv1)
                let aes = try AES128(key: key)
                let iv = try aes.encrypt(block: counter + [UInt8](repeating: 0, count: 13))
                fileData = try aes.decryptCBC(data, iv: iv)
            } catch {
                throw .malformedURL(reason: "its enc field does not decrypt")
            }
        }
        let value = Int(counter[0]) | Int(counter[1]) << 8 | Int(counter[2]) << 16
        return SUNVerification(uid: uid, counter: value, fileData: fileData)
    }

    static func pad(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: max(0, 16 - bytes.count))
    }

    static func hex(_ text: Substring, bytes: Int?, field: String) throws(SUNError) -> [UInt8] {
        let decoded: [UInt8]
        do {
            decoded = try Hex.decode(text)
        } catch {
            throw .malformedURL(reason: "its \(field) field is not hex")
        }
        if let bytes, decoded.count != bytes {
            throw .malformedURL(
                reason: "its \(field) field is \(decoded.count) bytes (\(text.count) hex digits), not \(bytes)")
        }
        return decoded
    }
}
