import NDEF
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2

/// The human-readable lines of the tag commands.
enum TagText {
    static func chip(_ identification: ChipIdentification) -> String {
        let name = identification.model?.displayName ?? "unknown Type 2 tag"
        switch identification.evidence {
        case .version(let bytes): return "\(name) (GET_VERSION \(Hex.encode(bytes, uppercase: true, separator: " ")))"
        case .noVersion: return "assuming \(name) (the tag does not answer GET_VERSION; guessed from its CC)"
        case .declared: return "\(name) (as the virtual tag file declares)"
        }
    }

    static func uid(_ uid: TagUID?) -> String {
        guard let uid else { return "UID: not read" }
        let check = uid.checkBytesValid == false ? ", check bytes WRONG" : ""
        return "UID: \(uid) (\(uid.manufacturer.displayName)\(check))"
    }

    static func capacity(_ capacity: Capacity) -> String {
        capacity.source == .reported
            ? "\(capacity.bytes) bytes (reported by the tag's CC and TLVs)"
            : "assuming \(capacity.bytes) bytes (model default)"
    }

    static func status(_ status: NDEFStatus) -> String {
        switch status {
        case .notSupported: "not NDEF-formatted"
        case .readWrite: "read-write"
        case .readOnly: "read-only"
        }
    }

    static func content(_ content: NDEFContent) -> [String] {
        switch content {
        case .notFormatted: ["NDEF: none (the tag is not NDEF-formatted)"]
        case .empty: ["NDEF: empty message"]
        case .interrupted(let error): ["NDEF: \(error.sentence)"]
        case .message(let message, let bytes):
            MessageDescription.lines(
                message, views: message.records.map(\.view), locations: [], inputLength: bytes.count)
        }
    }

    static func statistics(_ statistics: CommandStatistics) -> String {
        "\(statistics.commands) commands, modeled air time \(statistics.modeledMilliseconds) ms (datasheet timing, not measured)"
    }

    static func inspection(_ inspection: TagInspection, path: String) -> [String] {
        let snapshot = inspection.snapshot
        var lines = ["Tag: \(path)", "Chip: \(chip(inspection.identification))", uid(snapshot.uid)]
        if let cc = snapshot.cc {
            let ccText = Hex.encode(cc.bytes, uppercase: true, separator: " ")
            lines.append(
                cc.isNDEFFormatted
                    ? "CC: \(ccText) (version \(cc.version), data area \(cc.dataAreaBytes) bytes, \(cc.isWritable ? "write access" : "no write access"))"
                    : "CC: \(ccText) (not an NDEF CC)")
        }
        lines.append("NDEF status: \(status(snapshot.status)); capacity \(capacity(snapshot.capacity))")
        for tlv in snapshot.walk?.tlvs ?? [] {
            var line = "TLV \(tlv.kind.name) at offset \(tlv.offset)"
            if tlv.kind != .null && tlv.kind != .terminator { line += ", length \(tlv.length)" }
            if !tlv.value.isEmpty { line += ", value \(Hex.encode(tlv.value, uppercase: true, separator: " "))" }
            lines.append(line)
        }
        if let lock = snapshot.staticLock {
            let pages = lock.lockedPages
            lines.append(
                "Static lock bytes: \(Hex.encode([lock.bytes.0, lock.bytes.1], uppercase: true, separator: " "))"
                    + (pages.isEmpty
                        ? " (no page locked)" : " (locked pages \(pages.map(String.init).joined(separator: ", ")))"))
        }
        if let dynamic = snapshot.dynamicLockPageBytes {
            lines.append("Dynamic lock bytes: \(Hex.encode(dynamic, uppercase: true, separator: " "))")
        }
        lines += content(inspection.content)
        switch inspection.signature {
        case .notSupported:
            lines.append("Originality signature: the chip does not answer READ_SIG")
        case .unverified(let bytes, let reason):
            lines.append("Originality signature: \(Hex.encode(bytes, uppercase: true)) (not verified: \(reason))")
        }
        lines.append("Memory (\(snapshot.memory.count) bytes):")
        for page in 0..<(snapshot.memory.count / 4) {
            let bytes = snapshot.memory[page * 4..<page * 4 + 4]
            lines.append("  \(String(page).leftPadded(to: 3)): \(Hex.encode(bytes, uppercase: true, separator: " "))")
        }
        lines.append(statistics(inspection.statistics))
        return lines
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
