import TagCatalog
import TapCardSupport

/// Flipper Zero's files for a Type 4 tag, as the Momentum and Unleashed firmwares write them (the
/// official firmware has none): `Device type: Type 4 Tag` (`lib/nfc/protocols/type_4_tag`,
/// `type_4_tag_save`: the ISO 14443-4A base, then `NDEF Data Size` and the message in `NDEF Data`
/// lines of 16 bytes) and `Device type: NTAG4xx` (`lib/nfc/protocols/ntag4xx`: the base, then
/// `PICC Version`, the 29-byte GetVersion answer).
///
/// A Type 4 Tag file makes a generic Type 4 tag (``/TagCatalog/TagModel/genericType4``) holding
/// the message; what the file does not carry (the CC, the NDEF file past the message) is TapCard's
/// generic tag's, and ``decode(_:path:)`` says so, as it says where the file's ATS, ATQA or SAK are
/// not the ones the tag answers with. An NTAG4xx file holds nothing of the chip's memory: it is
/// refused, naming what it lacks.
///
/// The parser is total: any text gives a dump or a ``FlipperType4FileError`` naming its line.
public enum FlipperType4File {
    /// Bytes a line of `NDEF Data` holds (the last one: what is left).
    public static let ndefBytesPerLine = 16

    /// True when `text` is a Flipper file whose device type is `Type 4 Tag` or `NTAG4xx`.
    public static func isType4Dump(_ text: String) -> Bool {
        TextLines.flipperDeviceType(text).flatMap(FlipperType4Dump.Kind.init(rawValue:)) != nil
    }

    // MARK: Parse

    public static func parse(_ text: String) throws(FlipperType4FileError) -> FlipperType4Dump {
        let fields = try FlipperType4FileError.reading(try FlipperFileFields(text, repeatable: ["NDEF Data"]))
        let device = try FlipperType4FileError.reading(try fields.required("Device type"))
        guard let kind = FlipperType4Dump.Kind(rawValue: device.value) else {
            throw .notType4(device.value, line: device.line)
        }
        let uid = try FlipperType4FileError.reading(try fields.required("UID").hex(count: [4, 7, 10]))
        let atqa = try FlipperType4FileError.reading(try fields.required("ATQA").hex(count: [2]))
        let sak = try FlipperType4FileError.reading(try fields.required("SAK").hex(count: [1]))[0]
        let ats = try FlipperATS.read(fields, as: FlipperType4FileError.self)
        var dump = FlipperType4Dump(
            kind: kind, uid: uid, atqa: atqa, sak: sak, ats: ats, ndefMessage: nil, piccVersion: nil)
        switch kind {
        case .type4Tag:
            dump.ndefMessage = try message(fields)
        case .ntag4xx:
            let field = try FlipperType4FileError.reading(try fields.required("PICC Version"))
            let version = try FlipperType4FileError.reading(try field.hex(count: [29]))
            guard version[1] & 0x0F == 0x04 else { throw .notNTAG4xx(version: version, line: field.line) }
            dump.piccVersion = version
        }
        return dump
    }

    /// The message of `NDEF Data Size` and the `NDEF Data` lines, read as the firmware reads them.
    private static func message(_ fields: FlipperFileFields) throws(FlipperType4FileError) -> [UInt8] {
        let sizeField = try FlipperType4FileError.reading(try fields.required("NDEF Data Size"))
        // NLEN has 16 bits; no Type 4 NDEF file holds more.
        let size = try FlipperType4FileError.reading(try sizeField.number(in: 0...0xFFFF))
        var message: [UInt8] = []
        for line in fields.all("NDEF Data") {
            guard message.count < size else {
                throw .ndefSize(declared: size, found: message.count + 1, line: line.line)
            }
            let expected = min(ndefBytesPerLine, size - message.count)
            let bytes = try FlipperType4FileError.reading(try line.hex(count: Array(1...64)))
            guard bytes.count == expected else {
                throw .ndefLine(bytes: bytes.count, expected: expected, line: line.line)
            }
            message += bytes
        }
        guard message.count == size else { throw .ndefSize(declared: size, found: message.count, line: sizeField.line) }
        return message
    }

    // MARK: Tag

    /// The tag `text` describes and what it holds that the file did not say, one sentence each.
    public static func decode(_ text: String, path: String) throws(EmulatorError) -> (EmulatedType4Tag, [String]) {
        let dump: FlipperType4Dump
        do {
            dump = try parse(text)
        } catch {
            throw .malformedFlipperType4File(path: path, error)
        }
        return try tag(dump, path: path)
    }

