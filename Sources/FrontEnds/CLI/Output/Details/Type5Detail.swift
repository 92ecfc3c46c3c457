import NDEF
import Originality
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type5

// Type 5 as the CLI shows it: its detail as JSON (`Type5JSON`) and as text (`Type5Text`),
// the one file a tag type has in the CLI besides its `sim` summary.

/// The JSON v1 shapes of the tag commands on a Type 5 tag: the envelope every tag command shares
/// (`tag`, `forum_type`, `technology`, `uid`, `chip`, `ndef_status`, `capacity`, `ndef`,
/// `statistics`, as ``Type4JSON`` and ``TagJSON`` write them), and the Type 5 detail: the CC
/// (`cc`, lowercase hex, and its fields), the geometry and where it came from, GET SYSTEM INFO,
/// the compatibility warnings, block security, and on an ICODE SLIX2 the signature.
enum Type5JSON {
    static func hex(_ byte: UInt8) -> JSON { .string(Hex.encode([byte])) }

    /// A Type 5 UID in the one UID shape: the manufacturer is UID byte 1 (after `E0`, ISO/IEC
    /// 15693-3); there are no check bytes.
    static func uid(_ uid: [UInt8]) -> JSON {
        guard !uid.isEmpty else { return .null }
        let code = uid.count == 8 && uid[0] == 0xE0 ? uid[1] : nil
        return .object([
            ("hex", .string(Hex.encode(uid))),
            ("check_bytes_valid", .null),
            ("manufacturer", code.flatMap(Type5Manufacturer.name).map(JSON.string) ?? .null),
            ("manufacturer_code", code.map { .int(Int($0)) } ?? .null),
        ])
    }

    static func chip(_ identification: Type5TagIdentification) -> JSON {
        // How it was identified: the contract's words, said once by the driver.
        let by = Type5Tag.identifiedBy(identification)
        return .object([
            ("model", identification.model.map { .string($0.rawValue) } ?? .null),
            ("type", .string(identification.model?.displayName ?? "unknown Type 5 tag")),
            (
                "identified_by",
                .object([
                    ("by", .string(by)), ("evidence", .string(identification.chip.evidence)),
                    ("ic_reference", identification.systemInfo?.icReference.map(hex) ?? .null),
                ])
            ),
        ])
    }

    static func status(_ report: Type5ReadReport) -> JSON { .string(TagReport(report).status.rawValue) }

    /// The envelope every tag type shares (``TagJSON/envelope(_:path:uid:chip:)``).
    static func envelope(_ report: Type5ReadReport, path: String) -> [(String, JSON)] {
        TagJSON.envelope(TagReport(report), path: path, uid: uid(report.uid), chip: chip(report.identification))
    }

    static func read(_ report: Type5ReadReport, path: String) -> JSON {
        JSONContract.document(envelope(report, path: path) + [("statistics", TagJSON.statistics(report.statistics))])
    }

    static func geometry(_ identification: Type5TagIdentification) -> JSON {
        .object([
            ("block_size", .int(identification.blockSize)),
            ("block_size_source", .string(identification.blockSizeSource.rawValue)),
            ("memory_bytes", identification.memoryBytes.map(JSON.int) ?? .null),
            ("memory_source", .string(identification.memorySource.rawValue)),
            ("system_info_unavailable", identification.systemInfoUnavailable.map(JSON.string) ?? .null),
        ])
    }

    static func systemInfo(_ info: Type5SystemInfo?) -> JSON {
        guard let info else { return .null }
        return .object([
            ("info_flags", hex(info.infoFlags)),
            ("dsfid", info.dsfid.map(hex) ?? .null),
            ("afi", info.afi.map(hex) ?? .null),
            ("block_count", info.blockCount.map(JSON.int) ?? .null),
            ("block_size", info.blockSize.map(JSON.int) ?? .null),
            ("ic_reference", info.icReference.map(hex) ?? .null),
        ])
    }

