import Ciphers
import TapCardSupport

/// Verifies SUN URLs an NTAG 424 DNA produced with Secure Dynamic Messaging (AES mode), as a
/// backend does (NT4H2421Gx §9.3; shared/reference/type4-type5-ntag424.md §2.7–2.8):
///
/// 1. PICCData (`e`, `picc_data` or boltcard's `p`, 32 hex) decrypted with the meta key (AES-CBC,
///    IV 0) gives PICCDataTag ‖ UID(7) ‖ SDMReadCtr(3, LSB first) ‖ padding; or the plain mirror
///    gives `uid` (14 hex) and `ctr` (6 hex, MSB first).
/// 2. KSesSDMFileReadMAC from the file key, UID and counter; the MAC is the odd bytes of
///    CMAC(KSesSDMFileReadMAC, MAC input), where the MAC input is the URL's text from the start of
///    the `enc` value to the start of the MAC value (empty without `enc`: MACInputOffset =
///    MACOffset, as AN12196 and boltcard configure it), or the enc hex alone in the bulk style
///    `?e=<PICCData><enc><MAC>`.
/// 3. Only with enc data: KSesSDMFileReadENC, IV = AES-ECB(KSesSDMFileReadENC, counter ‖ 00×13);
///    the file data is AES-CBC decrypted.
///
/// LRP mode (AN12304), recognised by its 48-digit PICCData: PICCRand (8 bytes) is the LRICB counter
/// that decrypts PICCData under the meta key's LRP; the session key is CMAC_LRP(file key,
/// 00 01 00 80 ‖ UID ‖ SDMReadCtr ‖ 1E E1); the MAC is the odd bytes of CMAC_LRP under it; the file
/// data is LRICB-decrypted under its updated key 1 with the counter SDMReadCtr ‖ 00 00 00.
///
/// A verifier is made once per key pair and reused for every URL: the meta key's AES context and
/// the file key's CMAC subkeys are prepared in `init`; a URL costs only what it needs (the
/// encryption session key only when it carries `enc`). It runs on the platform's AES
/// (`AESBackend.preferred` of module Ciphers), is immutable, and can be shared between tasks.
///
/// A URL that could be read two ways is refused as malformed: a SUN field given twice, PICCData in
/// two fields, PICCData beside a plain uid/ctr. With a ``SUNTemplatePattern`` (the template the tag
/// was set up with), the URL must have exactly the template's shape, so any parameter names and
/// path-style templates verify.
///
/// The MAC comparison is constant-time. ``verify(url:)`` keeps no state: a replayed URL verifies
/// again. ``verify(url:lastAcceptedCounter:)`` also refuses a counter that is not above the last
/// one the caller accepted for the UID; the caller stores the new counter (see the article
/// "Verifying SUN messages on a backend").
public struct SUNVerifier: Sendable {
    /// Where the keys come from: a fixed pair, or a master key that gives each tag its own.
    enum Keys: Sendable {
        case fixed(meta: [UInt8], file: [UInt8])
        case derived(SUNKeyDerivation)
    }

    let keys: Keys
    /// The AES backend this verifier runs on.
    public let backend: AESBackend
    /// The template the URLs follow, or `nil` for the standard parameter names.
    public let pattern: SUNTemplatePattern?
    /// Where the MAC input begins (a `{mac_input}` marker in the template overrides it).
    public let macInputStart: SUNMACInputStart

    /// Prepares the keys: `metaKey` (SDMMetaRead, decrypts PICCData) and `fileKey` (SDMFileRead,
    /// the MAC and the file data), 16 bytes each; `pattern`, the template the tag was set up with,
    /// when its URLs do not use the standard parameter names; `macInputStart`, where the tag's
    /// SDMMACInputOffset points when it is not TapCard's default.
    public init(
        metaKey: [UInt8], fileKey: [UInt8], pattern: SUNTemplatePattern? = nil,
        macInputStart: SUNMACInputStart = .automatic, backend: AESBackend = .preferred
    ) throws(SUNError) {
        guard metaKey.count == 16 else { throw .keyLength(name: "meta key", bytes: metaKey.count) }
        guard fileKey.count == 16 else { throw .keyLength(name: "file key", bytes: fileKey.count) }
        keys = .fixed(meta: metaKey, file: fileKey)
        self.pattern = pattern
        self.macInputStart = macInputStart
        self.backend = AESKeySlot(backend: backend, direction: .encrypt).backend
    }

    /// A verifier for tags whose keys derive from one master key (`derivation`): the meta key
    /// decrypts PICCData, then the file key is derived from the UID it holds.
    public init(
        derivation: SUNKeyDerivation, pattern: SUNTemplatePattern? = nil,
        macInputStart: SUNMACInputStart = .automatic, backend: AESBackend = .preferred
    ) {
        keys = .derived(derivation)
        self.pattern = pattern
        self.macInputStart = macInputStart
        self.backend = AESKeySlot(backend: backend, direction: .encrypt).backend
    }

