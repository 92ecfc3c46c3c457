import Ciphers

/// The NDEF file as an NTAG 424 DNA outputs it with Secure Dynamic Messaging: the
/// static bytes with each placeholder overwritten by uppercase ASCII hex (NTAG 424 DNA datasheet
/// §9.3; shared/reference/type4-type5-ntag424.md §2.7). Written from the datasheet facts, not shared
/// with module Type4's `SUNVerifier`, so the two can catch each other.
///
/// - Plain mirror (MetaRead E): the UID as 14 characters, the counter as 6, MSB first.
/// - PICCData (MetaRead key k): AES-CBC(K_k, IV 0, PICCDataTag ‖ UID ‖ SDMReadCtr (3, LSB first) ‖
///   random padding to 16 bytes), 32 characters. PICCDataTag: bit 7 UID mirrored, bit 6 counter
///   mirrored, bits 3-0 the UID length 7 (0 when the UID is not mirrored: UNVERIFIED).
/// - Session keys (FileRead key K): SV1 = C3 3C 00 01 00 80 ‖ [UID] ‖ [SDMReadCtr], SV2 = 3C C3 00 01
///   00 80 ‖ [UID] ‖ [SDMReadCtr], each zero-padded to 16, with the UID and the counter (LSB first)
///   only when mirrored; KSesSDMFileReadENC = CMAC(K, SV1), KSesSDMFileReadMAC = CMAC(K, SV2).
/// - SDMENCFileData: the static bytes [ENCOffset, ENCOffset + ENCLength/2) enciphered with AES-CBC
///   under KSesSDMFileReadENC, IV = AES-ECB(KSesSDMFileReadENC, SDMReadCtr (3, LSB first) ‖ 00×13),
///   as ENCLength characters.
/// - SDMMAC: MACt (bytes 1, 3, …, 15 of the CMAC) under KSesSDMFileReadMAC of the output bytes
///   [MACInputOffset, MACOffset), written after every other placeholder; 16 characters.
///
/// In LRP mode (AN12304; reference §2.10), with the LRP primitive of module Ciphers:
/// - PICCData: PICCRand (8 random bytes) ‖ LRICB(K_meta, updated key 0, counter PICCRand, the
///   same 16-byte plaintext as in AES mode), 48 characters;
/// - SV = 00 01 00 80 ‖ [UID] ‖ [SDMReadCtr] zero-padded to 14 bytes ‖ 1E E1, the session master
///   key CMAC_LRP(K_file, SV);
/// - SDMMAC: MACt of CMAC_LRP under the master key's updated key 0;
/// - SDMENCFileData: LRICB under the master key's updated key 1, counter SDMReadCtr (3, LSB
///   first) ‖ 00 00 00.
enum SDMMirror {
    /// The file as output; `nil` when a key is missing or has the wrong length (memory set around
    /// the rules).
    static func output(
        of contents: [UInt8], settings: SDMSettings, uid: [UInt8], counter: Int, padding: [UInt8], keys: [Type4Key],
        lrp: Bool
    ) -> [UInt8]? {
        if lrp {
            return lrpOutput(of: contents, settings: settings, uid: uid, counter: counter, random: padding, keys: keys)
        }
        var output = plainMirrors(contents, settings: settings, uid: uid, counter: counter)
        let counterBytes = littleEndian3(counter)
        func write(_ text: [UInt8], at offset: Int) { place(text, at: offset, in: &output) }
        if let placeholder = settings.piccData {
            guard let key = key(settings.metaRead, in: keys), let cipher = try? AES128(key: key) else { return nil }
            let plain = piccPlaintext(settings: settings, uid: uid, counter: counterBytes, padding: padding)
            guard let enciphered = try? cipher.encryptCBC(plain, iv: zeroBlock) else { return nil }
            write(hex(enciphered), at: placeholder.offset)
        }
        guard let mac = settings.mac, let input = settings.macInputOffset else { return output }
        guard let key = key(settings.fileRead, in: keys), let master = try? AESCMAC(key: key, backend: .swift) else {
            return nil
        }
        let mirrored = (settings.mirrorsUID ? uid : []) + (settings.mirrorsCounter ? counterBytes : [])
        let sv1 = padded([0xC3, 0x3C, 0x00, 0x01, 0x00, 0x80] + mirrored)
        let sv2 = padded([0x3C, 0xC3, 0x00, 0x01, 0x00, 0x80] + mirrored)
        if let enc = settings.encryptedData {
            let plainCount = enc.length / 2
            guard enc.offset + plainCount <= contents.count, let cipher = try? AES128(key: master.mac(sv1)),
                let iv = try? cipher.encrypt(block: counterBytes + [UInt8](repeating: 0, count: 13)),
                let enciphered = try? cipher.encryptCBC(Array(contents[enc.offset..<(enc.offset + plainCount)]), iv: iv)
            else { return nil }
            write(hex(enciphered), at: enc.offset)
        }
        guard input <= mac.offset, mac.offset <= output.count,
            let session = try? AESCMAC(key: master.mac(sv2), backend: .swift)
        else { return nil }
        let full = session.mac(Array(output[input..<mac.offset]))
        write(hex(stride(from: 1, to: 16, by: 2).map { full[$0] }), at: mac.offset)
        return output
    }