    /// The CC's fields; `cc` itself (hex) is a top-level key.
    static func capabilityContainer(_ snapshot: Type5Snapshot) -> [(String, JSON)] {
        let length = snapshot.cc?.length ?? 4
        let bytes = Array(snapshot.memory.prefix(length))
        guard let cc = snapshot.cc else {
            let error: JSON =
                if case .failure(let error) = snapshot.capabilityContainer { .string(error.sentence) } else { .null }
            return [("cc", .string(Hex.encode(bytes))), ("cc_fields", .null), ("cc_error", error)]
        }
        let features = cc.features
        return [
            ("cc", .string(Hex.encode(bytes))),
            (
                "cc_fields",
                .object([
                    ("magic", hex(cc.magic)),
                    ("version", .string("\(cc.majorVersion).\(cc.minorVersion)")),
                    ("read_access", .string(cc.isReadable ? "free" : "restricted")),
                    ("write_access", TagJSON.enumValue(Self.accessName(cc.writeAccess))),
                    ("mlen", .int(cc.mlen)),
                    ("data_area_bytes", .int(cc.dataAreaBytes)),
                    ("length", .int(cc.length)),
                    ("multiple_block_read", .bool(features.contains(.multipleBlockRead))),
                    ("lock_block", .bool(features.contains(.lockBlock))),
                    ("special_frame", .bool(features.contains(.specialFrame))),
                    ("problems", .array(cc.problems.map { .string($0.description) })),
                ])
            ),
            ("cc_error", .null),
        ]
    }

    static func accessName(_ access: Type5WriteAccess) -> String {
        switch access {
        case .free: "free"
        case .readOnly: "readOnly"
        case .proprietary: "proprietary"
        }
    }

    static func warnings(_ warnings: [Type5CompatibilityWarning]) -> JSON {
        .array(warnings.map { .string($0.description) })
    }

    static func inspection(_ inspection: Type5Inspection, path: String) -> JSON {
        let report = inspection.read
        var members = envelope(report, path: path) + capabilityContainer(report.snapshot)
        members.append(("geometry", geometry(report.identification)))
        members.append(("system_info", systemInfo(report.identification.systemInfo)))
        members.append(("ndef_tlv_offset", report.snapshot.ndef.map { .int($0.offset) } ?? .null))
        members.append(("tlvs", .array((report.snapshot.walk?.tlvs ?? []).map(TagJSON.tlv))))
        members.append(("warnings", warnings(inspection.warnings)))
        members.append(
            (
                "locked_blocks",
                inspection.blockSecurity.map { _ in .array(inspection.lockedBlocks.map(JSON.int)) } ?? .null
            ))
        members.append(("signature", inspection.signatureCheck.map(TagJSON.signature) ?? .null))
        let nxp: JSON =
            inspection.nxpSystemInfo.map {
                .object([
                    ("protection_pointer", .int(Int($0.protectionPointer))),
                    ("protection_condition", hex($0.protectionCondition)), ("lock_bits", hex($0.lockBits)),
                    // The four feature-flag bytes as the tag sent them (LSB first).
                    ("feature_flags", .string(Hex.encode(Array($0.payload.suffix(4))))),
                ])
            } ?? .null
        members.append(("nxp_system_info", nxp))
        members.append(("memory", .string(Hex.encode(report.snapshot.memory))))
        members.append(("statistics", TagJSON.statistics(report.statistics)))
        return JSONContract.document(members)
    }

    static func writes(_ writes: [Type5BlockWrite]) -> JSON {
        .array(
            writes.map {
                .object([
                    ("block", .int($0.block)), ("role", TagJSON.enumValue($0.role.rawValue)),
                    ("bytes", .string(Hex.encode($0.bytes))),
                ])
            })
    }

    static func write(_ report: Type5WriteReport, path: String) -> JSON {
        TagJSON.writeDocument(
            report, path: path, uid: uid(report.uid), chip: chip(report.identification),
            detail: [
                ("length_field_bytes", .int(report.lengthFieldBytes)),
                ("length_block", .int(report.lengthBlock)),
                ("writes", writes(report.writes)),
            ])
    }

    static func format(_ report: Type5FormatReport, path: String) -> JSON {
        let after = Type5ReadReport(
            identification: report.identification, uid: report.uid, snapshot: report.after,
            content: report.afterContent, statistics: report.statistics)
        return JSONContract.document(
            [
                ("tag", .string(path)),
                ("forum_type", .int(5)),
                ("technology", .string("iso15693")),
                ("uid", uid(report.uid)),
                ("chip", chip(report.identification)),
                ("operation", .string(report.operation.rawValue)),
                ("previous_cc", .string(Hex.encode(report.previousBlockZero))),
                ("writes", writes(report.writes)),
            ] + capabilityContainer(report.after) + [
                ("ndef_status", status(after)),
                ("capacity", TagJSON.capacity(report.after.capacity)),
                ("ndef", TagJSON.content(report.afterContent)),
                ("warnings", warnings(report.warnings)),
                ("verified", .bool(report.verified)),
                ("statistics", TagJSON.statistics(report.statistics)),
            ])
    }

