import TagCatalog
import TapCardSupport

/// Reads and writes Proxmark3 `hf mfu dump` JSON files (RfidResearchGroup/proxmark3,
/// `client/src/fileutils.c`, `jsfMfuMemory`): `"FileType": "mfu"`, a `Card` object with the UID,
/// the GET_VERSION answer (`Version`), `TBO_0`/`TBO_1`, the READ_SIG answer (`Signature`),
/// `Counter0`–`Counter2` (3 bytes each, least significant first, as READ_CNT answers) and
/// `Tearing0`–`Tearing2`, then `blocks` with every page as 4 bytes of hex under its number.
///
/// The dump is read into a ``FlipperDump``, so a Proxmark3 dump becomes a tag the same way a
/// Flipper Zero one does. The pages are the memory; the header `UID` is what the Proxmark3 says
/// it saw (``FlipperDump/uid``), and where the two differ the pages win, as in a Flipper file.
/// Older clients wrote `Tearing`, `Pack` and `"Counter": "N/A"` instead of the numbered fields:
/// their counters and tearing flags are not read (``FlipperDump/unreadCounters``), zeros in their
/// place. A numbered field given as `"N/A"` is that one counter or flag not read; the others are
/// the dump's. `TBO_0` and `TBO_1` are checked (hex, 2 and 1 bytes) and not kept.
public enum Proxmark3MFU {
    // MARK: Parse

    public static func parse(_ bytes: [UInt8]) throws(Proxmark3DumpError) -> FlipperDump {
        let (document, fileType) = try Proxmark3File.document(bytes)
        guard fileType == "mfu" else { throw .unsupportedFileType(fileType) }
        return try parse(document)
    }

    /// The dump in a parsed document whose `FileType` is `mfu`.
    static func parse(_ document: JSON) throws(Proxmark3DumpError) -> FlipperDump {
        guard let card = document["Card"], case .object = card else { throw .missingField("Card") }
        let pages = try Proxmark3File.blocks(document["blocks"], size: 4)
        let uid = try Proxmark3File.hex(card, "UID", count: [4, 7, 10], required: true) ?? []
        // The client writes zeros for what it could not read: all zeros is "not read", as absent is.
        let version = try Proxmark3File.hex(card, "Version", count: [8], required: false).flatMap(nonZero)
        let signature = try Proxmark3File.hex(card, "Signature", count: [32], required: false).flatMap(nonZero)
        // Not kept, but checked: a field the client writes as hex is hex of its length.
        _ = try Proxmark3File.hex(card, "TBO_0", count: [2], required: false)
        _ = try Proxmark3File.hex(card, "TBO_1", count: [1], required: false)
        var counters: [UInt32] = [0, 0, 0]
        var tearing: [UInt8] = [0, 0, 0]
        // Absent (older clients wrote "Counter": "N/A" instead) or "N/A" (the client's word for
        // what it could not read) is not read: that one's zeros are placeholders.
        var unreadCounters = Set<Int>()
        var unreadTearing = Set<Int>()
        for index in 0..<3 {
            if let counter = try readOrNot(card, "Counter\(index)") {
                counters[index] = UInt32(counter[0]) | UInt32(counter[1]) << 8 | UInt32(counter[2]) << 16
            } else {
                unreadCounters.insert(index)
            }
            if let flag = try readOrNot(card, "Tearing\(index)", count: 1) {
                tearing[index] = flag[0]
            } else {
                unreadTearing.insert(index)
            }
        }
        let model = identify(version: version, pageCount: pages.count)
        guard let model else {
            throw .unknownChip(version: version ?? [UInt8](repeating: 0, count: 8), pages: pages.count)
        }
        var dump = FlipperDump(
            formatVersion: 0, chipName: FlipperNFC.chipName(for: model), model: model, uid: uid,
            signature: signature, getVersion: version, counters: counters, tearingFlags: tearing, pages: pages)
        dump.unreadCounters = unreadCounters
        dump.unreadTearingFlags = unreadTearing
        dump.settleGaps()
        return dump
    }

    /// A counter (3 bytes) or tearing flag (1 byte) field: `nil` when absent or `"N/A"` (not
    /// read), else its bytes, checked.
    private static func readOrNot(_ card: JSON, _ name: String, count: Int = 3)
        throws(Proxmark3DumpError) -> [UInt8]?
    {
        if case .string(let text)? = card[name], text == "N/A" { return nil }
        return try Proxmark3File.hex(card, name, count: [count], required: false)
    }

    private static func nonZero(_ bytes: [UInt8]) -> [UInt8]? { bytes.contains { $0 != 0 } ? bytes : nil }

