import NDEF
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type4

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

    static func capabilityContainer(_ snapshot: Type4Snapshot) -> [(String, JSON)] {
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
