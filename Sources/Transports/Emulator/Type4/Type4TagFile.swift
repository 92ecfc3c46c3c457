import TagCatalog
import TapCardSupport

/// TapCard's text format for a virtual Type 4 tag (generic T4T, NTAG 424 DNA, MIFARE DESFire:
/// its lines are `DESFireFileLines`'s).
///
/// Flipper Zero has no format for these chips: its firmware's `lib/nfc/protocols/` has no
/// `ntag4xx` (multi-technology.md §2.7), so this is TapCard's own, in the same `Key: value` style
/// so it reads and diffs like the Type 2 files:
///
/// ```
/// Filetype: TapCard Type 4 tag
/// Version: 1
/// # comment lines
/// Model: ntag424-dna
/// UID: 04 11 22 33 44 55 66
/// Signature: 00 00 … (56 bytes; NTAG 424 DNA only)
/// Secure messaging: LRP                                    (only once SetConfiguration switched to LRP)
/// Key 0: 00 … (16 bytes)          Key 0 version: 00        (NTAG 424 DNA: keys 0–4)
/// File E103 number: 01                                     (native file number; 424 only)
/// File E103 settings: 00 00 00 E0 20 00 00                 (GetFileSettings, 7 bytes or more; 424 only)
/// File E103 size: 32
/// File E104 SDMReadCtr: 61                                 (SDM read counter, decimal; only when not 0)
/// File E103 data 0000: 00 17 20 01 …                       (rows of 32 bytes, offsets in hex)
/// ```
///
/// Parsing is total: any text gives a tag or a ``Type4FileError`` naming the line; what the lines
/// say must then fit the model (``EmulatedType4Tag/check(memory:model:)``).
///
/// What ChangeKey and ChangeFileSettings change is all here: each key's value and version, and
/// each file's settings as GetFileSettings returns them (FileOption and access rights, and the SDM
/// part after the file size once SDM is enabled, so settings lines may be longer than 7 bytes).
/// The SDM read counter (SDMReadCtr) is an EEPROM value too, so it is saved on its own line when it
/// is not 0. The format and its version did not change for any of that: files written before
/// still load, with every counter at 0. The session (authentication, command counter, the last
/// mirrored read) is never saved: a loaded tag starts unauthenticated.
public enum Type4TagFile {
    /// The first line of every Type 4 file.
    public static let filetype = "TapCard Type 4 tag"
    /// The format version written and read.
    public static let version = "1"
    /// The comment lines after the header.
    public static let comment = [
        "TapCard virtual tag: the emulator reads and writes this file.",
        "Flipper Zero has no NTAG 424 DNA format (its firmware's lib/nfc/protocols has no ntag4xx), so this is TapCard's own.",
    ]
    /// The comment line a MIFARE DESFire's file adds: why it is not a Flipper Zero DESFire file.
    public static let desfireComment =
        "A MIFARE DESFire is kept here with its keys and settings, which the emulator needs and a card dump cannot hold."
    /// Bytes per `data` row.
    static let rowBytes = 32

    /// True when `text` is a Type 4 file: its first line that is not blank or a comment is the header.
    public static func isType4(_ text: String) -> Bool {
        for (_, line) in TextLines.split(text) {
            let trimmed = line.trimmingWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            return trimmed == "Filetype: \(filetype)"
        }
        return false
    }