    /// The model: by the GET_VERSION answer when the chip gave one and its page count is the
    /// dump's, else by the page count (the memory wins over the header: ``FlipperDump/headerContradictions``
    /// says so): the chips that have no GET_VERSION first (MIFARE Ultralight 16, NTAG203 42,
    /// Ultralight C 48), then the one chip of that size. `nil` when the size is no chip's, or two
    /// chips' (NTAG210 and Ultralight EV1 MF0UL11 both have 20 pages) and no GET_VERSION says which.
    static func identify(version: [UInt8]?, pageCount: Int) -> TagModel? {
        let known = version?.contains(where: { $0 != 0 }) == true ? version : nil
        if let known, let model = TagModel.identified(byVersion: known), model.type2Layout?.totalPages == pageCount {
            return model
        }
        let sized = EmulatedTag.supportedModels.filter { $0.type2Layout?.totalPages == pageCount }
        if let withoutVersion = sized.first(where: { $0.type2Layout?.version == nil }) { return withoutVersion }
        return sized.count == 1 ? sized[0] : nil
    }

    // MARK: Render

    /// The dump as a Proxmark3 `hf mfu dump` JSON file, in the client's field order and
    /// two-space indentation (`hf mfu eload`/`restore` read it back).
    public static func render(_ dump: FlipperDump) -> String {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true) }
        var card: [(String, String)] = [
            ("UID", hex(dump.uid)),
            ("Version", hex(dump.getVersion ?? [UInt8](repeating: 0, count: 8))),
            ("TBO_0", "0000"), ("TBO_1", "00"),
            ("Signature", hex(dump.signature ?? [UInt8](repeating: 0, count: 32))),
        ]
        for index in 0..<3 {
            let counter = index < dump.counters.count ? dump.counters[index] : 0
            let flag = index < dump.tearingFlags.count ? dump.tearingFlags[index] : 0
            card.append(
                (
                    "Counter\(index)",
                    hex([UInt8(counter & 0xFF), UInt8(counter >> 8 & 0xFF), UInt8(counter >> 16 & 0xFF)])
                ))
            card.append(("Tearing\(index)", hex([flag])))
        }
        return Proxmark3File.render(fileType: "mfu", card: card, blocks: dump.pages)
    }
}

extension Proxmark3MFU {
    /// The header a Proxmark3 `hf mfu dump` `.bin` puts before the pages (`MFU_DUMP_PREFIX_LENGTH`
    /// in its `include/pm3_cmd.h`): GET_VERSION (8), TBO_0 (2), TBO_1 (1), the last page number
    /// (1), READ_SIG (32), three counters of 3 bytes with their tearing flag (12).
    public static let binaryHeaderLength = 56

    /// A `--model` image: raw pages, a Proxmark3 `.bin` (the 56-byte header, then the pages) or a
    /// Proxmark3 `.eml` (one page of hex per line), told apart by content and size. `nil` when
    /// the bytes are none of these for `model` (the caller reports the size).
    public static func image(_ bytes: [UInt8], model: TagModel) -> FlipperDump? {
        guard let layout = model.type2Layout else { return nil }
        let size = layout.totalPages * 4
        var pages: [UInt8]
        var dump = FlipperDump(
            chipName: FlipperNFC.chipName(for: model), model: model, uid: [], signature: nil, getVersion: nil,
            pages: [])
        // A raw image or an .eml holds pages only: the header's fields are not in it.
        dump.countersRead = false
        dump.tearingFlagsRead = false
        if bytes.count == size {
            pages = bytes
        } else if bytes.count == binaryHeaderLength + size {
            pages = Array(bytes[binaryHeaderLength...])
            let version = Array(bytes[0..<8])
            if version.contains(where: { $0 != 0 }) { dump.getVersion = version }
            let signature = Array(bytes[12..<44])
            if signature.contains(where: { $0 != 0 }) { dump.signature = signature }
            dump.countersRead = true
            dump.tearingFlagsRead = true
            for index in 0..<3 {
                let base = 44 + index * 4
                dump.counters[index] =
                    UInt32(bytes[base]) | UInt32(bytes[base + 1]) << 8 | UInt32(bytes[base + 2]) << 16
                dump.tearingFlags[index] = bytes[base + 3]
            }
        } else if let eml = EMLText.bytes(bytes, digitsPerLine: 8), eml.count == size {
            pages = eml
        } else {
            return nil
        }
        dump.pages = stride(from: 0, to: pages.count, by: 4).map { Array(pages[$0..<$0 + 4]) }
        dump.pagesRead = dump.pages.count
        dump.settleGaps()
        dump.uid = Array(pages[0..<3]) + Array(pages[4..<8])
        return dump
    }
}
