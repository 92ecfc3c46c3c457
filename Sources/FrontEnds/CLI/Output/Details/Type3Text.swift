import TagCatalog
import TagWorkflows
import TapCardSupport
import Type3

/// The human-readable lines of the tag commands on a Type 3 (FeliCa) card.
enum Type3Text {
    static func hex(_ bytes: [UInt8]) -> String { Hex.encode(bytes, uppercase: true, separator: " ") }
    static func hex16(_ value: UInt16) -> String {
        Hex.encode([UInt8(value >> 8), UInt8(value & 0xFF)], uppercase: true)
    }

    static func title(_ path: String) -> String { "Tag: \(path) (NFC Forum Type 3, FeliCa)" }

    static func capacity(_ capacity: Capacity) -> String {
        capacity.source == .reported
            ? "\(capacity.bytes) bytes (Nmaxb × 16, reported by the card's attribute block)"
            : "assuming \(capacity.bytes) bytes (the model's data blocks; the card is not formatted)"
    }

    static func status(_ report: Type3ReadReport) -> String {
        guard let snapshot = report.snapshot else { return "not NDEF-formatted" }
        return snapshot.isReadOnly ? "read-only (RW flag 00)" : "read-write"
    }

    static func attribute(_ block: Type3AttributeBlock) -> String {
        "Ver \(block.version >> 4).\(block.version & 0x0F), Nbr \(block.blocksPerCheck), Nbw \(block.blocksPerUpdate), Nmaxb \(block.maximumBlocks) (\(block.capacity) bytes), "
            + "\(block.isWriteInProgress ? "write in progress (WriteF 0F)" : "WriteF 00"), RW flag \(Hex.encode([block.accessFlag], uppercase: true)) (\(block.isReadOnly ? "read-only" : "read/write")), Ln \(block.length)"
    }

    static func read(_ report: Type3ReadReport, path: String) -> [String] {
        var lines = [
            title(path),
            "Chip: \(report.identification.phrase)",
            "IDm: \(hex(report.idm)); PMm: \(hex(report.pmm))",
            TagText.statusLine(TagReport(report), source: "Nmaxb × 16, reported by the card's attribute block"),
        ]
        if let reason = report.area.notFormattedReason { lines.append("Not formatted: \(reason).") }
        return lines + TagText.content(report.content) + [TagText.statistics(report.statistics)]
    }

    static func inspection(_ inspection: Type3Inspection, path: String) -> [String] {
        var lines = Array(read(inspection.read, path: path).dropLast())
        lines.append("System codes answered: " + inspection.systemCodes.map(hex16).joined(separator: ", "))
        lines.append("Block 0: \(hex(inspection.attributeBytes))")
        if let snapshot = inspection.read.snapshot {
            lines.append("  attribute block: \(attribute(snapshot.attribute))")
            for problem in snapshot.attribute.problems { lines.append("  attribute problem: \(problem.sentence)") }
        }
        if let mc = inspection.memoryConfiguration {
            lines.append("MC (88h): \(hex(mc.bytes))")
            lines += mc.description.map { "  \($0)" }
        }
        for reason in inspection.readOnlyReasons { lines.append("Read-only: \(reason.sentence).") }
        lines.append(TagText.statistics(inspection.read.statistics))
        return lines
    }

    static func write(_ report: Type3WriteReport, path: String) -> [String] {
        var lines = [
            title(path),
            "Chip: \(report.identification.phrase)",
            "\(TagText.wrote(report.messageBytes, nothingWritten: report.writes.isEmpty)); the card holds at most \(capacity(report.capacity)).",
        ]
        if report.writes.isEmpty {
            lines.append("The card already held this message: nothing was written.")
        } else if report.writes.count == 1 {
            lines.append("1 Update (the attribute block with WriteF 00 and Ln 0: the message emptied).")
        } else {
            let data = report.writes.count - 2
            lines.append(
                "\(report.writes.count) Updates (the attribute block with WriteF 0F, \(data) data Update\(data == 1 ? "" : "s") of blocks \(report.blocksWritten.filter { $0 != 0 }.map(String.init).joined(separator: ", ")), then WriteF 00 with Ln \(report.messageBytes))."
            )
        }
        lines += TagText.writeCheck(
            report, readBack: { "block 0 and the \(TagText.readBackBytes($0))-byte message back after the commit" },
            holder: "card")
        return lines
    }

    static func step(_ write: Type3ConfigurationWrite) -> String {
        let words: String =
            switch write.step {
            case .enableNDEF: "MC SYS_OP 01 (the card answers 12FC)"
            case .attribute: "the attribute block (Ln 0)"
            case .zeroData: "block \(write.block) zeroed"
            case .readOnlyFlag: "the attribute block's RW flag 00 (reversible on its own)"
            case .lockMemory: "MC with S_PAD0–13 read-only and MC_ALL 00 (PERMANENT)"
            }
        return "\(write.step.rawValue): \(words)"
    }

    static func format(_ report: Type3FormatReport, path: String) -> [String] {
        var lines = [title(path), "Chip: \(report.identification.phrase)"]
        lines.append(
            "Formatted with \(report.writes.count) Update\(report.writes.count == 1 ? "" : "s"): "
                + report.writes.map(step).joined(separator: "; ") + ".")
        lines.append(
            (report.verified ? "Verified: " : "NOT verified: ")
                + "read back, the card answers 12FC: \(report.after.identification.answersNDEF ? "yes" : "no"); NDEF status \(status(report.after)); capacity \(capacity(report.after.capacity))."
        )
        lines.append(TagText.statistics(report.statistics))
        return lines
    }

    static func lock(_ report: Type3LockReport, path: String) -> [String] {
        var lines = [title(path), "Chip: \(report.identification.phrase)"]
        if report.writes.isEmpty {
            lines.append("The card was locked already: nothing was sent after reading block 0 and MC.")
        } else {
            lines.append(
                "Locked in \(report.writes.count) step\(report.writes.count == 1 ? "" : "s"): "
                    + report.writes.map(step).joined(separator: "; ") + ".")
        }
        let flag = report.attribute.map { $0.isReadOnly ? "RW flag 00" : "RW flag 01" } ?? "no attribute block"
        let mc = report.memoryConfiguration
        lines.append(
            (report.verified ? "Verified: " : "NOT verified: ")
                + "read back, block 0 has \(flag); MC \(hex(mc.bytes)) (\(mc.description.joined(separator: "; "))). No command can make this card writable again."
        )
        lines.append(TagText.statistics(report.statistics))
        return lines
    }
}