    /// 8 bytes that name this verifier's keys without revealing them (an HMAC under the keys): a
    /// counter ledger shared by verifiers of several tenants records a UID's counter under them,
    /// so a URL accepted under one tenant's keys cannot move another tenant's counter.
    public var counterScope: [UInt8] {
        switch keys {
        case .fixed(let meta, let file):
            Array(HMACSHA256(key: meta + file, backend: backend).mac(Array("TapCard SUN counter scope".utf8)).prefix(8))
        case .derived(let derivation): derivation.fingerprint
        }
    }

    /// The meta-read key.
    var metaKey: [UInt8] {
        switch keys {
        case .fixed(let meta, _): meta
        case .derived(let derivation): derivation.metaKey
        }
    }

    /// The file-read key of the tag with `uid`.
    func fileKey(uid: [UInt8]) -> [UInt8] {
        switch keys {
        case .fixed(_, let file): file
        case .derived(let derivation): derivation.fileKey(uid: uid)
        }
    }

    /// Verifies one URL, on a workspace of its own. A backend that checks many URLs on one thread
    /// keeps a ``SUNWorkspace`` and calls ``verify(url:workspace:)``.
    public func verify(url: String) throws(SUNError) -> SUNVerification {
        try verify(url: url, workspace: SUNWorkspace(backend: backend))
    }

    /// Verifies one URL on `workspace` (its AES contexts are re-keyed, not made: no allocation of
    /// a cipher context per URL, whatever keys the URL needs).
    public func verify(url: String, workspace: SUNWorkspace) throws(SUNError) -> SUNVerification {
        let message: SUNMessage
        if let pattern {
            message = try SUNMessage.parse(url, pattern: pattern)
        } else {
            message = try SUNMessage.parse(url)
        }
        let macInput = try message.macInput(from: macInputStart, in: url)
        let uid: [UInt8]
        let counter: [UInt8]
        switch message.identity {
        case .encrypted(_, let data):
            // One block, IV 0: CBC is ECB here.
            workspace.meta.setKey(metaKey)
            let plain = workspace.meta.apply(block: data)
            // PICCDataTag: bit 7 UID mirrored, bit 6 counter mirrored, bits 5-4 RFU, bits 3-0 the
            // UID length. Anything but C7 is noise from the wrong key, or a layout we cannot check.
            let tag = plain[0]
            guard tag == 0xC7 else { throw .wrongKey(tag: tag) }
            uid = Array(plain[1...7])
            counter = Array(plain[8...10])
        case .encryptedLRP(_, let piccRand, let data):
            let plain: [UInt8]
            do throws(CipherError) {
                plain = try workspace.lrp(metaKey).decryptLRICB(
                    data, counter: piccRand, updatedKey: 0, slot: workspace.lrpSlot)
            } catch {
                throw .malformedPICCData(field: "picc", hexDigits: 2 * (data.count + 8), isHex: true)
            }
            guard plain[0] == 0xC7 else { throw .wrongKey(tag: plain[0]) }
            return try verifyLRP(
                message, macInput: macInput, uid: Array(plain[1...7]), counter: Array(plain[8...10]),
                workspace: workspace)
        case .plain(let plainUID, let plainCounter):
            uid = plainUID
            counter = plainCounter
        }
        let value = Int(counter[0]) | Int(counter[1]) << 8 | Int(counter[2]) << 16
        workspace.file.setKey(fileKey(uid: uid))
        workspace.session.setKey(
            AESCMAC.mac(SUNSessionKeys.macVector(uid: uid, counter: counter), slot: workspace.file))
        var input = macInput
        let full = input.withUTF8 { AESCMAC.mac(UnsafeRawBufferPointer($0), slot: workspace.session) }
        try Self.checkMAC(full, message)
        var fileData: [UInt8]?
        if let enc = message.enc {
            let data = try SUNMessage.hex(enc, bytes: nil, field: "enc")
            guard !data.isEmpty, data.count % 16 == 0 else {
                throw .malformedURL(reason: "its enc data is \(data.count) bytes, not whole AES blocks")
            }
            let encryptionKey = AESCMAC.mac(
                SUNSessionKeys.encryptionVector(uid: uid, counter: counter), slot: workspace.file)
            workspace.session.setKey(encryptionKey)
            let iv = workspace.session.apply(block: counter + [UInt8](repeating: 0, count: 13))
            workspace.data.setKey(encryptionKey)
            fileData = Self.decryptCBC(data, iv: iv, workspace.data)
        }
        return SUNVerification(uid: uid, counter: value, fileData: fileData)
    }

