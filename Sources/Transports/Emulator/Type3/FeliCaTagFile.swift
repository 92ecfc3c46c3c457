import TagCatalog
import TapCardSupport

/// Flipper Zero's file for a FeliCa card (`Device type: FeliCa`), as its firmware's
/// `lib/nfc/protocols/felica/felica.c` (`felica_save` / `felica_load`, data format version 1)
/// writes it, for a FeliCa Lite-S:
///
/// ```
/// Filetype: Flipper NFC device
/// Version: 4
/// Device type: FeliCa
/// UID: 01 2E 11 22 33 44 55 66                 (the IDm)
/// Data format version: 1
/// Manufacture id: 01 2E 11 22 33 44 55 66       (IDm)
/// Manufacture parameter: 00 F1 00 00 00 01 43 00 (PMm)
/// Blocks total: 28
/// Blocks read: 28
/// Block 0: 00 00 <16 bytes>                     (status flags 1 and 2, then the block)
/// ```
///
/// `Block i` is the i-th block of the Lite-S in ascending block number (00–0E, 80–88, 90–92, A0:
/// the poller's `felica_poller_state_handler_read_blocks` walks them in that order) and holds 18
/// bytes: the Check's two status flags, then the data (zeros when the flags are not 00 00, as the
/// poller stores them). The layout is read from the firmware source, not from a file a Flipper
/// saved: UNVERIFIED against a device. Newer firmware versions with other data format versions
/// are not read.
public enum FeliCaTagFile {
    public static let deviceType = "FeliCa"
    public static let dataFormatVersion = "1"

    /// True when `text` is a Flipper file whose device type is FeliCa.
    public static func isFeliCa(_ text: String) -> Bool {
        text.split(separator: "\n", omittingEmptySubsequences: false).contains {
            $0.trimmingFeliCaSpaces == "Device type: \(deviceType)"
        }
    }

    public static func encode(_ tag: EmulatedType3Tag) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines = [
            "Filetype: Flipper NFC device", "Version: 4",
            "# TapCard virtual tag: the emulator reads and writes this file (Flipper Zero's FeliCa format).",
            "Device type: \(deviceType)", "UID: \(hex(tag.idm))", "# FeliCa specific data",
            "Data format version: \(dataFormatVersion)", "Manufacture id: \(hex(tag.idm))",
            "Manufacture parameter: \(hex(tag.pmm))", "Blocks total: \(tag.facts.blocks.count)",
            "Blocks read: \(tag.facts.blocks.count)",
        ]
        for (index, number) in tag.facts.blocks.enumerated() {
            lines.append("Block \(index): \(hex([0, 0] + (tag.block(number) ?? [])))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func decode(_ text: String, path: String = "the virtual tag") throws(EmulatorError)
        -> EmulatedType3Tag
    {
        let parsed: (TagModel, [UInt8], [Int: [UInt8]])
        do {
            parsed = try parse(text)
        } catch {
            throw .malformedFeliCaFile(path: path, error)
        }
        return try EmulatedType3Tag(model: parsed.0, idm: parsed.1, blocks: parsed.2)
    }

    static func parse(_ text: String) throws(FeliCaFileError) -> (TagModel, [UInt8], [Int: [UInt8]]) {
        let fields = try FeliCaFileError.reading(try FlipperFileFields(text))
        let device = try FeliCaFileError.reading(try fields.required("Device type"))
        guard device.value == deviceType else {
            throw .badValue(line: device.line, key: "Device type", reason: "this reader takes FeliCa files")
        }
        let version = try FeliCaFileError.reading(try fields.required("Data format version"))
        guard version.value == dataFormatVersion else {
            throw .badValue(
                line: version.line, key: "Data format version", reason: "TapCard reads version \(dataFormatVersion)")
        }
        let idm = try FeliCaFileError.reading(try fields.required("Manufacture id").hex(count: [8]))
        let pmm = try FeliCaFileError.reading(try fields.required("Manufacture parameter").hex(count: [8]))
        let ic = pmm[1]
        guard ic == 0xF1 || ic == 0xF2, let facts = TagModel.feliCaLiteS.type3 else {
            throw .unsupportedChip(icCode: ic)
        }
        let total = try FeliCaFileError.reading(try fields.required("Blocks total"))
        guard Int(total.value) == facts.blocks.count else {
            throw .badValue(
                line: total.line, key: "Blocks total", reason: "a FeliCa Lite-S file has \(facts.blocks.count) blocks")
        }
        var blocks: [Int: [UInt8]] = [:]
        for (index, number) in facts.blocks.enumerated() {
            let stored = try FeliCaFileError.reading(try fields.required("Block \(index)").hex(count: [18]))
            blocks[number] =
                stored[0] == 0 && stored[1] == 0 ? Array(stored[2...]) : [UInt8](repeating: 0, count: 16)
        }
        return (.feliCaLiteS, idm, blocks)
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces, tabs and carriage returns.
    fileprivate var trimmingFeliCaSpaces: String {
        let blank: Set<Character> = [" ", "\t", "\r"]
        guard let first = firstIndex(where: { !blank.contains($0) }),
            let last = lastIndex(where: { !blank.contains($0) })
        else { return "" }
        return String(self[first...last])
    }
}