    /// The file's text for `tag`.
    public static func encode(_ tag: EmulatedType4Tag) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = ["Filetype: \(filetype)", "Version: \(version)"]
        lines += comment.map { "# \($0)" }
        if tag.memory.picc != nil { lines.append("# \(desfireComment)") }
        lines.append("Model: \(tag.model.rawValue)")
        lines.append("UID: \(hex(tag.uid))")
        if !tag.memory.signature.isEmpty { lines.append("Signature: \(hex(tag.memory.signature))") }
        if tag.memory.lrp { lines.append("Secure messaging: LRP") }
        for (number, key) in tag.memory.keys.enumerated() {
            lines.append("Key \(number): \(hex(key.value))")
            lines.append("Key \(number) version: \(hex([key.version]))")
        }
        if let picc = tag.memory.picc { lines += DESFireFileLines.encode(picc) }
        for file in tag.memory.files {
            let name = fileName(file.identifier)
            if let number = file.number { lines.append("File \(name) number: \(hex([number]))") }
            if let settings = file.settings { lines.append("File \(name) settings: \(hex(settings))") }
            if file.sdmReadCounter != 0 { lines.append("File \(name) SDMReadCtr: \(file.sdmReadCounter)") }
            lines.append("File \(name) size: \(file.size)")
            var offset = 0
            while offset < file.size {
                let end = min(file.size, offset + rowBytes)
                lines.append("File \(name) data \(offsetName(offset)): \(hex(Array(file.contents[offset..<end])))")
                offset = end
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A tag from a file's text; `path` only names the file in errors.
    public static func decode(_ text: String, path: String = "the virtual tag") throws(EmulatorError)
        -> EmulatedType4Tag
    {
        let parsed: Parsed
        do {
            parsed = try parse(text)
        } catch {
            throw .malformedType4File(path: path, error)
        }
        return try EmulatedType4Tag(model: parsed.model, uid: parsed.uid, memory: parsed.memory)
    }

    struct Parsed {
        var model: TagModel
        var uid: [UInt8]
        var memory: Type4Memory
    }

    /// A file being read: the lines seen so far about it.
    private struct FileLines {
        var identifier: UInt16
        var number: UInt8?
        var settings: [UInt8]?
        var size: Int?
        var sdmReadCounter: Int?
        var contents: [UInt8] = []
    }

    static func parse(_ text: String) throws(Type4FileError) -> Parsed {
        var sawFiletype = false
        var sawVersion = false
        var model: TagModel?
        var uid: [UInt8]?
        var signature: [UInt8]?
        var lrp: Bool?
        var keys: [Int: [UInt8]] = [:]
        var versions: [Int: UInt8] = [:]
        var files: [FileLines] = []
        var desfire = DESFireFileLines()
        let lines = TextLines.split(text)
        for (lineNumber, rawLine) in lines {
            let line = rawLine.trimmingWhitespace
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                throw sawFiletype ? .malformedLine(line: lineNumber) : .notType4File(line: lineNumber)
            }
            let key = String(line[..<colon]).trimmingWhitespace
            let value = String(line[line.index(after: colon)...]).trimmingWhitespace
            if !sawFiletype {
                guard key == "Filetype", value == filetype else { throw .notType4File(line: lineNumber) }
                sawFiletype = true
                continue
            }
            func bytes() throws(Type4FileError) -> [UInt8] {
                guard let decoded = try? Hex.decode(value) else {
                    throw .badValue(line: lineNumber, key: key, reason: "'\(value)' is not hex bytes")
                }
                return decoded
            }
            func once<T>(_ current: T?) throws(Type4FileError) {
                if current != nil { throw .duplicateKey(line: lineNumber, key: key) }
            }
            let words = key.split(separator: " ").map(String.init)
            switch words.first {
            case "Version" where words.count == 1:
                guard !sawVersion else { throw .duplicateKey(line: lineNumber, key: key) }
                guard value == version else { throw .unsupportedVersion(line: lineNumber, version: value) }
                sawVersion = true
            case "Model" where words.count == 1:
                try once(model)
                guard let named = TagModel(rawValue: value), EmulatedType4Tag.supportedModels.contains(named) else {
                    let names = EmulatedType4Tag.supportedModels.map(\.rawValue).joined(separator: ", ")
                    throw .badValue(line: lineNumber, key: key, reason: "'\(value)' is not one of \(names)")
                }
                model = named
            case "UID" where words.count == 1:
                try once(uid)
                let decoded = try bytes()
                guard decoded.count == 7 else {
                    throw .badValue(line: lineNumber, key: key, reason: "\(decoded.count) bytes; a UID has 7")
                }
                uid = decoded
            case "Signature" where words.count == 1:
                try once(signature)
                signature = try bytes()
            case "Secure" where words == ["Secure", "messaging"]:
                try once(lrp)
                guard value == "LRP" || value == "AES" else {
                    throw .badValue(line: lineNumber, key: key, reason: "'\(value)' is not AES or LRP")
                }
                lrp = value == "LRP"
            case "Key" where words.count == 2 || (words.count == 3 && words[2] == "version"):
                guard let number = Int(words[1]), (0..<16).contains(number) else {
                    throw .badValue(line: lineNumber, key: key, reason: "'\(words[1])' is not a key number 0–15")
                }
                let decoded = try bytes()
                if words.count == 2 {
                    try once(keys[number])
                    guard decoded.count == 16 else {
                        throw .badValue(line: lineNumber, key: key, reason: "\(decoded.count) bytes; an AES key has 16")
                    }
                    keys[number] = decoded
                } else {
                    try once(versions[number])
                    guard decoded.count == 1 else {
                        throw .badValue(line: lineNumber, key: key, reason: "a key version is one byte")
                    }
                    versions[number] = decoded[0]
                }
            case "PICC", "App":
                try desfire.take(words: words, key: key, value: value, line: lineNumber)
            case "File" where words.count >= 3:
                guard words[1].count == 4, let identifier = UInt16(words[1], radix: 16) else {
                    throw .badValue(
                        line: lineNumber, key: key, reason: "'\(words[1])' is not a 4-digit file identifier")
                }
                if files.last?.identifier != identifier {
                    guard !files.contains(where: { $0.identifier == identifier }) else {
                        throw .badValue(
                            line: lineNumber, key: key,
                            reason: "file \(words[1]) was already given; keep its lines together")
                    }
                    files.append(FileLines(identifier: identifier))
                }
                let last = files.count - 1
                switch (words[2], words.count) {
                case ("number", 3):
                    try once(files[last].number)
                    let decoded = try bytes()
                    guard decoded.count == 1 else {
                        throw .badValue(line: lineNumber, key: key, reason: "a file number is one byte")
                    }
                    files[last].number = decoded[0]
                case ("settings", 3):
                    try once(files[last].settings)
                    files[last].settings = try bytes()
                case ("SDMReadCtr", 3):
                    try once(files[last].sdmReadCounter)
                    guard let counter = Int(value), (0...0xFF_FFFF).contains(counter) else {
                        throw .badValue(
                            line: lineNumber, key: key, reason: "'\(value)' is not a counter of 0 to 16777215")
                    }
                    files[last].sdmReadCounter = counter
                case ("size", 3):
                    try once(files[last].size)
                    guard let size = Int(value), (0...0x7FFF).contains(size) else {
                        throw .badValue(
                            line: lineNumber, key: key, reason: "'\(value)' is not a size of 0 to 32767 bytes")
                    }
                    files[last].size = size
                case ("data", 4):
                    guard let size = files[last].size else {
                        throw .badValue(line: lineNumber, key: key, reason: "the file's size must come before its data")
                    }
                    guard let offset = Int(words[3], radix: 16), offset == files[last].contents.count else {
                        throw .badValue(
                            line: lineNumber, key: key,
                            reason:
                                "rows must follow each other; the next one starts at \(offsetName(files[last].contents.count))"
                        )
                    }
                    let decoded = try bytes()
                    guard offset + decoded.count <= size else {
                        throw .badValue(
                            line: lineNumber, key: key, reason: "the row runs past the file's \(size) bytes")
                    }
                    files[last].contents += decoded
                default:
                    throw .unknownKey(line: lineNumber, key: key)
                }
            default:
                throw .unknownKey(line: lineNumber, key: key)
            }
        }
        guard sawFiletype else { throw .notType4File(line: max(1, lines.count)) }
        guard sawVersion else { throw .missingKey("Version") }
        guard let model else { throw .missingKey("Model") }
        guard let uid else { throw .missingKey("UID") }
        var finished: [Type4File] = []
        for file in files {
            let name = fileName(file.identifier)
            guard let size = file.size else { throw .missingKey("File \(name) size") }
            guard file.contents.count == size else {
                throw .missingKey("File \(name) data \(offsetName(file.contents.count))")
            }
            finished.append(
                Type4File(
                    identifier: file.identifier, number: file.number, contents: file.contents, settings: file.settings,
                    sdmReadCounter: file.sdmReadCounter ?? 0))
        }
        let keyList = try keyList(keys: keys, versions: versions)
        return Parsed(
            model: model, uid: uid,
            memory: Type4Memory(
                files: finished, keys: keyList, signature: signature ?? [], lrp: lrp ?? false, picc: try desfire.picc())
        )
    }

    /// Keys 0…n−1, each with its version.
    private static func keyList(keys: [Int: [UInt8]], versions: [Int: UInt8]) throws(Type4FileError) -> [Type4Key] {
        var list: [Type4Key] = []
        for number in 0..<keys.count {
            guard let value = keys[number] else { throw .missingKey("Key \(number)") }
            guard let version = versions[number] else { throw .missingKey("Key \(number) version") }
            list.append(Type4Key(value: value, version: version))
        }
        if let extra = versions.keys.first(where: { keys[$0] == nil }) { throw .missingKey("Key \(extra)") }
        return list
    }

    static func fileName(_ identifier: UInt16) -> String {
        Hex.encode([UInt8(identifier >> 8), UInt8(identifier & 0xFF)], uppercase: true)
    }

    static func offsetName(_ offset: Int) -> String {
        let digits = String(offset, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

extension StringProtocol {
    fileprivate var trimmingWhitespace: String {
        String(
            self.drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed().drop {
                $0 == " " || $0 == "\t" || $0 == "\r"
            }.reversed())
    }
}
