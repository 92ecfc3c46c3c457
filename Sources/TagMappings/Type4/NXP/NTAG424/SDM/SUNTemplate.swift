import NDEF
import SUN

/// A SUN URL template (`https://host/p?e={picc}&c={mac}`) turned into what an NTAG 424 DNA needs:
/// the exact NDEF file bytes (NLEN + one URI record, placeholders as `0`s) and the file settings
/// whose mirror offsets point at those placeholders (reference §2.6–§2.8, §2.11).
///
/// Offsets are computed from the encoded file itself: the URI prefix code comes from the NDEF
/// codec's prefix table, the record header from its encoder, so an offset can never be counted on
/// the URL string by mistake. The secret file data for `{enc}` is stored in the first half of the
/// `{enc}` region (the tag encrypts it there and mirrors twice as many hex characters).
///
/// Defaults follow AN12196's `F121` personalization: PICCData with key 2 (`metaKeyNumber`),
/// MAC and file data with key 1 (`fileKeyNumber`), the counter not retrievable (`never`).
public struct SUNTemplate: Sendable, Hashable {
    /// The NDEF file size of an NTAG 424 DNA (file 02).
    public static let ntag424NDEFFileSize = 256

    public let template: String
    /// The template as text and placeholders: what a verifier matches this tag's URLs against.
    public let pattern: SUNTemplatePattern
    /// The placeholders in the order they appear.
    public let placeholders: [SUNPlaceholder]
    /// NLEN (2, big endian) ‖ the NDEF message.
    public let fileBytes: [UInt8]
    /// The URI identifier code the record uses.
    public let uriIdentifierCode: UInt8
    /// The NDEF file's access rights after setup.
    public let accessRights: NTAG424AccessRights
    public let sdm: NTAG424SDMSettings
    /// True when the file is laid out for LRP mode (48-character PICCData).
    public let lrp: Bool
    /// Where the MAC input begins, as chosen (a `{mac_input}` marker is in ``pattern`` instead).
    public let macInputStart: SUNMACInputStart

