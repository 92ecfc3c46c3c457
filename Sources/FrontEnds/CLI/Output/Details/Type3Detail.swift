import TagCatalog
import TagWorkflows
import TapCardSupport
import Type3

// Type 3 as the CLI shows it: its detail as JSON (`Type3JSON`) and as text (`Type3Text`),
// the one file a tag type has in the CLI besides its `sim` summary.

/// The JSON v1 shapes of the tag commands on a Type 3 (FeliCa) card: the envelope every tag
/// command shares (`tag`, `forum_type`, `technology`, `uid`, `chip`, `ndef_status`, `capacity`,
/// `ndef`, `statistics`, in ``TagJSON``'s encoders) and the Type 3 detail: `idm`, `pmm`,
/// `system_code(s)`, the attribute block (`attribute`, decoded, and `cc`, its 16 bytes in hex:
/// the key Type 2 and Type 4 use for the block that describes the NDEF area), the MC block.
///
/// `uid` is the IDm in the shared UID shape (``uid(idm:)``): the IDm is what identifies a FeliCa
/// card; the NFC-A manufacturer table does not apply to it, so `manufacturer` and
/// `manufacturer_code` are null and `check_bytes_valid` is null (an IDm has no check bytes).
enum Type3JSON {
    static func hex16(_ value: UInt16) -> String { Hex.encode([UInt8(value >> 8), UInt8(value & 0xFF)]) }

    /// The shared UID shape, for an IDm.
    static func uid(idm: [UInt8]) -> JSON {
        .object([
            ("hex", .string(Hex.encode(idm))), ("check_bytes_valid", .null), ("manufacturer", .null),
            ("manufacturer_code", .null),
        ])
    }

    static func chip(_ identification: Type3Identification) -> JSON {
        let by: JSON =
            identification.product != nil
            ? .string("PMm IC code") : .string("declared by the virtual tag file (PMm IC code not known)")
        return .object([
            ("model", identification.model.map { .string($0.rawValue) } ?? .null),
            ("type", .string(identification.product ?? identification.model?.displayName ?? "unknown FeliCa card")),
            (
                "identified_by",
                .object([("by", by), ("ic_code", .string(Hex.encode([identification.icCode])))])
            ),
        ])
    }

    static func status(_ report: Type3ReadReport) -> JSON { .string(TagReport(report).status.rawValue) }

    static func attribute(_ block: Type3AttributeBlock) -> JSON {
        .object([
            ("bytes", .string(Hex.encode(block.bytes))),
            ("version", .string("\(block.version >> 4).\(block.version & 0x0F)")),
            ("nbr", .int(block.blocksPerCheck)), ("nbw", .int(block.blocksPerUpdate)),
            ("nmaxb", .int(block.maximumBlocks)), ("capacity", .int(block.capacity)),
            ("write_in_progress", .bool(block.isWriteInProgress)), ("read_only", .bool(block.isReadOnly)),
            ("ln", .int(block.length)),
            ("problems", .array(block.problems.map { .string($0.sentence) })),
        ])
    }

    /// The envelope every tag type shares (``TagJSON/envelope(_:path:uid:chip:)``), then what
    /// polling answered: the IDm, the PMm and the system code.
    static func envelope(_ report: Type3ReadReport, path: String) -> [(String, JSON)] {
        TagJSON.envelope(TagReport(report), path: path, uid: uid(idm: report.idm), chip: chip(report.identification))
            + [
                ("idm", .string(Hex.encode(report.idm))),
                ("pmm", .string(Hex.encode(report.pmm))),
                ("system_code", report.identification.systemCode.map { .string(hex16($0)) } ?? .null),
            ]
    }

    static func read(_ report: Type3ReadReport, path: String) -> JSON {
        JSONContract.document(envelope(report, path: path) + [("statistics", TagJSON.statistics(report.statistics))])
    }

    static func memoryConfiguration(_ mc: FeliCaLiteSMemoryConfiguration?) -> JSON {
        guard let mc else { return .null }
        return .object([
            ("bytes", .string(Hex.encode(mc.bytes))),
            ("ndef_enabled", .bool(mc.isNDEFEnabled)),
            ("read_only_blocks", .array(mc.readOnlyScratchPads.map(JSON.int))),
            ("system_blocks_writable", .bool(mc.isMemoryConfigurationWritable)),
            ("words", .array(mc.description.map(JSON.string))),
        ])
    }

