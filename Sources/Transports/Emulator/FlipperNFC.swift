import TagCatalog
import TapCardSupport

/// Reads and writes Flipper Zero `.nfc` files for NTAG/Ultralight tags.
///
/// The format is line-based text: `Key: value` lines, `#` comments, hex bytes separated by
/// spaces. Versions 2 and 3 (`Device type: NTAG216`) and version 4 (`Device type:
/// NTAG/Ultralight` plus `NTAG/Ultralight type: NTAG216`) are read, with `Data format version` 1
/// or 2; another version is refused. Version 4 is written, in the field order of the Flipper
/// firmware (`lib/nfc/protocols/mf_ultralight/mf_ultralight.c`), with a comment naming the
/// fields whose zeros stand for what the dump did not hold (``DumpGapComment``).
///
/// The parser is total: any text yields a dump or a ``FlipperNFCError`` with its line number. It
/// never allocates by a declared size: pages are collected as they appear, then counted.
public enum FlipperNFC {
    /// More pages than any NTAG/Ultralight chip has (NTAG I2C plus 2k with SRAM: 510).
    public static let maximumPages = 1024

    // MARK: Parse

    public static func parse(_ text: String) throws(FlipperNFCError) -> FlipperDump {
        let fields = try FlipperNFCError.reading(try FlipperFileFields(text))
        var pages: [[UInt8]] = []
        for field in fields.ordered {
            guard field.key.hasPrefix("Page "), let page = Int(field.key.dropFirst(5)) else { continue }
            guard page == pages.count else {
                throw .pageOutOfOrder(page: page, expected: pages.count, line: field.line)
            }
            guard pages.count < maximumPages else { throw .tooManyPages(pages.count + 1, line: field.line) }
            pages.append(try FlipperNFCError.reading(try field.hex(count: [4])))
        }
        try checkVersions(fields)
        let formatVersion = try FlipperNFCError.reading(try fields.number("Version", in: 0...1000)) ?? 0
        let deviceType = try FlipperNFCError.reading(try fields.required("Device type"))
        let chip =
            deviceType.value == "NTAG/Ultralight"
            ? try FlipperNFCError.reading(try fields.required("NTAG/Ultralight type")) : deviceType
        guard chipNames.contains(where: { chip.value.hasPrefix($0) }) else {
            throw .unsupportedDeviceType(chip.value, line: chip.line)
        }
        var dump = try FlipperNFCError.reading(try header(fields, formatVersion: formatVersion, chip: chip.value))
        let declared = try FlipperNFCError.reading(try fields.required("Pages total").number(in: 0...maximumPages))
        guard declared == pages.count else { throw .pageCountMismatch(found: pages.count, declared: declared) }
        dump.pages = pages
        let pagesRead = try FlipperNFCError.reading(try fields["Pages read"]?.number(in: 0...maximumPages))
        if let pagesRead, pagesRead > declared, let line = fields["Pages read"]?.line {
            throw .pagesReadOverTotal(read: pagesRead, total: declared, line: line)
        }
        dump.pagesRead = pagesRead ?? declared
        dump.failedAuthenticationAttempts =
            try FlipperNFCError.reading(try fields.number("Failed authentication attempts", in: 0...0xFFFF_FFFF)) ?? 0
        dump.model = identify(chipName: chip.value, getVersion: dump.getVersion, pageCount: pages.count)
        // The memory wins over the type line, as over the GET_VERSION answer: a chip of another
        // size is the chip the pages and GET_VERSION agree on (``FlipperDump/headerContradictions``).
        // The catch-all "Mifare Ultralight" names no size: its GET_VERSION answer decides above.
        if let named = modelsByName[chip.value], EmulatedTag.supportedModels.contains(named),
            let chipPages = named.type2Layout?.totalPages, chipPages != pages.count
        {
            let version = dump.getVersion?.contains(where: { $0 != 0 }) == true ? dump.getVersion : nil
            let fit =
                version.map { TagModel.identified(byVersion: $0) }
                .map { $0?.type2Layout?.totalPages == pages.count ? $0 : nil }
                ?? Proxmark3MFU.identify(version: nil, pageCount: pages.count)
            guard let fit else {
                throw .chipSizeMismatch(
                    chip: chip.value, chipPages: chipPages, pages: pages.count,
                    version: version.map { versionName($0) }, line: chip.line)
            }
            dump.model = fit
        }
        // Zeros are what a Flipper writes for a signature it did not read. TapCard's own file
        // keeps in its comment what the dump it was made from lacked: there, and only where the
        // field still holds the placeholder, the comment says "not read". A value a file holds
        // wins over the comment; another tool's file is not trusted to say what TapCard wrote.
        let gaps =
            VirtualTagFile.isOwn(text) ? DumpGapComment.unread(in: text) : (fields: [], counters: [], tearingFlags: [])
        if dump.signature?.allSatisfy({ $0 == 0 }) == true
            && (gaps.fields.contains(.signature) || !VirtualTagFile.isOwn(text))
        {
            dump.signature = nil
        }
        for index in 0..<3 {
            if fields["Counter \(index)"] == nil || (gaps.counters.contains(index) && dump.counters[index] == 0) {
                dump.unreadCounters.insert(index)
            }
            if fields["Tearing \(index)"] == nil
                || (gaps.tearingFlags.contains(index) && [0x00, 0xBD].contains(dump.tearingFlags[index]))
            {
                dump.unreadTearingFlags.insert(index)
            }
        }
        dump.settleGaps()
        return dump
    }

