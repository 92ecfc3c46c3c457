import TapCardSupport

/// The fields of a Flipper Zero `.nfc` file, read once for every format TapCard reads in it.
///
/// The syntax: lines split on LF (a CR before it is dropped), blank lines and `#` comments
/// skipped, `Filetype: Flipper NFC device` as the first line that is neither, then `Key: value`
/// lines with spaces, tabs and CRs trimmed around key and value. A key stands once, but for the
/// `repeatable` ones a format reads line after line (a Type 4 Tag's `NDEF Data`). What a field
/// means (device types, pages, blocks) is the format's; how a hex, number or truth value is
/// written, and the ``FlipperFileProblem`` when it is not, is here.
///
/// Reading is total: any text gives the fields or a problem naming its line. Nothing is
/// allocated by a declared size.
struct FlipperFileFields: Sendable, Equatable {
    /// One `Key: value` line.
    struct Field: Sendable, Equatable {
        var key: String
        var value: String
        /// 1-based.
        var line: Int
    }

    /// The fields in the order of their lines (the `Filetype` line is not one of them).
    private(set) var ordered: [Field] = []
    private var positions: [String: Int] = [:]
    /// The lines of each repeatable key, in order (they are not in ``ordered``).
    private var repeated: [String: [Field]] = [:]

    /// The number of the last line when it has text but no line end (a file cut inside it), else `nil`.
    private(set) var unendedLastLine: Int?

    init(_ text: String, repeatable: Set<String> = []) throws(FlipperFileProblem) {
        let lines = TextLines.split(text)
        if let last = lines.last, !Self.trimmed(last.text).isEmpty { unendedLastLine = last.number }
        var sawFiletype = false
        var lineNumber = 0
        for (number, rawLine) in lines {
            lineNumber = number
            // A byte order mark before the first line (an editor's) is no part of it.
            let trimmed = Self.trimmed(number == 1 ? rawLine.drop { $0 == "\u{FEFF}" } : rawLine)
            if trimmed.isEmpty || trimmed.first == "#" { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw sawFiletype ? .malformedLine(line: lineNumber) : .notFlipperNFC(line: lineNumber)
            }
            let key = Self.trimmed(trimmed[..<colon])
            let value = Self.trimmed(trimmed[trimmed.index(after: colon)...])
            if !sawFiletype {
                guard key == "Filetype", value == "Flipper NFC device" else { throw .notFlipperNFC(line: lineNumber) }
                sawFiletype = true
                continue
            }
            if repeatable.contains(key) {
                repeated[key, default: []].append(Field(key: key, value: value, line: lineNumber))
                continue
            }
            guard positions[key] == nil else { throw .duplicateField(key, line: lineNumber) }
            positions[key] = ordered.count
            ordered.append(Field(key: key, value: value, line: lineNumber))
        }
        guard sawFiletype else { throw .notFlipperNFC(line: max(1, lineNumber)) }
        // Every format read here shares the file header's version: one the firmware never wrote
        // lays its fields out in a way nobody knows.
        if let version = self["Version"] {
            let number = try version.number(in: 0...1_000_000)
            guard Self.versions.contains(number) else { throw .unsupportedVersion(number, line: version.line) }
        }
    }

    /// The versions of the file header the Flipper firmware reads and has written.
    static let versions = 2...4

    subscript(key: String) -> Field? { positions[key].map { ordered[$0] } }

    /// Refuses a file whose last line has no line end, for the formats whose lines are all
    /// optional or counted where a cut could land (SLIX, DESFire): a Flipper writes LF after every
    /// line, so text after the last LF is a line cut short, and its value may be a shorter one.
    func requireFinalLineEnd() throws(FlipperFileProblem) {
        if let line = unendedLastLine { throw .noFinalLineEnd(line: line) }
    }

    /// Every line of the repeatable `key`, in the file's order (none: empty).
    func all(_ key: String) -> [Field] { repeated[key] ?? [] }

    func required(_ key: String) throws(FlipperFileProblem) -> Field {
        guard let field = self[key] else { throw .missingField(key) }
        return field
    }

    /// The bytes of `key`, `nil` when the file has no such field.
    func hex(_ key: String, count: [Int]) throws(FlipperFileProblem) -> [UInt8]? {
        try self[key]?.hex(count: count)
    }

    /// The whole number of `key` in `range`, `nil` when the file has no such field.
    func number(_ key: String, in range: ClosedRange<Int>) throws(FlipperFileProblem) -> Int? {
        try self[key]?.number(in: range)
    }

    /// `true` or `false`, `nil` when the file has no such field.
    func bool(_ key: String) throws(FlipperFileProblem) -> Bool? {
        guard let field = self[key] else { return nil }
        switch field.value {
        case "true": return true
        case "false": return false
        default: throw .invalidBool(field: key, line: field.line)
        }
    }

    private static func trimmed(_ text: Substring) -> String {
        String(TextLines.trimmed(text))
    }
}

extension FlipperFileFields.Field {
    /// The value as hex bytes (`04 A1 B2`), one of `count` of them.
    func hex(count: [Int]) throws(FlipperFileProblem) -> [UInt8] {
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(value)
        } catch {
            throw .invalidHex(field: key, line: line, offset: error.offset)
        }
        guard count.contains(bytes.count) else {
            throw .wrongLength(field: key, bytes: bytes.count, expected: count, line: line)
        }
        return bytes
    }

    /// The value as a whole number in `range`: decimal digits only (no sign), at most 12 of them.
    func number(in range: ClosedRange<Int>) throws(FlipperFileProblem) -> Int {
        guard !value.isEmpty, value.utf8.count <= 12, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let number = Int(value), range.contains(number)
        else { throw .invalidNumber(field: key, line: line) }
        return number
    }
}