    static func inspection(_ inspection: Type3Inspection, path: String) -> JSON {
        var members = envelope(inspection.read, path: path)
        members.append(("system_codes", .array(inspection.systemCodes.map { .string(hex16($0)) })))
        members.append(("cc", .string(Hex.encode(inspection.attributeBytes))))
        let attribute: JSON
        switch inspection.read.area {
        case .formatted(let snapshot): attribute = Self.attribute(snapshot.attribute)
        case .notEnabled, .unusableAttribute: attribute = .null
        }
        members.append(("attribute", attribute))
        members.append(("not_formatted_reason", inspection.read.area.notFormattedReason.map(JSON.string) ?? .null))
        members.append(("memory_configuration", memoryConfiguration(inspection.memoryConfiguration)))
        members.append(("read_only_reasons", .array(inspection.readOnlyReasons.map { .string($0.sentence) })))
        members.append(("statistics", TagJSON.statistics(inspection.read.statistics)))
        return JSONContract.document(members)
    }

    static func head(idm: [UInt8], identification: Type3Identification, path: String) -> [(String, JSON)] {
        [
            ("tag", .string(path)),
            ("forum_type", .int(3)),
            ("technology", .string("felica")),
            ("uid", uid(idm: idm)),
            ("idm", .string(Hex.encode(idm))),
            ("chip", chip(identification)),
        ]
    }

    static func write(_ report: Type3WriteReport, path: String) -> JSON {
        TagJSON.writeDocument(
            report, path: path, uid: uid(idm: report.idm), chip: chip(report.identification),
            detail: [
                ("idm", .string(Hex.encode(report.idm))),
                ("blocks_written", .array(report.blocksWritten.map(JSON.int))),
                (
                    "writes",
                    .array(
                        report.writes.map {
                            .object([
                                ("blocks", .array($0.blocks.map(JSON.int))),
                                ("role", TagJSON.enumValue($0.role.rawValue)),
                                ("bytes", .string(Hex.encode($0.bytes))),
                            ])
                        })
                ),
            ])
    }

    static func configurationWrites(_ writes: [Type3ConfigurationWrite]) -> JSON {
        .array(
            writes.map {
                .object([
                    ("block", .int($0.block)), ("step", .string($0.step.rawValue)),
                    ("permanent", .bool($0.isPermanent)), ("bytes", .string(Hex.encode($0.bytes))),
                ])
            })
    }

    static func format(_ report: Type3FormatReport, path: String) -> JSON {
        let after = report.after
        return JSONContract.document(
            head(idm: report.idm, identification: report.identification, path: path) + [
                ("writes", configurationWrites(report.writes)),
                ("cc", after.snapshot.map { .string(Hex.encode($0.attribute.bytes)) } ?? .null),
                ("attribute", after.snapshot.map { attribute($0.attribute) } ?? .null),
                ("memory_configuration", memoryConfiguration(report.memoryConfiguration)),
                ("ndef_status", status(after)),
                ("capacity", TagJSON.capacity(after.capacity)),
                ("verified", .bool(report.verified)),
                ("statistics", TagJSON.statistics(report.statistics)),
            ])
    }

    static func lock(_ report: Type3LockReport, path: String) -> JSON {
        JSONContract.document(
            head(idm: report.idm, identification: report.identification, path: path) + [
                ("steps", .array(report.steps.map { .string($0.rawValue) })),
                ("writes", configurationWrites(report.writes)),
                ("cc", report.attribute.map { .string(Hex.encode($0.bytes)) } ?? .null),
                ("attribute", report.attribute.map(attribute) ?? .null),
                ("memory_configuration", memoryConfiguration(report.memoryConfiguration)),
                ("ndef_status", .string(report.attribute?.isReadOnly == true ? "read-only" : "read-write")),
                ("verified", .bool(report.verified)),
                ("statistics", TagJSON.statistics(report.statistics)),
            ])
    }
}

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
            report, readBack: { "block 0 and the \($0.readBackBytes)-byte message back after the commit" },
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
            report.writes.isEmpty
                ? "Nothing needed writing: the card already holds the attribute block this format writes (NDEF enabled, empty, writable)."
                : "Formatted with \(report.writes.count) Update\(report.writes.count == 1 ? "" : "s"): "
                    + report.writes.map(step).joined(separator: "; ") + ".")
        lines.append(
            (report.verified ? "Verified: " : "NOT verified: ")
                + "read back, the card answers 12FC: \(report.after.identification.answersNDEF ? "yes" : "no"); NDEF status \(status(report.after)); capacity \(capacity(report.after.capacity))."
        )
        lines.append(TagText.statistics(report.statistics))
        return lines
    }

    /// A completed lock: the contract's lines (``/TagWorkflows/Type3LockReport/summaryLines``,
    /// the phone's too) between the header and the statistics.
    static func lock(_ report: Type3LockReport, path: String) -> [String] {
        [title(path), "Chip: \(report.identification.phrase)"] + report.summaryLines
            + [TagText.statistics(report.statistics)]
    }
}
