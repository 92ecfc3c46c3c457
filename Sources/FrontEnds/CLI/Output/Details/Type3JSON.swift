import TagCatalog
import TagWorkflows
import TapCardSupport
import Type3

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
        let verification = TagJSON.verification(report.verification)
        return JSONContract.document(
            head(idm: report.idm, identification: report.identification, path: path) + [
                ("message_bytes", .int(report.messageBytes)),
                ("ndef_hex", TagJSON.ndefHex(report.encodedMessage)),
                ("previous_ndef_hex", TagJSON.ndefHex(report.previousContent.bytes)),
                ("capacity", TagJSON.capacity(report.capacity)),
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
                ("verified", .bool(report.verified)),
                ("verification", verification),
                ("write", TagJSON.statistics(report.writeStatistics)),
                ("verify", TagJSON.statistics(report.verifyStatistics)),
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