    /// The file versions the Flipper firmware writes for NTAG/Ultralight: `Version` 2 to 4 and
    /// `Data format version` 1 or 2 (`lib/nfc/protocols/mf_ultralight/mf_ultralight.c`). Another
    /// number is a file this reader does not know, refused rather than guessed at.
    private static func checkVersions(_ fields: FlipperFileFields) throws(FlipperNFCError) {
        // The header's `Version` is checked for every Flipper format (FlipperFileFields).
        for (key, known) in [("Data format version", 1...2)] {
            guard let field = fields[key] else { continue }
            let value = try FlipperNFCError.reading(try field.number(in: 0...1_000_000))
            guard known.contains(value) else {
                throw .unknownVersion(field: key, value: value, known: known, line: field.line)
            }
        }
    }

    /// The dump's fields before its pages: UID, ATQA, SAK, signature, GET_VERSION, counters.
    private static func header(_ fields: FlipperFileFields, formatVersion: Int, chip: String)
        throws(FlipperFileProblem) -> FlipperDump
    {
        var dump = FlipperDump(
            formatVersion: formatVersion, chipName: chip, model: nil,
            uid: try fields.required("UID").hex(count: [4, 7, 10]), signature: nil, getVersion: nil, pages: [])
        if let atqa = try fields.hex("ATQA", count: [2]) {
            // Version 2 wrote the ATQA least significant byte first.
            dump.atqa = formatVersion < 3 ? atqa.reversed() : atqa
        }
        dump.sak = try fields.hex("SAK", count: [1])?[0] ?? 0
        dump.signature = try fields.hex("Signature", count: [32])
        dump.getVersion = try fields.hex("Mifare version", count: [8])
        for index in 0..<3 {
            if let value = try fields.number("Counter \(index)", in: 0...0xFF_FFFF) {
                dump.counters[index] = UInt32(value)
            }
            if let flag = try fields.hex("Tearing \(index)", count: [1]) { dump.tearingFlags[index] = flag[0] }
        }
        return dump
    }

    // MARK: Chip names

    /// What a GET_VERSION answer names: "an NTAG215 (135 pages)", "no chip TapCard knows".
    private static func versionName(_ version: [UInt8]) -> String {
        guard let model = TagModel.identified(byVersion: version) else { return "no chip TapCard knows" }
        let size = model.type2Layout.map { " (\($0.totalPages) pages)" } ?? ""
        return FlipperDump.withArticle(model.displayName) + size
    }

    /// Name prefixes of the NTAG/Ultralight family, as the Flipper firmware spells them.
    private static let chipNames = ["NTAG", "Mifare Ultralight"]

    static let modelsByName: [String: TagModel] = [
        "NTAG203": .ntag203, "NTAG210": .ntag210, "NTAG212": .ntag212, "NTAG213": .ntag213, "NTAG215": .ntag215,
        "NTAG216": .ntag216, "NTAG I2C 1K": .ntagI2C1k, "NTAG I2C 2K": .ntagI2C2k,
        "Mifare Ultralight 11": .ultralightEV1_48, "Mifare Ultralight 21": .ultralightEV1_128,
        "Mifare Ultralight C": .ultralightC,
        "Mifare Ultralight AES": .ultralightAES,
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
        case .ultralightAES: "Mifare Ultralight AES"
        case .ntag210, .ntag212, .ultralight, .genericType4, .ntag424DNA, .icodeSLIX2, .st25dv04k, .feliCaLiteS,
            .desfireEV1_4K, .desfireEV2_8K, .desfireEV3_4K, .mifareClassic1K, .mifareClassic4K:
            "Mifare Ultralight"
        }
    }

    // MARK: Render

    /// The dump as a version 4 Flipper Zero `.nfc` file. `comment` lines go first, after `#`.
    public static func render(_ dump: FlipperDump, comment: [String] = []) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = ["Filetype: Flipper NFC device", "Version: 4"]
        lines += comment.map { "# \($0)" }
        lines += DumpGapComment.lines(for: dump)
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