    /// The LRP-mode output; `random` is PICCRand (8 bytes) followed by the plaintext's padding.
    private static func lrpOutput(
        of contents: [UInt8], settings: SDMSettings, uid: [UInt8], counter: Int, random: [UInt8], keys: [Type4Key]
    ) -> [UInt8]? {
        var output = plainMirrors(contents, settings: settings, uid: uid, counter: counter)
        let counterBytes = littleEndian3(counter)
        func write(_ text: [UInt8], at offset: Int) { place(text, at: offset, in: &output) }
        if let placeholder = settings.piccData {
            guard random.count >= 8, let key = key(settings.metaRead, in: keys),
                let meta = try? LRP(key: key, backend: .swift)
            else { return nil }
            let piccRand = Array(random.prefix(8))
            let plain = piccPlaintext(
                settings: settings, uid: uid, counter: counterBytes, padding: Array(random.dropFirst(8)))
            guard let enciphered = try? meta.encryptLRICB(plain, counter: piccRand, updatedKey: 0) else { return nil }
            write(hex(piccRand + enciphered), at: placeholder.offset)
        }
        guard let mac = settings.mac, let input = settings.macInputOffset else { return output }
        guard let key = key(settings.fileRead, in: keys), let file = try? LRP(key: key, backend: .swift) else {
            return nil
        }
        let mirrored = (settings.mirrorsUID ? uid : []) + (settings.mirrorsCounter ? counterBytes : [])
        let vector =
            [0x00, 0x01, 0x00, 0x80] + mirrored + [UInt8](repeating: 0, count: max(0, 10 - mirrored.count))
            + [0x1E, 0xE1]
        guard let session = try? LRP(key: file.cmac(vector), backend: .swift) else { return nil }
        if let enc = settings.encryptedData {
            let plainCount = enc.length / 2
            guard enc.offset + plainCount <= contents.count,
                let enciphered = try? session.encryptLRICB(
                    Array(contents[enc.offset..<(enc.offset + plainCount)]), counter: counterBytes + [0, 0, 0],
                    updatedKey: 1)
            else { return nil }
            write(hex(enciphered), at: enc.offset)
        }
        guard input <= mac.offset, mac.offset <= output.count else { return nil }
        let full = session.cmac(Array(output[input..<mac.offset]), updatedKey: 0)
        write(hex(stride(from: 1, to: 16, by: 2).map { full[$0] }), at: mac.offset)
        return output
    }

    /// `contents` with the plain mirrors written: the UID as 14 characters and the counter as 6,
    /// MSB first (both modes).
    private static func plainMirrors(_ contents: [UInt8], settings: SDMSettings, uid: [UInt8], counter: Int)
        -> [UInt8]
    {
        var output = contents
        if let placeholder = settings.uid { place(hex(uid), at: placeholder.offset, in: &output) }
        if let placeholder = settings.counter {
            place(hex(littleEndian3(counter).reversed()), at: placeholder.offset, in: &output)
        }
        return output
    }

    /// Writes `text` at `offset` when it fits inside `output` (the settings were checked to fit).
    private static func place(_ text: [UInt8], at offset: Int, in output: inout [UInt8]) {
        guard offset >= 0, offset + text.count <= output.count else { return }
        output.replaceSubrange(offset..<(offset + text.count), with: text)
    }

    /// How many random bytes a mirrored PICCData needs: the padding, 16 − 1 − the mirrored UID
    /// and counter, and in LRP mode PICCRand's 8 before it.
    static func paddingCount(_ settings: SDMSettings, lrp: Bool) -> Int {
        16 - 1 - (settings.mirrorsUID ? 7 : 0) - (settings.mirrorsCounter ? 3 : 0) + (lrp ? 8 : 0)
    }

    static func piccPlaintext(settings: SDMSettings, uid: [UInt8], counter: [UInt8], padding: [UInt8]) -> [UInt8] {
        let tag: UInt8 = (settings.mirrorsUID ? 0x80 | 0x07 : 0) | (settings.mirrorsCounter ? 0x40 : 0)
        let start = [tag] + (settings.mirrorsUID ? uid : []) + (settings.mirrorsCounter ? counter : [])
        let filler = Array(padding.prefix(16 - start.count))
        return start + filler + [UInt8](repeating: 0, count: max(0, 16 - start.count - filler.count))
    }

    static func littleEndian3(_ value: Int) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value >> 16),
        ]
    }

    private static let zeroBlock = [UInt8](repeating: 0, count: 16)

    private static func key(_ number: UInt8, in keys: [Type4Key]) -> [UInt8]? {
        keys.indices.contains(Int(number)) ? keys[Int(number)].value : nil
    }

    private static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: max(0, 16 - bytes.count))
    }

    /// Uppercase ASCII hex of `bytes`.
    private static func hex<S: Sequence<UInt8>>(_ bytes: S) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }
    }
}
