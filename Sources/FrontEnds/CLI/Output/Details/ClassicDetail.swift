import MIFAREClassic
import TagCatalog
import TagWorkflows
import TapCardSupport

// MIFARE Classic as the CLI shows it: its detail as JSON (`ClassicJSON`) and as text
// (`ClassicText`), the one file a tag type has in the CLI besides its `sim` summary.

/// The JSON v1 shapes of the tag commands on a MIFARE Classic card: the envelope every tag
/// command shares (``TagJSON/envelope(_:path:uid:chip:)``, `forum_type` 0: no NFC Forum type) and
/// the Classic detail: the MAD (`mad`: version and NDEF sectors, or why there is none), the NDEF
/// sectors that refuse writes among the trailers the command read (`read_only_sectors`: the
/// first NDEF sector's; `info` lists every sector's access bits under `sectors`), and for `info` every sector with the public key A that opened it.
enum ClassicJSON {
    /// The shared UID shape: a 7-byte UID names its manufacturer (its first byte); a 4-byte one
    /// is a NUID or a random ID and names nobody.
    static func uid(_ uid: [UInt8]) -> JSON {
        guard uid.count != 7 else { return TagJSON.uid(bytes: uid) }
        return .object([
            ("hex", .string(Hex.encode(uid))), ("check_bytes_valid", .null), ("manufacturer", .null),
            ("manufacturer_code", .null),
        ])
    }

    static func chip(_ model: TagModel?) -> JSON {
        TagJSON.chip(model: model, identifiedBy: "block count (MIFARE Classic)")
    }

    static func mad(_ snapshot: ClassicSnapshot) -> JSON {
        switch snapshot.mad {
        case .success(let mad):
            .object([
                ("version", .int(mad.version)),
                ("general_purpose_byte", .string(Hex.encode([mad.generalPurposeByte]))),
                ("ndef_sectors", .array(mad.sectors(holding: .ndef, layout: snapshot.layout).map(JSON.int))),
            ])
        case .failure(let error):
            .object([("problem", .string(error.sentence))])
        }
    }

    static func trailer(_ trailer: SectorTrailer?) -> JSON {
        guard let trailer else { return .null }
        return .object([
            ("access_bits", .string(Hex.encode(trailer.accessBits.bytes))),
            ("data_condition", .string(trailer.accessBits.groups[0].description)),
            ("trailer_condition", .string(trailer.accessBits.trailer.description)),
            ("general_purpose_byte", .string(Hex.encode([trailer.generalPurposeByte]))),
        ])
    }

    static func envelope(_ report: ClassicReadReport, path: String) -> [(String, JSON)] {
        TagJSON.envelope(TagReport(report), path: path, uid: uid(report.uid), chip: chip(report.model))
            + [
                ("mad", mad(report.snapshot)),
                ("read_only_sectors", .array(report.snapshot.readOnlySectors.map(JSON.int))),
            ]
    }

    static func read(_ report: ClassicReadReport, path: String) -> JSON {
        JSONContract.document(envelope(report, path: path) + [("statistics", TagJSON.statistics(report.statistics))])
    }

    static func inspection(_ inspection: ClassicInspection, path: String) -> JSON {
        JSONContract.document(
            envelope(inspection.read, path: path) + [
                ("keys_tried", .array(inspection.keysTried.map { .string($0.description) })),
                (
                    "sectors",
                    .array(
                        inspection.sectors.map { sector in
                            .object([
                                ("sector", .int(sector.number)),
                                ("key_a", sector.key.map { .string($0.description) } ?? .null),
                                ("application", sector.application.map { .string($0.description) } ?? .null),
                                ("trailer", trailer(sector.trailer)),
                            ])
                        })
                ),
                ("statistics", TagJSON.statistics(inspection.read.statistics)),
            ])
    }

    static func write(_ report: ClassicWriteReport, path: String) -> JSON {
        TagJSON.writeDocument(
            report, path: path, uid: uid(report.uid), chip: chip(report.model),
            detail: [
                ("length_block", .int(report.lengthBlock)),
                (
                    "writes",
                    .array(
                        report.writes.map {
                            .object([
                                ("block", .int($0.block)), ("role", TagJSON.enumValue($0.role.rawValue)),
                                ("bytes", .string(Hex.encode($0.bytes))),
                            ])
                        })
                ),
            ])
    }

