import TagEmulator
import TapCardSupport

/// What `tapcard sim new|show` says about a virtual MIFARE Classic card: UID, ATQA, SAK, and each
/// sector's trailer as stored (which public key A it holds, the access bytes and the GPB), so a
/// reader sees at once whether the card is as shipped or NDEF-formatted. Straight from the file
/// (no commands are sent); keys that are not public are named, never printed.
///
/// A card that came from a dump says which format it was read from, where the dump's header
/// contradicts block 0 (block 0 wins), and which sectors hold bytes the dump did not know.
struct ClassicSimSummary: VirtualTagSummary {
    let path: String
    let tag: EmulatedClassicTag
    /// The dump read (`sim import`), for its format and header.
    var dump: ClassicDump? = nil

    private func list(_ sectors: [Int]) -> String { sectors.map(String.init).joined(separator: ", ") }

    /// One line each: the sectors holding an unknown byte, and those whose key A or key B is unknown.
    var unknownLines: [String] {
        let sectors = tag.sectorsWithUnknownBytes
        guard !sectors.isEmpty else { return [] }
        var lines = [
            "  Unknown    \(sectors.count) of \(tag.facts.sectors) sectors hold bytes the dump did not read: \(list(sectors))"
        ]
        let keyA = tag.sectorsWithUnknownKey(.a)
        let keyB = tag.sectorsWithUnknownKey(.b)
        if !keyA.isEmpty {
            lines.append(
                "             key A unknown in \(keyA.count == 1 ? "sector" : "sectors") \(list(keyA)) (no reader can authenticate with it)"
            )
        }
        if !keyB.isEmpty {
            lines.append("             key B unknown in \(keyB.count == 1 ? "sector" : "sectors") \(list(keyB))")
        }
        return lines
    }

    /// Which public key `key` is, or "a private key".
    static func keyName(_ key: [UInt8]) -> String {
        switch key {
        case [UInt8](repeating: 0xFF, count: 6): "transport key FFFFFFFFFFFF"
        case [0xA0, 0xA1, 0xA2, 0xA3, 0xA4, 0xA5]: "MAD key A0A1A2A3A4A5"
        case [0xD3, 0xF7, 0xD3, 0xF7, 0xD3, 0xF7]: "NDEF key D3F7D3F7D3F7"
        default: "a private key"
        }
    }

    /// Sector by sector: its trailer block.
    var trailers: [(sector: Int, block: [UInt8])] {
        (0..<tag.facts.sectors).map { sector in
            let trailer = sector < 32 ? sector * 4 + 3 : 128 + (sector - 32) * 16 + 15
            return (sector, tag.blocks[trailer])
        }
    }

    func lines(action: String) -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        let title = "\(tag.model.displayName) virtual tag \(path)"
        var lines = [action.isEmpty ? title : "\(action) \(title)"]
        lines.append("  UID        \(hex(tag.uid))")
        lines.append("  ATQA, SAK  \(hex(tag.atqa.reversed())), \(hex([tag.sak]))")
        lines.append("  Sectors    \(tag.facts.sectors) (\(tag.facts.blocks) blocks of 16 bytes)")
        if let dump {
            lines.append("  Read from  \(dump.format.displayName)")
            lines += dump.headerContradictions.map { "  Header     \($0)" }
            for note in [dump.uidFromHeaderNote].compactMap({ $0 }) {
                lines.append("  Header     \(note)")
            }
            lines += dump.block0Notes.map { "  Block 0    \($0)" }
            lines += dump.fileNotes.map { "  File       \($0)" }
            if dump.uidDecision.assumed {
                lines.append("  UID length \(dump.uidLength) bytes, assumed: \(dump.uidDecision.reason)")
            }
        }
        lines += unknownLines
        for (sector, block) in trailers {
            let trailer = tag.trailerBlock(ofSector: sector)
            let keyA =
                (0..<6).allSatisfy { tag.isKnown(block: trailer, byte: $0) }
                ? Self.keyName(Array(block[0..<6])) : "unknown"

            // A byte the dump did not read is shown as ??, never as the zero that stands for it.
            func shown(_ offsets: Range<Int>) -> String {
                offsets.map { tag.isKnown(block: trailer, byte: $0) ? hex([block[$0]]) : "??" }.joined(separator: " ")
            }
            lines.append(
                "  Sector \(sector < 10 ? " " : "")\(sector)  key A: \(keyA); access \(shown(6..<9)), GPB \(shown(9..<10))"
            )
        }
        return lines
    }

    private var dumpMembers: [(String, JSON)] {
        guard let dump else { return [] }
        return [
            ("dump_format", .string(dump.format.rawValue)),
            ("header_contradictions", .array(dump.headerContradictions.map { .string($0) })),
            ("notes", .array(dump.notes.map { .string($0) })),
            (
                "uid_length",
                .object([
                    ("bytes", .int(dump.uidLength)), ("from", .string(dump.uidDecision.reason)),
                    ("assumed", .bool(dump.uidDecision.assumed)),
                ])
            ),
        ]
    }

    func json(action: String) -> JSON {
        .object(
            [
                ("action", .string(action)),
                ("file", .string(path)),
                ("chip", TagJSON.chip(model: tag.model, identifiedBy: "declared by the virtual tag file")),
                ("uid", .string(Hex.encode(tag.uid))),
                ("atqa", .string(Hex.encode(tag.atqa.reversed()))),
                ("sak", .string(Hex.encode([tag.sak]))),
                ("unknown_sectors", .array(tag.sectorsWithUnknownBytes.map { .int($0) })),
                ("key_a_unknown_sectors", .array(tag.sectorsWithUnknownKey(.a).map { .int($0) })),
                ("key_b_unknown_sectors", .array(tag.sectorsWithUnknownKey(.b).map { .int($0) })),
            ] + dumpMembers + [
                (
                    "sectors",
                    .array(
                        trailers.map { sector, block in
                            // What the dump did not read is "unknown" or null, never the zero standing for it.
                            let trailer = tag.trailerBlock(ofSector: sector)
                            func known(_ offsets: Range<Int>) -> Bool {
                                offsets.allSatisfy { tag.isKnown(block: trailer, byte: $0) }
                            }
                            return .object([
                                ("sector", .int(sector)),
                                ("key_a", .string(known(0..<6) ? Self.keyName(Array(block[0..<6])) : "unknown")),
                                ("access_bits", known(6..<9) ? .string(Hex.encode(Array(block[6..<9]))) : .null),
                                ("general_purpose_byte", known(9..<10) ? .string(Hex.encode([block[9]])) : .null),
                            ])
                        })
                )
            ])
    }
}