    static func lock(_ report: Type5LockReport, path: String) -> JSON {
        JSONContract.document([
            ("tag", .string(path)),
            ("forum_type", .int(5)),
            ("technology", .string("iso15693")),
            ("uid", uid(report.uid)),
            ("chip", chip(report.identification)),
            ("steps", .array(report.steps.map { .string($0.label) })),
            ("permanent", .bool(report.isPermanent)),
            ("cc_write_access", report.ccWriteAccess.map { TagJSON.enumValue(accessName($0)) } ?? .null),
            ("blocks_to_lock", .array(report.blocksToLock.map(JSON.int))),
            ("locked_blocks", report.lockedBlocks.map { .array($0.map(JSON.int)) } ?? .null),
            ("verified", .bool(report.verified)),
            ("statistics", TagJSON.statistics(report.statistics)),
        ])
    }
}

/// The human-readable lines of the tag commands on a Type 5 tag.
enum Type5Text {
    static func uid(_ uid: [UInt8]) -> String {
        guard !uid.isEmpty else { return "UID: not reported" }
        let code = uid.count == 8 && uid[0] == 0xE0 ? " (\(Type5Manufacturer.phrase(uid[1])))" : ""
        return "UID: \(Hex.encode(uid, uppercase: true, separator: ":"))\(code)"
    }

    static func header(_ identification: Type5TagIdentification, uid: [UInt8], path: String) -> [String] {
        [
            "Tag: \(path) (NFC Forum Type 5, ISO/IEC 15693)",
            "Chip: \(identification.phrase)",
            Self.uid(uid),
        ]
    }

    static func status(_ report: Type5ReadReport) -> String {
        guard report.snapshot.isFormatted else { return "not formatted (no CC in block 0; format it first)" }
        return report.isWritable ? "read-write" : "read-only"
    }

    /// Who reported the capacity: the CC, with its MLEN.
    static func capacitySource(_ report: Type5ReadReport) -> String {
        guard let cc = report.snapshot.cc else { return "reported by the tag's CC" }
        return "reported by the tag's CC: MLEN \(cc.mlen), a \(cc.dataAreaBytes)-byte data area"
    }

    static func read(_ report: Type5ReadReport, path: String) -> [String] {
        header(report.identification, uid: report.uid, path: path) + [
            TagText.statusLine(TagReport(report), source: capacitySource(report))
        ] + TagText.content(report.content) + [TagText.statistics(report.statistics)]
    }

