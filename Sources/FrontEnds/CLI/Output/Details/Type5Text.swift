import Originality
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type5

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
            lines.append("Block security: locked blocks \(TagText.pageRanges(inspection.lockedBlocks)).")
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
            report, readBack: { "the CC and the \(TagText.readBackBytes($0))-byte message back after the last write" })
        return lines
    }

    static func format(_ report: Type5FormatReport, path: String) -> [String] {
        var lines = header(report.identification, uid: report.uid, path: path)
        let cc = report.after.cc.map { Hex.encode($0.bytes, uppercase: true, separator: " ") } ?? "none"
        switch report.operation {
        case .format:
            lines.append(
                "Formatted: \(report.writes.count) WRITE SINGLE BLOCK (the empty NDEF TLV 03 00 FE first, the CC last); CC now \(cc)."
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

    static func lock(_ report: Type5LockReport, path: String) -> [String] {
        var lines = header(report.identification, uid: report.uid, path: path)
        if report.steps.isEmpty {
            lines.append("The tag was locked already: nothing was sent after reading its CC and block security.")
        } else {
            lines.append(
                "Locked in \(report.steps.count) step\(report.steps.count == 1 ? "" : "s"): \(report.steps.map(\.label).joined(separator: "; "))."
            )
        }
        let locked =
            report.lockedBlocks.map { $0.isEmpty ? "no block locked" : "blocks \(TagText.pageRanges($0)) locked" }
            ?? "block security not readable"
        lines.append(
            (report.verified ? "Verified: " : "NOT verified: ")
                + "read back, the CC says write access \(report.ccWriteAccess.map { "\($0)" } ?? "unknown"); \(locked)."
                + (report.isPermanent
                    ? " No command can make these blocks writable again."
                    : " The chip takes no LOCK BLOCK: only the CC says read-only, and raw block writes can still change the tag.")
        )
        lines.append(TagText.statistics(report.statistics))
        return lines
    }
}