    /// CBC decryption of whole blocks on a deciphering slot.
    static func decryptCBC(_ data: [UInt8], iv: [UInt8], _ slot: AESKeySlot) -> [UInt8] {
        var out = data
        out.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress!
            for offset in stride(from: 0, to: buffer.count, by: 16) { slot.apply(base + offset) }
            for index in 0..<16 { base[index] ^= iv[index] }
            for index in 16..<buffer.count { base[index] ^= data[index - 16] }
        }
        return out
    }

    /// The MAC and the file data of an LRP-mode message whose PICCData decrypted to `uid` and
    /// `counter` (LSB first).
    private func verifyLRP(
        _ message: SUNMessage, macInput: Substring, uid: [UInt8], counter: [UInt8], workspace: SUNWorkspace
    ) throws(SUNError) -> SUNVerification {
        let file = workspace.lrp(fileKey(uid: uid))
        let master = file.cmac([0x00, 0x01, 0x00, 0x80] + uid + counter + [0x1E, 0xE1], slot: workspace.lrpSlot)
        let session: LRP
        do throws(CipherError) {
            session = try LRP(key: master, slot: workspace.lrpSlot)
        } catch {
            throw .keyLength(name: "file key", bytes: master.count)
        }
        let full = session.cmac(Array(macInput.utf8), slot: workspace.lrpSlot)
        try Self.checkMAC(full, message)
        var fileData: [UInt8]?
        if let enc = message.enc {
            let data = try SUNMessage.hex(enc, bytes: nil, field: "enc")
            guard !data.isEmpty, data.count % 16 == 0 else {
                throw .malformedURL(reason: "its enc data is \(data.count) bytes, not whole AES blocks")
            }
            do throws(CipherError) {
                fileData = try session.decryptLRICB(
                    data, counter: counter + [0, 0, 0], updatedKey: 1, slot: workspace.lrpSlot)
            } catch {
                throw .malformedURL(reason: "its enc data does not decrypt (\(error.description))")
            }
        }
        let value = Int(counter[0]) | Int(counter[1]) << 8 | Int(counter[2]) << 16
        return SUNVerification(uid: uid, counter: value, fileData: fileData)
    }

    /// Like ``verify(url:)``, then refuses the message with
    /// ``SUNError/counterNotIncreasing(uid:counter:lastAccepted:)`` unless its counter is above
    /// `lastAcceptedCounter` (the last counter the caller accepted for this UID; `nil` for a UID
    /// never seen). Pure: the caller records the verified counter, atomically with the check
    /// when several verifiers share one store.
    public func verify(url: String, lastAcceptedCounter: Int?) throws(SUNError) -> SUNVerification {
        let verification = try verify(url: url)
        try Self.checkCounter(verification, lastAccepted: lastAcceptedCounter)
        return verification
    }

    /// One URL under `metaKey` and `fileKey`: prepares a verifier and verifies. A backend that
    /// checks many URLs keeps a ``SUNVerifier`` instead.
    public static func verify(url: String, metaKey: [UInt8], fileKey: [UInt8]) throws(SUNError) -> SUNVerification {
        try SUNVerifier(metaKey: metaKey, fileKey: fileKey).verify(url: url)
    }

    /// ``verify(url:metaKey:fileKey:)`` and the counter check of ``verify(url:lastAcceptedCounter:)``.
    public static func verify(url: String, metaKey: [UInt8], fileKey: [UInt8], lastAcceptedCounter: Int?)
        throws(SUNError) -> SUNVerification
    {
        try SUNVerifier(metaKey: metaKey, fileKey: fileKey).verify(url: url, lastAcceptedCounter: lastAcceptedCounter)
    }

    /// Refuses `verification` unless its counter is above `lastAccepted` (`nil`: nothing accepted yet).
    public static func checkCounter(_ verification: SUNVerification, lastAccepted: Int?) throws(SUNError) {
        if let lastAccepted, verification.counter <= lastAccepted {
            throw .counterNotIncreasing(
                uid: verification.uid, counter: verification.counter, lastAccepted: lastAccepted)
        }
    }

    /// SDMMAC is MACt, the odd bytes of the full CMAC (AN12196; the same in LRP mode), compared
    /// with the URL's in constant time. One place for both modes, so neither can check less.
    static func checkMAC(_ full: [UInt8], _ message: SUNMessage) throws(SUNError) {
        let expected = [full[1], full[3], full[5], full[7], full[9], full[11], full[13], full[15]]
        guard ConstantTime.equal(expected, message.mac) else {
            throw .macMismatch(received: message.macText.uppercased())
        }
    }
}