    /// The tag of `dump`, and the sentences saying what it holds that the dump did not say.
    public static func tag(_ dump: FlipperType4Dump, path: String) throws(EmulatorError) -> (EmulatedType4Tag, [String])
    {
        guard let message = dump.ndefMessage else {
            let version = dump.piccVersion ?? []
            throw .malformedFlipperType4File(
                path: path, .versionOnly(chip: chipName(version), uid: dump.uid, line: 0))
        }
        let model = TagModel.genericType4
        guard let facts = model.type4, let ndefFile = facts.ndefFile else { throw .unsupportedModel(model) }
        guard message.count <= ndefFile.size - 2 else {
            throw .malformedFlipperType4File(
                path: path, .messageTooLarge(bytes: message.count, capacity: ndefFile.size - 2))
        }
        try EmulatedType4Tag.check(uid: dump.uid)
        let nlen = [UInt8(message.count >> 8), UInt8(message.count & 0xFF)]
        let tag = EmulatedType4Tag(model: model, uid: dump.uid, contents: [ndefFile.identifier: nlen + message])
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var notes = [
            "the Capability Container (NDEF file identifier and size, read and write access, MLe and MLc): TapCard's generic Type 4 CC here (NDEF file E104 of \(ndefFile.size) bytes, read and write free), as a Flipper emulating the file uses its own"
        ]
        if 2 + message.count < ndefFile.size {
            notes.append("the NDEF file past its message (bytes \(2 + message.count)–\(ndefFile.size - 1)): zeros here")
        }
        if let ats = dump.ats, ats != facts.ats {
            notes.append("the file's ATS \(hex(ats)) is not kept: the tag answers with \(hex(facts.ats))")
        } else if dump.ats == nil {
            notes.append("the file has no ATS: the tag answers with \(hex(facts.ats))")
        }
        if dump.atqa != facts.atqa || dump.sak != facts.sak {
            notes.append(
                "the file's ATQA \(hex(dump.atqa)) and SAK \(hex([dump.sak])) are not kept: the tag answers ATQA \(hex(facts.atqa)), SAK \(hex([facts.sak]))"
            )
        }
        if dump.sak & 0x20 == 0 {
            // ISO/IEC 14443-3 6.5.3.4: SAK bit 6 says the card speaks ISO/IEC 14443-4.
            notes.append(
                "the header contradicts the device type: SAK \(hex([dump.sak])) does not announce ISO/IEC 14443-4 (bit 6, 20h), which a Type 4 tag needs"
            )
        }
        return (tag, notes)
    }

    /// The chip an NTAG 4xx GetVersion answer names, as the firmware names it.
    static func chipName(_ version: [UInt8]) -> String {
        guard version.count >= 7 else { return "an NTAG 4xx" }
        let tamper = version[2] & 0x08 != 0 ? " TagTamper" : ""
        switch version[3] {
        case 0x10: return "NTAG413 DNA"
        case 0x30: return "NTAG424 DNA" + tamper
        default: return "an NTAG 4xx of hardware major version \(Hex.encode([version[3]], uppercase: true))"
        }
    }

    // MARK: Render

    /// `tag` (a generic Type 4 tag or an NTAG 424 DNA) as a `Type 4 Tag` file, and what the file
    /// cannot carry, one sentence each. Throws when the NDEF file's NLEN runs past the file.
    public static func render(_ tag: EmulatedType4Tag) throws(EmulatorError) -> (text: String, dropped: [String]) {
        guard tag.picc == nil, let ndef = tag.contents(ofFile: 0xE104), ndef.count >= 2 else {
            throw .type4Memory(
                "a Flipper 'Type 4 Tag' file holds the message of an NDEF file E104, which this tag has not")
        }
        let nlen = Int(ndef[0]) << 8 | Int(ndef[1])
        guard nlen <= ndef.count - 2 else {
            throw .type4Memory("NLEN says \(nlen) bytes, but the NDEF file holds \(ndef.count - 2) after it")
        }
        let message = Array(ndef[2..<(2 + nlen)])
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = [
            "Filetype: Flipper NFC device", "Version: 4",
            "# Device type can be ISO14443-3A, ISO14443-3B, ISO14443-4A, ISO14443-4B, ISO15693-3, FeliCa, NTAG/Ultralight, Mifare Classic, Mifare Plus, Mifare DESFire, SLIX, ST25TB, NTAG4xx, Type 4 Tag",
            "Device type: Type 4 Tag", "# UID is common for all formats", "UID: \(hex(tag.uid))",
            "# ISO14443-3A specific data", "ATQA: \(hex(tag.facts.atqa))", "SAK: \(hex([tag.facts.sak]))",
        ]
        lines += FlipperATS.lines(tag.facts.ats)
        lines += ["# Type 4 Tag specific data", "NDEF Data Size: \(message.count)"]
        for start in stride(from: 0, to: message.count, by: ndefBytesPerLine) {
            lines.append("NDEF Data: \(hex(Array(message[start..<min(message.count, start + ndefBytesPerLine)])))")
        }
        var dropped: [String] = []
        if tag.model == .ntag424DNA {
            dropped = [
                "the 5 application keys",
                "the file settings and SDM settings",
                "the CC file and the proprietary file E105", "the originality signature and GetVersion",
            ]
        } else {
            dropped = ["the CC (a Flipper emulating the file answers with its own)"]
        }
        if 2 + nlen < ndef.count { dropped.append("the NDEF file past its message (\(ndef.count - 2 - nlen) bytes)") }
        return (lines.joined(separator: "\n") + "\n", dropped)
    }
}
