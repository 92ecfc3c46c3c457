import NDEF
import Originality
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type4

// Type 4 as the CLI shows it: its detail as JSON (`Type4JSON`) and as text (`Type4Text`),
// the one file a tag type has in the CLI besides its `sim` summary.

/// The JSON v1 shapes of the tag commands on a Type 4 tag: the envelope every tag command shares
/// (`tag`, `forum_type`, `uid`, `chip`, `ndef_status`, `capacity`, `ndef`, `statistics`, in
/// ``TagJSON``'s encoders), and the Type 4 detail: the CC file (`cc`, hex, and its fields), the NDEF
/// file, and for an NTAG 424 DNA its file settings and originality signature.
enum Type4JSON {
    static func hex16(_ value: UInt16) -> String { Hex.encode([UInt8(value >> 8), UInt8(value & 0xFF)]) }

    static func chip(_ identification: Type4Identification) -> JSON {
        // How it was identified: the contract's words, said once by the driver; then the evidence.
        var evidence: [(String, JSON)] = [("by", .string(Type4Tag.identifiedBy(identification)))]
        switch identification.evidence {
        case .version(let version):
            evidence += [
                ("version", .string(version.parts.map { Hex.encode($0) }.joined(separator: " "))),
                ("production_week", version.productionWeek.map(JSON.int) ?? .null),
                ("production_year", version.productionYear.map(JSON.int) ?? .null),
            ]
        case .ndefApplicationOnly(let status):
            evidence.append(("get_version_status", .string(Hex.encode([status.sw1, status.sw2]))))
        case .declared:
            break
        }
        return .object([
            ("model", identification.model.map { .string($0.rawValue) } ?? .null),
            ("type", .string(identification.model?.displayName ?? "unknown Type 4 tag")),
            ("identified_by", .object(evidence)),
        ])
    }

    /// An NTAG 424 access condition as JSON v1 writes enum values: `free`, `never`, `key-2`, as `sim` does.
    static func condition(_ condition: NTAG424AccessCondition) -> JSON {
        .string(condition.phrase.replacingOccurrences(of: " ", with: "-"))
    }

    static func access(_ access: Type4Access) -> JSON {
        .object([("byte", .string(Hex.encode([access.byte]))), ("meaning", .string(access.phrase))])
    }

    /// The CC file's members; none for a DESFire without the NDEF application.
    static func capabilityContainer(_ snapshot: Type4Snapshot?) -> [(String, JSON)] {
        guard let snapshot else { return [] }
        let cc = snapshot.capabilityContainer
        return [
            ("cc", .string(Hex.encode(snapshot.capabilityContainerBytes))),
            ("cc_version", .string("\(cc.majorVersion).\(cc.minorVersion)")),
            ("mle", .int(cc.maximumResponseData)),
            ("mlc", .int(cc.maximumCommandData)),
            (
                "ndef_file",
                .object([
                    ("id", .string(hex16(cc.ndefFile.identifier))),
                    ("max_size", .int(cc.ndefFile.maximumSize)),
                    ("length_field_bytes", .int(cc.lengthFieldBytes)),
                    ("read_access", access(cc.ndefFile.readAccess)),
                    ("write_access", access(cc.ndefFile.writeAccess)),
                ])
            ),
            (
                "proprietary_files",
                .array(
                    cc.proprietaryFiles.map {
                        .object([
                            ("id", .string(hex16($0.identifier))), ("max_size", .int($0.maximumSize)),
                            ("read_access", access($0.readAccess)), ("write_access", access($0.writeAccess)),
                        ])
                    })
            ),
            ("cc_problems", .array(cc.problems.map { .string($0.description) })),
            ("nlen", .int(snapshot.messageLength)),
        ]
    }

    static func status(_ report: Type4ReadReport) -> JSON { .string(TagReport(report).status.rawValue) }

    static func read(_ report: Type4ReadReport, path: String) -> JSON {
        JSONContract.document(envelope(report, path: path) + [("statistics", TagJSON.statistics(report.statistics))])
    }

    /// The envelope every tag type shares (``TagJSON/envelope(_:path:uid:chip:)``).
    static func envelope(_ report: Type4ReadReport, path: String) -> [(String, JSON)] {
        TagJSON.envelope(
            TagReport(report), path: path, uid: TagJSON.uid(bytes: report.uid), chip: chip(report.identification))
    }

    static func inspection(_ inspection: Type4Inspection, path: String) -> JSON {
        var members = envelope(inspection.read, path: path) + capabilityContainer(inspection.read.snapshot)
        members.append(("files", files(inspection.fileSettings)))
        if let card = inspection.desfire { members.append(("desfire", desfire(card, inspection.read.identification))) }
        members.append(("signature", inspection.signatureCheck.map(TagJSON.signature) ?? .null))
        members.append(("statistics", TagJSON.statistics(inspection.read.statistics)))
        return JSONContract.document(members)
    }

