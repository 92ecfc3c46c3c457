import TagCatalog
import TapCardSupport

/// Reads and writes Flipper Zero `.nfc` files for NTAG/Ultralight tags.
///
/// The format is line-based text: `Key: value` lines, `#` comments, hex bytes separated by
/// spaces. Versions 2 and 3 (`Device type: NTAG216`) and version 4 (`Device type:
/// NTAG/Ultralight` plus `NTAG/Ultralight type: NTAG216`) are read; version 4 is written, in the
/// field order of the Flipper firmware (`lib/nfc/protocols/mf_ultralight/mf_ultralight.c`).
///
/// The parser is total: any text yields a dump or a ``FlipperNFCError`` with its line number. It
/// never allocates by a declared size: pages are collected as they appear, then counted.
public enum FlipperNFC {
    /// More pages than any NTAG/Ultralight chip has (NTAG I2C plus 2k with SRAM: 510).
    public static let maximumPages = 1024

    // MARK: Parse

    public static func parse(_ text: String) throws(FlipperNFCError) -> FlipperDump {
        var fields = Fields()
        var pages: [[UInt8]] = []
        var sawFiletype = false
        var lineNumber = 0
        // Split on LF bytes, not Characters: "\r\n" is one Character in Swift.
        for rawLine in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var bytes = rawLine[...]
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            let line = Substring(String(decoding: bytes, as: UTF8.self))
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.first == "#" { continue }
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw sawFiletype ? .malformedLine(line: lineNumber) : .notFlipperNFC(line: lineNumber)
            }
            let key = String(trimmed[..<colon]).trimmingSpaces()
            let value = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces()
            if !sawFiletype {
                guard key == "Filetype", value == "Flipper NFC device" else { throw .notFlipperNFC(line: lineNumber) }
                sawFiletype = true
                continue
            }
            if key.hasPrefix("Page "), let page = Int(key.dropFirst(5)) {
                guard page == pages.count else {
                    throw .pageOutOfOrder(page: page, expected: pages.count, line: lineNumber)
                }
                guard pages.count < maximumPages else { throw .tooManyPages(pages.count + 1, line: lineNumber) }
                pages.append(try hex(value, field: key, count: [4], line: lineNumber))
                continue
            }
            try fields.add(key: key, value: value, line: lineNumber)
        }
        guard sawFiletype else { throw .notFlipperNFC(line: max(1, lineNumber)) }
        return try dump(fields: fields, pages: pages)
    }

    private struct Fields {
        var values: [String: (value: String, line: Int)] = [:]

        mutating func add(key: String, value: String, line: Int) throws(FlipperNFCError) {
            guard values[key] == nil else { throw .duplicateField(key, line: line) }
            values[key] = (value, line)
        }

        subscript(key: String) -> (value: String, line: Int)? { values[key] }
    }

    private static func dump(fields: Fields, pages: [[UInt8]]) throws(FlipperNFCError) -> FlipperDump {
        let formatVersion = try number(fields, "Version", maximum: 1000) ?? 0
        guard let deviceType = fields["Device type"] else { throw .missingField("Device type") }
        var chipName = deviceType.value
        var chipLine = deviceType.line
        if chipName == "NTAG/Ultralight" {
            guard let type = fields["NTAG/Ultralight type"] else { throw .missingField("NTAG/Ultralight type") }
            chipName = type.value
            chipLine = type.line
        }
        guard chipNames.contains(where: { chipName.hasPrefix($0) }) else {
            throw .unsupportedDeviceType(chipName, line: chipLine)
        }
        guard let uidField = fields["UID"] else { throw .missingField("UID") }
        let uid = try hex(uidField.value, field: "UID", count: [4, 7, 10], line: uidField.line)
        var atqa: [UInt8] = [0x00, 0x44]
        if let field = fields["ATQA"] {
            atqa = try hex(field.value, field: "ATQA", count: [2], line: field.line)
            // Version 2 wrote the ATQA least significant byte first.
            if formatVersion < 3 { atqa.reverse() }
        }
        var sak: UInt8 = 0
        if let field = fields["SAK"] { sak = try hex(field.value, field: "SAK", count: [1], line: field.line)[0] }
        let signature = try fields["Signature"].map { (field) throws(FlipperNFCError) in
            try hex(field.value, field: "Signature", count: [32], line: field.line)
        }
        let getVersion = try fields["Mifare version"].map { (field) throws(FlipperNFCError) in
            try hex(field.value, field: "Mifare version", count: [8], line: field.line)
        }
        var counters: [UInt32] = [0, 0, 0]
        var tearing: [UInt8] = [0, 0, 0]
        for index in 0..<3 {
            if let value = try number(fields, "Counter \(index)", maximum: 0xFF_FFFF) {
                counters[index] = UInt32(value)
            }
            if let field = fields["Tearing \(index)"] {
                tearing[index] = try hex(field.value, field: "Tearing \(index)", count: [1], line: field.line)[0]
            }
        }
        guard let declared = try number(fields, "Pages total", maximum: maximumPages) else {
            throw .missingField("Pages total")
        }
        guard declared == pages.count else { throw .pageCountMismatch(found: pages.count, declared: declared) }
        let pagesRead = try number(fields, "Pages read", maximum: maximumPages) ?? declared
        let attempts = try number(fields, "Failed authentication attempts", maximum: 0xFFFF_FFFF) ?? 0
        return FlipperDump(
            formatVersion: formatVersion, chipName: chipName,
            model: identify(chipName: chipName, getVersion: getVersion, pageCount: pages.count), uid: uid,
            atqa: atqa, sak: sak, signature: signature, getVersion: getVersion, counters: counters,
            tearingFlags: tearing, pagesRead: min(pagesRead, declared), pages: pages,
            failedAuthenticationAttempts: attempts)
    }

    private static func number(_ fields: Fields, _ key: String, maximum: Int) throws(FlipperNFCError) -> Int? {
        guard let field = fields[key] else { return nil }
        guard !field.value.isEmpty, field.value.utf8.count <= 12,
            field.value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(field.value), value <= maximum
        else { throw .invalidNumber(field: key, line: field.line) }
        return value
    }

    private static func hex(_ value: String, field: String, count: Set<Int>, line: Int) throws(FlipperNFCError)
        -> [UInt8]
    {
        let bytes: [UInt8]
        do {
            bytes = try Hex.decode(value)
        } catch {
            throw .invalidHex(field: field, line: line, offset: error.offset)
        }
        guard count.contains(bytes.count) else {
            let expected = count.sorted().map(String.init).joined(separator: " or ")
            throw .wrongLength(field: field, bytes: bytes.count, expected: expected, line: line)
        }
        return bytes
    }

    // MARK: Chip names

    /// Name prefixes of the NTAG/Ultralight family, as the Flipper firmware spells them.
    private static let chipNames = ["NTAG", "Mifare Ultralight"]

    private static let modelsByName: [String: TagModel] = [
        "NTAG203": .ntag203, "NTAG210": .ntag210, "NTAG212": .ntag212, "NTAG213": .ntag213, "NTAG215": .ntag215,
        "NTAG216": .ntag216, "NTAG I2C 1K": .ntagI2C1k, "NTAG I2C 2K": .ntagI2C2k,
        "Mifare Ultralight 11": .ultralightEV1_48, "Mifare Ultralight 21": .ultralightEV1_128,
        "Mifare Ultralight C": .ultralightC,
    ]

    /// The model a dump describes. "Mifare Ultralight" is the firmware's catch-all (old converters
    /// wrote it for NTAG215 dumps too), so it is settled by the GET_VERSION bytes, then by size.
    static func identify(chipName: String, getVersion: [UInt8]?, pageCount: Int) -> TagModel? {
        if let model = modelsByName[chipName] { return model }
        guard chipName == "Mifare Ultralight" else { return nil }
        if let version = getVersion, version.contains(where: { $0 != 0 }) {
            // The catalog's one GET_VERSION rule, the one `info` and `watch` use.
            return TagModel.identified(byVersion: version)
        }
        return pageCount == 16 ? .ultralight : nil
    }

    /// The name the Flipper firmware gives `model` (NTAG210/212 have none of their own: the
    /// firmware files them as "Mifare Ultralight" and the GET_VERSION bytes say which).
    public static func chipName(for model: TagModel) -> String {
        switch model {
        case .ntag203: "NTAG203"
        case .ntag213: "NTAG213"
        case .ntag215: "NTAG215"
        case .ntag216: "NTAG216"
        case .ntagI2C1k: "NTAG I2C 1K"
        case .ntagI2C2k: "NTAG I2C 2K"
        case .ultralightEV1_48: "Mifare Ultralight 11"
        case .ultralightEV1_128: "Mifare Ultralight 21"
        case .ultralightC: "Mifare Ultralight C"
        case .ntag210, .ntag212, .ultralight, .genericType4, .ntag424DNA, .icodeSLIX2, .st25dv04k, .feliCaLiteS:
            "Mifare Ultralight"
        }
    }

    // MARK: Render

    /// The dump as a version 4 Flipper Zero `.nfc` file. `comment` lines go first, after `#`.
    public static func render(_ dump: FlipperDump, comment: [String] = []) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = ["Filetype: Flipper NFC device", "Version: 4"]
        lines += comment.map { "# \($0)" }
        lines += [
            "# Device type can be ISO14443-3A, ISO14443-3B, ISO14443-4A, ISO14443-4B, ISO15693-3, FeliCa, NTAG/Ultralight, Mifare Classic, Mifare DESFire, SLIX, ST25TB",
            "Device type: NTAG/Ultralight",
            "# UID is common for all formats",
            "UID: \(hex(dump.uid))",
            "# ISO14443-3A specific data",
            "ATQA: \(hex(dump.atqa))",
            "SAK: \(hex([dump.sak]))",
            "# NTAG/Ultralight specific data",
            "Data format version: 2",
            "NTAG/Ultralight type: \(dump.chipName)",
            "Signature: \(hex(dump.signature ?? [UInt8](repeating: 0, count: 32)))",
            "Mifare version: \(hex(dump.getVersion ?? [UInt8](repeating: 0, count: 8)))",
        ]
        for index in 0..<3 {
            let counter = index < dump.counters.count ? dump.counters[index] : 0
            let flag = index < dump.tearingFlags.count ? dump.tearingFlags[index] : 0
            lines.append("Counter \(index): \(counter)")
            lines.append("Tearing \(index): \(hex([flag]))")
        }
        lines.append("Pages total: \(dump.pages.count)")
        lines.append("Pages read: \(dump.pagesRead)")
        for (index, page) in dump.pages.enumerated() {
            lines.append("Page \(index): \(hex(page))")
        }
        lines.append("Failed authentication attempts: \(dump.failedAuthenticationAttempts)")
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