    /// Reads `template` and lays out the file and the SDM settings for it; refuses a template the
    /// tag could not mirror, with the reason.
    ///
    /// - Parameters:
    ///   - template: the URL with `{picc}`, `{mac}`, `{enc}`, `{uid}` and `{ctr}` placeholders,
    ///     e.g. `https://example.com/t?e={picc}&c={mac}`.
    ///   - fileData: the secret bytes `{enc}` mirrors encrypted (16·k bytes); empty without `{enc}`.
    ///   - accessRights: the NDEF file's rights; by default read free, write and change with key 0,
    ///     so nobody without key 0 can overwrite the template.
    ///   - metaKeyNumber: the key (0–4) that encrypts PICCData (SDMMetaRead).
    ///   - fileKeyNumber: the key (0–4) behind the MAC and the encrypted file data (SDMFileRead).
    ///   - counterRetrieval: who may read the counter with GetFileCounters (SDMCtrRet).
    ///   - fileSize: the NDEF file's size in bytes, 256 on an NTAG 424 DNA.
    ///   - allowStatic: accept a template that mirrors no counter and no PICCData. Its URL never
    ///     changes, so a copy replays forever; refused unless the caller opts in.
    ///   - lrp: lay the file out for a tag in LRP mode (AN12304), whose PICCData is 48 characters
    ///     (PICCRand ‖ the enciphered 16 bytes); needs `{picc}`.
    ///   - macInputStart: where the MAC input begins (SDMMACInputOffset) when the template has no
    ///     `{mac_input}` marker: from `{enc}` or nothing (the default), from the first mirrored
    ///     value, from the start of the URL the file holds, or from a position of the URL.
    public init(
        _ template: String, fileData: [UInt8] = [], metaKeyNumber: Int = 2, fileKeyNumber: Int = 1,
        counterRetrieval: NTAG424AccessCondition = .never,
        accessRights: NTAG424AccessRights = NTAG424AccessRights(
            read: .free, write: .key(0), readWrite: .key(0), change: .key(0)),
        fileSize: Int = SUNTemplate.ntag424NDEFFileSize, allowStatic: Bool = false, lrp: Bool = false,
        macInputStart: SUNMACInputStart = .automatic
    ) throws(SUNTemplateError) {
        guard !template.isEmpty else { throw .empty }
        for (name, value) in [("meta", metaKeyNumber), ("file", fileKeyNumber)] where !(0...4).contains(value) {
            throw .keyNumber(name: name, value: value)
        }
        // The same split a verifier matches URLs with (SUNTemplatePattern), so the file laid out
        // here and the URLs checked there cannot disagree on the vocabulary.
        let pattern = try SUNTemplatePattern(template)
        let found = pattern.placeholders
        guard let macIndex = found.firstIndex(of: .mac) else { throw .macMissing }
        if found.contains(.picc) && (found.contains(.uid) || found.contains(.ctr)) { throw .piccWithPlainMirror }
        if macIndex != found.count - 1 { throw .macNotLast(before: found[macIndex + 1]) }
        if found.contains(.enc) {
            guard !fileData.isEmpty else { throw .encWithoutFileData }
            guard fileData.count % 16 == 0 else { throw .fileDataLength(bytes: fileData.count) }
        } else if !fileData.isEmpty {
            throw .fileDataWithoutEnc
        }

        // The URI with every placeholder as the bytes the static file holds, and where each begins.
        var uriBytes: [UInt8] = []
        var starts: [SUNPlaceholder: Int] = [:]
        for piece in pattern.pieces {
            switch piece {
            case .text(let text): uriBytes += Array(text.utf8)
            case .placeholder(let placeholder):
                starts[placeholder] = uriBytes.count
                if let length = placeholder.fixedLength(lrp: lrp) {
                    uriBytes += [UInt8](repeating: 0x30, count: length)
                } else {
                    uriBytes += fileData + [UInt8](repeating: 0x30, count: fileData.count)
                }
            }
        }
        // The prefix code from the codec's table; a placeholder cannot be part of a prefix since
        // no prefix contains "0".
        let code = URIRecord.longestPrefixCode(for: String(decoding: uriBytes, as: UTF8.self))
        let prefixLength = Array(URIRecord.prefixes[Int(code)].utf8).count
        let rest = Array(uriBytes[prefixLength...])
        let record = NDEFRecord(tnf: .wellKnown, type: "U", payload: [code] + rest)
        let message = NDEFMessage(records: [record]).encoded()
        let file = [UInt8(message.count >> 8 & 0xFF), UInt8(message.count & 0xFF)] + message
        guard file.count <= fileSize else { throw .tooLong(bytes: file.count, capacity: fileSize) }
        // The rest of the URI ends the message: its first byte sits at `base` in the file.
        let base = file.count - rest.count - prefixLength
        func offset(_ placeholder: SUNPlaceholder) -> Int? { starts[placeholder].map { $0 + base } }

        let metaRead: NTAG424AccessCondition
        var options: UInt8 = 0x01
        if found.contains(.picc) {
            metaRead = .key(UInt8(metaKeyNumber))
            options |= 0xC0
        } else if found.contains(.uid) || found.contains(.ctr) {
            metaRead = .free
            if found.contains(.uid) { options |= 0x80 }
            if found.contains(.ctr) { options |= 0x40 }
        } else {
            metaRead = .never
        }
        if found.contains(.enc) { options |= 0x10 }
        let macOffset = offset(.mac)
        let macInputOffset = try Self.macInputOffset(
            macInputStart, marked: offset(.macInput), enc: offset(.enc),
            firstValue: [offset(.picc), offset(.uid), offset(.ctr)].compactMap { $0 }.min(), mac: macOffset ?? 0,
            uriStart: base + prefixLength, base: base)
        // Last, so a template with a more basic fault says that fault first.
        if found.contains(.ctr) && !found.contains(.uid) { throw .counterWithoutUID }
        if !found.contains(.picc) && !found.contains(.ctr) && !allowStatic { throw .replayable }
        if lrp && !found.contains(.picc) { throw .lrpWithoutPICCData }
        self.template = template
        self.lrp = lrp
        self.macInputStart = macInputStart
        self.pattern = pattern
        self.placeholders = found
        self.fileBytes = file
        self.uriIdentifierCode = code
        self.accessRights = accessRights
        self.sdm = NTAG424SDMSettings(
            options: options, metaRead: metaRead, fileRead: .key(UInt8(fileKeyNumber)),
            counterRetrieval: counterRetrieval, uidOffset: offset(.uid), readCounterOffset: offset(.ctr),
            piccDataOffset: offset(.picc), macInputOffset: macInputOffset, encOffset: offset(.enc),
            encLength: found.contains(.enc) ? fileData.count * 2 : nil, macOffset: macOffset)
    }