    static func format(_ report: ClassicFormatReport, path: String) -> JSON {
        let after = TagReport(
            ClassicReadReport(
                uid: report.uid, model: report.model, snapshot: report.after, statistics: report.statistics))
        return JSONContract.document([
            ("tag", .string(path)),
            ("forum_type", .int(0)),
            ("technology", .string("nfc-a")),
            ("uid", uid(report.uid)),
            ("chip", chip(report.model)),
            (
                "writes",
                .array(
                    report.writes.map {
                        .object([("block", .int($0.block)), ("purpose", TagJSON.enumValue($0.purpose.rawValue))])
                    })
            ),
            ("mad", mad(report.after)),
            ("ndef_status", .string(after.status.rawValue)),
            ("capacity", after.capacity.map(TagJSON.capacity) ?? .null),
            ("verified", .bool(report.verified)),
            ("statistics", TagJSON.statistics(report.statistics)),
        ])
    }
}

extension ClassicJSON {
    static func lock(_ report: ClassicLockReport, path: String) -> JSON {
        JSONContract.document([
            ("tag", .string(path)),
            ("forum_type", .int(0)),
            ("technology", .string("nfc-a")),
            ("uid", uid(report.uid)),
            ("chip", chip(report.model)),
            ("locked_sectors", .array(report.lockedSectors.map(JSON.int))),
            ("already_locked", .array(report.alreadyLocked.map(JSON.int))),
            ("read_only_sectors", .array(report.after.readOnlySectors.map(JSON.int))),
            ("ndef_status", .string(report.verified ? "read-only" : "read-write")),
            ("verified", .bool(report.verified)),
            ("statistics", TagJSON.statistics(report.statistics)),
        ])
    }
}

/// The human-readable lines of the tag commands on a MIFARE Classic card.
enum ClassicText {
    static func title(_ path: String) -> String { "Tag: \(path) (MIFARE Classic, NDEF per NXP AN1304)" }

    static func read(_ report: ClassicReadReport, path: String) -> [String] {
        var lines = [
            title(path),
            "Chip: \(report.model?.displayName ?? "MIFARE Classic") (by its block count)",
            TagText.statusLine(TagReport(report), source: "the NDEF sectors the card's MAD names"),
        ]
        if case .failure(let error) = report.snapshot.mad { lines.append("Not formatted: \(error.sentence)") }
        return lines + TagText.content(report.content) + [statistics(report.statistics)]
    }

    static func statistics(_ statistics: CommandStatistics) -> String {
        "\(statistics.commands) command\(statistics.commands == 1 ? "" : "s") (air time not modelled for MIFARE Classic)"
    }

    static func inspection(_ inspection: ClassicInspection, path: String) -> [String] {
        var lines = Array(read(inspection.read, path: path).dropLast())
        // The read's lines name the chip and the NDEF status already.
        lines += inspection.fields(uid: inspection.read.uid).filter { !["Chip", "NDEF status"].contains($0.label) }
            .map { "\($0.label): \($0.value)" }
        lines.append(statistics(inspection.read.statistics))
        return lines
    }

    static func write(_ report: ClassicWriteReport, path: String) -> [String] {
        [title(path)] + report.summaryLines
    }

    static func format(_ report: ClassicFormatReport, path: String) -> [String] {
        let sectors = report.after.area?.sectors.count ?? 0
        return [
            title(path),
            report.writes.isEmpty
                ? "Nothing needed writing: the card already is an empty NDEF card as TapCard formats it (\(sectors) NDEF sectors, the MAD, sector 0's trailer)."
                : "Formatted with \(report.writes.count) block write\(report.writes.count == 1 ? "" : "s"): \(sectors) NDEF sectors (key A D3F7D3F7D3F7, access bits 7F 07 88), the MAD (key A A0A1A2A3A4A5, access bits 78 77 88), sector 0's trailer last.",
            (report.verified ? "Verified: " : "NOT verified: ")
                + "read back, the MAD names \(sectors) NDEF sectors and the card holds \(report.after.content == .empty ? "an empty message" : "something else").",
            statistics(report.statistics),
        ]
    }
}