    static func files(_ settings: [UInt8: NTAG424FileSettings]) -> JSON {
        .array(
            settings.keys.sorted().compactMap { number in
                guard let settings = settings[number] else { return nil }
                let rights = settings.accessRights
                return .object([
                    ("number", .int(Int(number))),
                    ("size", .int(settings.size)),
                    ("communication_mode", .string(settings.communicationMode.rawValue)),
                    ("sdm", .bool(settings.isSDMEnabled)),
                    (
                        "access",
                        .object([
                            ("read", condition(rights.read)), ("write", condition(rights.write)),
                            ("read_write", condition(rights.readWrite)), ("change", condition(rights.change)),
                        ])
                    ),
                    ("settings", .string(Hex.encode(settings.bytes))),
                ])
            })
    }

    /// A DESFire's PICC level: `{"generation":"DESFire EV3","applications":["000001"],
    /// "free_memory":3456}` (`null` where the card refused to say).
    static func desfire(_ card: DESFireCardInfo, _ identification: Type4Identification) -> JSON {
        .object([
            ("generation", identification.desfire?.generation.map { .string($0.description) } ?? .null),
            ("storage_bytes", identification.desfire?.storageSize.bytes.map(JSON.int) ?? .null),
            (
                "applications",
                card.applications.map { .array($0.map { .string($0.description.lowercased()) }) } ?? .null
            ),
            ("free_memory", card.freeMemory.map(JSON.int) ?? .null),
            (
                "foreign_application",
                card.foreignNDEFApplication.map {
                    .object([("aid", .string("000001")), ("reason", .string($0.clause))])
                } ?? .null
            ),
        ])
    }

    /// A completed DESFire format, read back.
    static func desfireFormat(_ report: DESFireFormatReport, path: String) -> JSON {
        let choice: String =
            switch report.sizeChoice {
            case .requested: "requested"
            case .standard: "standard"
            case .fittedToFreeMemory: "fitted-to-free-memory"
            case .keptFromCC: "kept-from-cc"
            }
        return JSONContract.document(
            envelope(report.after, path: path) + capabilityContainer(report.after.snapshot) + [
                ("desfire", desfire(report.before, report.identification)),
                ("ndef_file_size", .int(report.ndefFileSize)),
                ("ndef_file_size_choice", .string(choice)),
                ("steps", .array(report.steps.map { .string(DESFireFormatInterrupted.name($0.purpose)) })),
                ("authenticated_picc_master_key", .bool(report.authenticatedWithPICCMasterKey)),
                ("verified", .bool(report.verified)),
                ("statistics", TagJSON.statistics(report.statistics)),
            ])
    }

    static func lock(_ report: Type4LockReport, path: String) -> JSON {
        JSONContract.document([
            ("tag", .string(path)),
            ("forum_type", .int(4)),
            ("technology", .string("iso-dep")),
            ("uid", TagJSON.uid(bytes: report.uid)),
            ("chip", chip(report.identification)),
            ("steps", .array(report.steps.map { .string($0.rawValue) })),
            ("cc_write_access", access(report.ccWriteAccess)),
            ("files", files(report.fileSettings)),
            ("verified", .bool(report.verified)),
            ("statistics", TagJSON.statistics(report.statistics)),
        ])
    }

    static func write(_ report: Type4WriteReport, path: String) -> JSON {
        TagJSON.writeDocument(
            report, path: path, uid: TagJSON.uid(bytes: report.uid), chip: chip(report.identification),
            detail: [
                ("length_field_bytes", .int(report.lengthFieldBytes)),
                ("file", .string(hex16(report.file))),
                ("authenticated_key", report.authenticatedKey.map { .int(Int($0)) } ?? .null),
                (
                    "writes",
                    .array(
                        report.writes.map {
                            .object([
                                ("offset", .int($0.offset)), ("role", TagJSON.enumValue($0.role.rawValue)),
                                ("bytes", .string(Hex.encode($0.bytes))),
                            ])
                        })
                ),
            ])
    }
}

/// The human-readable lines of the tag commands on a Type 4 tag.
enum Type4Text {
    static func hex16(_ value: UInt16) -> String {
        Hex.encode([UInt8(value >> 8), UInt8(value & 0xFF)], uppercase: true)
    }

    static func uid(_ uid: [UInt8]?) -> String {
        guard let uid, !uid.isEmpty else { return "UID: not reported" }
        return "UID: \(Hex.encode(uid, uppercase: true, separator: ":"))"
    }

    static func capacity(_ snapshot: Type4Snapshot) -> String {
        "\(snapshot.capacity.bytes) bytes (\(snapshot.capacitySourcePhrase))"
    }

    static func read(_ report: Type4ReadReport, path: String) -> [String] {
        [
            "Tag: \(path) (NFC Forum Type 4, ISO-DEP)",
            "Chip: \(report.identification.phrase)",
            uid(report.uid),
            TagText.statusLine(TagReport(report), source: report.snapshot?.capacitySourcePhrase ?? "assumed"),
        ] + TagText.content(report.content) + [TagText.statistics(report.statistics)]
    }