    /// SDMMACInputOffset for `start` (or the `{mac_input}` marker's offset, which wins when it is
    /// the only choice made): within the URL the file holds, not after `{enc}` (the MAC must cover
    /// the encrypted data) and not after `{mac}`.
    static func macInputOffset(
        _ start: SUNMACInputStart, marked: Int?, enc: Int?, firstValue: Int?, mac: Int, uriStart: Int, base: Int
    ) throws(SUNTemplateError) -> Int {
        let offset: Int
        if let marked {
            guard start == .automatic else {
                throw .macInputStart(
                    reason:
                        "the template marks it with {mac_input} and it was also given as \(start.argument); give one")
            }
            offset = marked
        } else {
            switch start {
            case .automatic: return enc ?? mac
            case .piccData: offset = firstValue ?? mac
            case .url: offset = uriStart
            case .position(let position):
                guard base + position >= uriStart else {
                    throw .macInputStart(
                        reason:
                            "position \(position) is inside the URI prefix the record abbreviates (\(uriStart - base) characters), which the tag's file does not hold"
                    )
                }
                offset = base + position
            }
        }
        if let enc, offset > enc {
            throw .macInputStart(
                reason:
                    "it would start at URL position \(offset - base), after {enc} at \(enc - base); the MAC must cover the encrypted data"
            )
        }
        guard offset <= mac else {
            throw .macInputStart(
                reason: "it would start at URL position \(offset - base), after {mac} at \(mac - base)")
        }
        return offset
    }

    /// True when the URL mirrors no counter (no `{picc}`, no `{ctr}`): it never changes, and no
    /// backend can tell a tap from a copy. Only with `allowStatic`.
    public var isStatic: Bool { !placeholders.contains(.picc) && !placeholders.contains(.ctr) }

    /// True when the URLs use the parameter names a verifier reads without the template
    /// (`e`/`picc_data`/`p`, `enc`, `uid`, `ctr`, `c`/`cmac`, each `name=` right before its value).
    /// Otherwise `sun verify` needs `--template`.
    public var usesStandardNames: Bool {
        let names: [SUNPlaceholder: [String]] = [
            .picc: ["e", "picc_data", "p"], .enc: ["enc"], .uid: ["uid"], .ctr: ["ctr"], .mac: ["c", "cmac"],
        ]
        var previous: String?
        var inQuery = false
        for piece in pattern.pieces {
            switch piece {
            case .text(let text):
                previous = text
                inQuery = inQuery || text.contains("?")
            case .placeholder(let placeholder):
                guard inQuery, let text = previous, text.last == "=" else { return false }
                let name = text.dropLast().split(whereSeparator: { $0 == "?" || $0 == "&" }).last.map(String.init)
                guard let name, names[placeholder]?.contains(name.lowercased()) == true else { return false }
                previous = nil
            }
        }
        return true
    }

    /// FileOption: SDM on (bit 6), plain communication, so any phone can read the URL.
    public var fileOption: UInt8 { 0x40 }

    /// The ChangeFileSettings data: FileOption ‖ AccessRights ‖ SDM part.
    public var changeFileSettingsData: [UInt8] { [fileOption] + accessRights.bytes + sdm.bytes }

    /// The GetFileSettings answer a tag set up with this template gives for its NDEF file.
    public func expectedFileSettings(size: Int = SUNTemplate.ntag424NDEFFileSize) -> NTAG424FileSettings {
        NTAG424FileSettings(
            fileType: 0, fileOption: fileOption, accessRights: accessRights, size: size, trailing: sdm.bytes)
    }
}
