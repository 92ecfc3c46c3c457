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
        TextLines.flipperDeviceType(text) == deviceType
    }

    public static func encode(_ tag: EmulatedType3Tag) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        var lines =
            [
                "Filetype: Flipper NFC device", "Version: 4",
                "# TapCard virtual tag: the emulator reads and writes this file (Flipper Zero's FeliCa format).",
            ] + DumpGapLines.lines(tag.dumpGaps) + [
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
        try decodeNoting(text, path: path).tag
    }

    /// The tag, and a sentence when the file's header contradicts its memory (the Flipper
    /// firmware's own `Felica.nfc` test file names IC code 4E in its header PMm while its block
    /// 83h, D_ID, holds a Lite-S PMm with IC code F1). The card answers Polling with the PMm in
    /// D_ID (JIS X 6319-4; FeliCa Lite-S user's manual, "D_ID"), so the memory wins.
    public static func decodeNoting(_ text: String, path: String = "the virtual tag") throws(EmulatorError)
        -> (tag: EmulatedType3Tag, contradictions: [String])
    {
        let parsed: Parsed
        do {
            parsed = try parse(text)
        } catch {
            throw .malformedFeliCaFile(path: path, error)
        }
        let tag = try EmulatedType3Tag(model: parsed.model, idm: parsed.idm, blocks: parsed.blocks)
        tag.dumpGaps = parsed.unknowns
        return (tag, parsed.contradictions)
    }

    struct Parsed {
        var model: TagModel
        var idm: [UInt8]
        var blocks: [Int: [UInt8]]
        /// Where the header contradicts the memory (which wins), one sentence each, no full stop.
        var contradictions: [String]
        /// The blocks the Flipper could not read (their status bytes are not 00 00), one phrase.
        var unknowns: [String] = []
    }

    /// What the file does not hold: its blocks whose status bytes say they were not read (the
    /// tag has zeros there), one phrase, or none.
    public static func unknowns(_ text: String, path: String) throws(EmulatorError) -> [String] {
        do {
            return try parse(text).unknowns
        } catch {
            throw .malformedFeliCaFile(path: path, error)
        }
    }

    static func parse(_ text: String) throws(FeliCaFileError) -> Parsed {
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
        let headerIDm = try FeliCaFileError.reading(try fields.required("Manufacture id").hex(count: [8]))
        let headerPMm = try FeliCaFileError.reading(try fields.required("Manufacture parameter").hex(count: [8]))
        guard let facts = TagModel.feliCaLiteS.type3 else { throw .unsupportedChip(icCode: headerPMm[1]) }
        let total = try FeliCaFileError.reading(try fields.required("Blocks total"))
        guard Int(total.value) == facts.blocks.count else {
            // A Lite-S has 28 blocks; another count is another chip, named by the header's IC code.
            guard headerPMm[1] == 0xF1 || headerPMm[1] == 0xF2 else { throw .unsupportedChip(icCode: headerPMm[1]) }
            throw .badValue(
                line: total.line, key: "Blocks total", reason: "a FeliCa Lite-S file has \(facts.blocks.count) blocks")
        }
        var blocks: [Int: [UInt8]] = [:]
        var dID: [UInt8]? = nil
        var unread: [Int] = []
        for (index, number) in facts.blocks.enumerated() {
            let stored = try FeliCaFileError.reading(try fields.required("Block \(index)").hex(count: [18]))
            let read = stored[0] == 0 && stored[1] == 0
            blocks[number] = read ? Array(stored[2...]) : [UInt8](repeating: 0, count: 16)
            if number == 0x83, read { dID = Array(stored[2...]) }
            if !read { unread.append(number) }
        }
        // `Blocks read` can be no more than the blocks there are; where it differs from the blocks
        // whose status says read, the blocks win (each carries its own).
        let readCount = facts.blocks.count - unread.count
        var contradictions: [String] = []
        if let field = fields["Blocks read"] {
            let said = try FeliCaFileError.reading(try field.number(in: 0...1_000_000))
            guard said <= facts.blocks.count else {
                throw .badValue(
                    line: field.line, key: "Blocks read",
                    reason: "\(said) is more than the \(facts.blocks.count) blocks the file holds")
            }
            if said != readCount {
                contradictions.append(
                    "the header says \(said) blocks were read, but the status bytes of \(readCount) of the \(facts.blocks.count) blocks say read; each block's status wins"
                )
            }
        }
        // D_ID (83h) is IDm ‖ PMm as the card answers Polling: when it was read, it names the chip.
        let idm = dID.map { Array($0[0..<8]) } ?? headerIDm
        let pmm = dID.map { Array($0[8..<16]) } ?? headerPMm
        guard pmm[1] == 0xF1 || pmm[1] == 0xF2 else { throw .unsupportedChip(icCode: pmm[1]) }
        if let uidLine = fields["UID"], let uid = try FeliCaFileError.reading(try fields.hex("UID", count: [8])),
            uid != idm
        {
            contradictions.append(
                "line \(uidLine.line): the UID line \(Hex.encode(uid, uppercase: true, separator: " ")) is not the card's IDm \(Hex.encode(idm, uppercase: true, separator: " "))"
            )
        }
        if pmm[1] != headerPMm[1] {
            contradictions.append(
                "the header's PMm (Manufacture parameter) names IC code \(Hex.encode([headerPMm[1]], uppercase: true)) but block 83h (D_ID) names \(Hex.encode([pmm[1]], uppercase: true)), a FeliCa Lite-S; the card answers with its memory, so the memory wins"
            )
        }
        if idm != headerIDm {
            contradictions.append(
                "the header's IDm is \(Hex.encode(headerIDm, uppercase: true, separator: " ")) but block 83h (D_ID) holds \(Hex.encode(idm, uppercase: true, separator: " ")); the card answers with its memory, so the memory wins"
            )
        }
        let names = unread.map { Hex.encode([UInt8($0 & 0xFF)], uppercase: true) + "h" }
        // What the dump a TapCard tag was made from lacked (its comments), then what this file lacks.
        let kept = DumpGapLines.phrases(in: text)
        let unknowns =
            kept
            + (unread.isEmpty
                ? []
                : [
                    "\(unread.count == 1 ? "block" : "blocks") \(names.joined(separator: ", ")): not read (\(unread.count == 1 ? "its status bytes are" : "their status bytes are") not 00 00), zeros here"
                ])
        return Parsed(
            model: .feliCaLiteS, idm: idm, blocks: blocks, contradictions: contradictions, unknowns: unknowns)
    }
}