    static func inspection(_ inspection: Type4Inspection, path: String) -> [String] {
        let report = inspection.read
        var lines = Array(read(report, path: path).dropLast())
        if let card = inspection.desfire {
            lines.append("Applications: \(card.applicationsPhrase)")
            lines.append("Free memory: \(card.freeMemoryPhrase)")
        }
        guard let snapshot = report.snapshot else {
            lines.append(TagText.statistics(report.statistics))
            return lines
        }
        let cc = snapshot.capabilityContainer
        lines.append(
            "CC file E103: \(Hex.encode(snapshot.capabilityContainerBytes, uppercase: true, separator: " "))")
        lines.append(
            "  mapping version \(cc.majorVersion).\(cc.minorVersion), MLe \(cc.maximumResponseData) (largest READ BINARY answer), MLc \(cc.maximumCommandData) (largest UPDATE BINARY)"
        )
        lines.append(
            "  NDEF file \(hex16(cc.ndefFile.identifier)): \(cc.ndefFile.maximumSize) bytes, read access \(cc.ndefFile.readAccess.phrase) (\(Hex.encode([cc.ndefFile.readAccess.byte], uppercase: true))), write access \(cc.ndefFile.writeAccess.phrase) (\(Hex.encode([cc.ndefFile.writeAccess.byte], uppercase: true))); NLEN \(snapshot.messageLength)"
        )
        for file in cc.proprietaryFiles {
            lines.append(
                "  proprietary file \(hex16(file.identifier)): \(file.maximumSize) bytes, read access \(file.readAccess.phrase), write access \(file.writeAccess.phrase)"
            )
        }
        for problem in cc.problems { lines.append("  CC problem: \(problem)") }
        for number in inspection.fileSettings.keys.sorted() {
            guard let settings = inspection.fileSettings[number] else { continue }
            let rights = settings.accessRights
            lines.append(
                "File \(number): \(settings.size) bytes, \(settings.communicationMode.rawValue) communication\(settings.isSDMEnabled ? ", SDM mirroring on" : ""); read \(rights.read.phrase), write \(rights.write.phrase), read-write \(rights.readWrite.phrase), change settings \(rights.change.phrase)"
            )
        }
        if let check = inspection.signatureCheck {
            lines.append("Originality signature: \(TagText.signatureVerdict(check))")
            lines.append(check.statement)
        } else if report.identification.model == .ntag424DNA {
            lines.append("Originality signature: not read (the tag refused Read_Sig).")
        }
        lines.append(TagText.statistics(report.statistics))
        return lines
    }

    /// A completed DESFire format: the contract's lines, then the statistics.
    static func desfireFormat(_ report: DESFireFormatReport, path: String) -> [String] {
        ["Tag: \(path) (NFC Forum Type 4, ISO-DEP)", "Chip: \(report.identification.phrase)"]
            + report.summaryLines(uid: report.uid ?? []) + [TagText.statistics(report.statistics)]
    }

    /// A completed lock: the contract's lines (``/TagWorkflows/Type4LockReport/summaryLines(uid:)``,
    /// the phone's too), then the statistics.
    static func lock(_ report: Type4LockReport, path: String) -> [String] {
        ["Tag: \(path) (NFC Forum Type 4, ISO-DEP)", "Chip: \(report.identification.phrase)"]
            + report.summaryLines(uid: report.uid ?? []) + [TagText.statistics(report.statistics)]
    }

    static func write(_ report: Type4WriteReport, path: String) -> [String] {
        var lines = [
            "Tag: \(path) (NFC Forum Type 4, ISO-DEP)",
            "Chip: \(report.identification.phrase)",
            "\(TagText.wrote(report.messageBytes, nothingWritten: report.writes.isEmpty, place: ("to NDEF file \(hex16(report.file))", "in NDEF file \(hex16(report.file))"))); it holds at most \(report.capacity.bytes) bytes (reported by the tag's CC file).",
        ]
        if report.writes.isEmpty {
            lines.append("The tag already held this message: nothing was written.")
        } else {
            let first = report.writes[0].bytes.count - report.lengthFieldBytes
            let chunks = report.writes.count - 2
            let order =
                report.writes.count == 1
                ? "NLEN 00 00: the message emptied"
                : chunks == 0
                    ? "NLEN 00 00 with the \(first)-byte message, then NLEN committed"
                    : "NLEN 00 00 with the first \(first) bytes, \(chunks) more chunk\(chunks == 1 ? "" : "s") of at most \(report.writes[1].bytes.count) bytes, then NLEN committed"
            let command =
                report.authenticatedKey.map { "WriteData, authenticated with key \($0)," } ?? "UPDATE BINARY"
            lines.append("\(report.writes.count) \(command) (\(order)).")
        }
        lines += TagText.writeCheck(
            report, readBack: { "NLEN and the \($0.readBackBytes)-byte message back after the last write" })
        return lines
    }
}
