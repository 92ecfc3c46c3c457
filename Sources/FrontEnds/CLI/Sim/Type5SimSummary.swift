import CommandLineKit
import TagCatalog
import TagEmulator
import TapCardSupport

/// What `tapcard sim new|show|import` says about a virtual Type 5 tag (ICODE SLIX2, ST25DV04K):
/// chip, UID, blocks, the CC in block 0 when there is one, locked blocks, DSFID/AFI, signature.
/// Hardware facts only, straight from the file (no commands are sent).
struct Type5SimSummary: VirtualTagSummary {
    let path: String
    let tag: EmulatedType5Tag

    /// Block 0 (the CC of a formatted tag).
    var block0: [UInt8] { tag.memory.blocks.first ?? [] }
    /// A T5T CC starts E1 (1-byte block numbers) or E2 (2-byte), shared/reference/type4-type5-ntag424.md §3.3.
    var formatted: Bool { block0.first == 0xE1 || block0.first == 0xE2 }
    var lockedBlocks: [Int] { tag.memory.locked.indices.filter { tag.memory.locked[$0] } }

    /// "T5T v1.0, data area 312 bytes (MLEN 39), read free, write free, MBREAD".
    var ccDescription: String {
        guard formatted, block0.count >= 4 else { return "blank or foreign (not NDEF formatted)" }
        let cc = block0
        func access(_ bits: UInt8) -> String { bits == 0 ? "free" : bits == 3 ? "never" : "proprietary \(bits)" }
        var text =
            "T5T v\(cc[1] >> 6).\(cc[1] >> 4 & 0x03), data area \(Int(cc[2]) * 8) bytes (MLEN \(cc[2])), read \(access(cc[1] >> 2 & 0x03)), write \(access(cc[1] & 0x03))"
        if cc[3] & 0x01 != 0 { text += ", MBREAD" }
        if cc[3] & 0x08 != 0 { text += ", LOCK BLOCK" }
        if cc[3] & 0x10 != 0 { text += ", special frame" }
        return text
    }

    func lines(action: String) -> [String] {
        func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
        let facts = tag.facts
        let title = "\(tag.model.displayName) virtual tag \(path)"
        var lines = [action.isEmpty ? title : "\(action) \(title)"]
        lines.append("  UID        \(hex(tag.uid))")
        lines.append(
            "  Memory     \(facts.blockCount) blocks of \(facts.blockSize) bytes (\(facts.blockCount * facts.blockSize) bytes); user blocks \(facts.userBlocks.lowerBound)–\(facts.userBlocks.upperBound), IC reference \(hex([facts.icReference]))"
        )
        lines.append("  CC         \(hex(block0)): \(ccDescription)")
        let locked = lockedBlocks
        lines.append(
            "  Locked     \(locked.isEmpty ? "no blocks" : "blocks " + locked.map(String.init).joined(separator: ", "))\(tag.memory.dsfidLocked ? "; DSFID" : "")\(tag.memory.afiLocked ? "; AFI" : "")"
        )
        lines.append("  DSFID/AFI  \(hex([tag.memory.dsfid])) / \(hex([tag.memory.afi]))")
        if !tag.memory.signature.isEmpty {
            let zeros = tag.memory.signature.allSatisfy { $0 == 0 }
            lines.append(
                "  Signature  \(tag.memory.signature.count) bytes\(zeros ? ", all zeros: only NXP can sign a UID, so it never verifies" : ": \(hex(tag.memory.signature))")"
            )
        }
        if let capabilities = tag.memory.slix?.capabilities, capabilities.acceptsAllPasswords {
            // A Flipper emulation mode the file keeps.
            lines.append(
                "  Flipper    Capabilities: \(capabilities.spelling) (a Flipper emulates the tag taking any password as right); kept in the file and written back by export, not emulated: TapCard's SLIX2 does not model password commands"
            )
        }
        return lines
    }

    func json(action: String) -> JSON {
        let facts = tag.facts
        return .object([
            ("action", .string(action)),
            ("file", .string(path)),
            ("chip", TagJSON.chip(model: tag.model, identifiedBy: "declared by the virtual tag file")),
            ("uid", TagJSON.uid(bytes: tag.uid)),
            ("blocks", .int(facts.blockCount)),
            ("block_size", .int(facts.blockSize)),
            ("bytes", .int(facts.blockCount * facts.blockSize)),
            ("user_bytes", .int(facts.userBytes)),
            ("ic_reference", .int(Int(facts.icReference))),
            ("cc", formatted ? .string(Hex.encode(block0)) : .null),
            ("formatted", .bool(formatted)),
            ("locked_blocks", .array(lockedBlocks.map(JSON.int))),
            ("dsfid", .int(Int(tag.memory.dsfid))),
            ("afi", .int(Int(tag.memory.afi))),
            ("dsfid_locked", .bool(tag.memory.dsfidLocked)),
            ("afi_locked", .bool(tag.memory.afiLocked)),
            ("signature", tag.memory.signature.isEmpty ? .null : .string(Hex.encode(tag.memory.signature))),
        ])
    }
}