    static func inspection(_ inspection: Type5Inspection, path: String) -> [String] {
        let report = inspection.read
        let snapshot = report.snapshot
        var lines = Array(read(report, path: path).dropLast())
        lines.append("Geometry: \(report.identification.geometryPhrase)")
        if let info = report.identification.systemInfo {
            let fields = [
                info.dsfid.map { "DSFID \(Hex.encode([$0], uppercase: true))" },
                info.afi.map { "AFI \(Hex.encode([$0], uppercase: true))" },
                info.blockCount.map { "\($0) blocks" },
                info.icReference.map { "IC reference \(Hex.encode([$0], uppercase: true))" },
            ].compactMap { $0 }
            lines.append("GET SYSTEM INFO: \(fields.joined(separator: ", "))")
        }
        if let cc = snapshot.cc {
            lines.append(
                "CC (block 0): \(Hex.encode(Array(snapshot.memory.prefix(cc.length)), uppercase: true, separator: " "))"
            )
            var features: [String] = []
            if cc.features.contains(.multipleBlockRead) { features.append("MBREAD") }
            if cc.features.contains(.lockBlock) { features.append("LOCK BLOCK") }
            if cc.features.contains(.specialFrame) { features.append("special frame") }
            lines.append(
                "  magic \(Hex.encode([cc.magic], uppercase: true)), mapping version \(cc.majorVersion).\(cc.minorVersion), read access \(cc.isReadable ? "free" : "restricted"), write access \(cc.writeAccess), MLEN \(cc.mlen) (\(cc.dataAreaBytes)-byte data area), features: \(features.isEmpty ? "none" : features.joined(separator: ", "))"
            )
            for problem in cc.problems { lines.append("  CC problem: \(problem)") }
        } else if case .failure(let error) = snapshot.capabilityContainer {
            lines.append("CC: none. \(error.sentence)")
        }
        if let ndef = snapshot.ndef {
            lines.append(
                "NDEF TLV at data-area offset \(ndef.offset) (\(ndef.lengthFieldBytes)-byte length), \(snapshot.ndefBlocks.map { $0.count == 1 ? "block \($0.lowerBound)" : "blocks \($0.lowerBound)–\($0.upperBound)" } ?? "blocks unknown")"
            )
        }
        if inspection.blockSecurity == nil {
            lines.append(
                "Block security: not read (the carrier or the tag does not answer GET MULTIPLE BLOCK SECURITY STATUS).")
        } else if inspection.lockedBlocks.isEmpty {
            lines.append("Block security: no block is locked.")
        } else {
            lines.append(
                "Block security: locked \(Set(inspection.lockedBlocks).count == 1 ? "block" : "blocks") \(TagText.pageRanges(inspection.lockedBlocks))."
            )
        }
        if inspection.warnings.isEmpty {
            lines.append("iOS and Android: no known reason either would not read this tag.")
        } else {
            for warning in inspection.warnings { lines.append("Warning: \(warning)") }
        }
        if let check = inspection.signatureCheck {
            lines.append("Originality signature: \(TagText.signatureVerdict(check))")
            lines.append(check.statement)
        }
        if let nxp = inspection.nxpSystemInfo {
            lines.append(
                "GET NXP SYSTEM INFO: protection pointer \(nxp.protectionPointer), condition \(Hex.encode([nxp.protectionCondition], uppercase: true)), lock bits \(Hex.encode([nxp.lockBits], uppercase: true))"
            )
        }
        lines.append(TagText.statistics(report.statistics))
        return lines
    }

    static func write(_ report: Type5WriteReport, path: String) -> [String] {
        var lines = header(report.identification, uid: report.uid, path: path)
        lines.append(
            "\(TagText.wrote(report.messageBytes, nothingWritten: report.writes.isEmpty)); the tag holds at most \(report.capacity.bytes) bytes (reported by the tag's CC)."
        )
        if report.writes.isEmpty {
            lines.append("The tag already held this message: nothing was written.")
        } else {
            lines.append(
                "\(report.writes.count) WRITE SINGLE BLOCK (the length in block \(report.lengthBlock) set to 0 first, the message blocks, then the \(report.lengthFieldBytes)-byte length committed)."
            )
        }
        lines += TagText.writeCheck(
            report, readBack: { "the CC and the \($0.readBackBytes)-byte message back after the last write" })
        return lines
    }

    static func format(_ report: Type5FormatReport, path: String) -> [String] {
        var lines = header(report.identification, uid: report.uid, path: path)
        let cc = report.after.cc.map { Hex.encode($0.bytes, uppercase: true, separator: " ") } ?? "none"
        switch report.operation {
        case .format:
            lines.append(
                report.writes.isEmpty
                    ? "Nothing needed writing: the tag already holds the empty NDEF TLV and the CC this format writes (CC \(cc))."
                    : "Formatted: \(report.writes.count) WRITE SINGLE BLOCK (the empty NDEF TLV 03 00 FE first, the CC last); CC now \(cc)."
            )
        case .fixForIOS:
            lines.append(
                report.writes.isEmpty
                    ? "The CC's MBREAD bit was clear already: nothing was written (CC \(cc))."
                    : "Rewrote the CC with MBREAD clear (was \(Hex.encode(report.previousBlockZero, uppercase: true, separator: " "))); CC now \(cc). Nothing else was changed."
            )
        }
        for warning in report.warnings { lines.append("Warning: \(warning)") }
        lines.append(
            (report.verified ? "Verified: " : "NOT verified: ") + "read back, "
                + TagText.content(report.afterContent).joined(separator: " "))
        lines.append(TagText.statistics(report.statistics))
        return lines
    }

    /// A completed lock: the contract's lines (``/TagWorkflows/Type5LockReport/summaryLines``,
    /// the phone's too) between the header and the statistics.
    static func lock(_ report: Type5LockReport, path: String) -> [String] {
        header(report.identification, uid: report.uid, path: path) + report.summaryLines
            + [TagText.statistics(report.statistics)]
    }
}
