import CoreNFCTransport
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type3

extension TagInfo {
    /// The Type 3 lines (FeliCa, over the phone's FeliCa channel): IDm and PMm, the chip and how
    /// the PMm named it, the system codes it answered, the attribute information block and the
    /// capacity it reports, and on a FeliCa Lite-S the memory configuration block. A card that does
    /// not answer polling for 12FC, or whose block 0 is no attribute block, shows as not
    /// NDEF-formatted, with the reason.
    static func type3Fields(_ inspection: Type3Inspection) -> [Field] {
        let report = inspection.read
        let idm = report.idm
        var list = [
            Field(label: "UID", value: idm.isEmpty ? "Not available" : "\(uidText(idm)) (the card's IDm)"),
            Field(label: "Manufacturer", value: type3Manufacturer(report.identification)),
            Field(label: "Chip", value: report.identification.phrase),
            Field(label: "Tag type", value: "NFC Forum Type 3 (FeliCa)"),
            Field(label: "NDEF status", value: type3Status(inspection)),
            Field(label: "Capacity", value: type3Capacity(report)),
            Field(label: "Attribute block", value: type3AttributeText(inspection)),
            Field(label: "PMm", value: Hex.encode(report.pmm, uppercase: true, separator: " ")),
            Field(
                label: "System code",
                value: inspection.systemCodes.isEmpty
                    ? "None answered polling."
                    : inspection.systemCodes.map(systemCodeText).joined(separator: ", ")),
        ]
        if let mc = inspection.memoryConfiguration {
            list.append(
                Field(
                    label: "MC (88h)",
                    value: ([Hex.encode(mc.bytes, uppercase: true, separator: " ")] + mc.description).joined(
                        separator: "; ")))
        }
        list.append(Field(label: "Signature", value: "Not checked: \(feliCaSignatureReason)."))
        return list
    }

    static let feliCaSignatureReason = "TapCard checks no originality signature on FeliCa cards"

    /// "12FC (NDEF)", "88B4 (FeliCa Lite-S)".
    static func systemCodeText(_ code: UInt16) -> String {
        let text = Hex.encode([UInt8(code >> 8), UInt8(code & 0xFF)], uppercase: true)
        switch code {
        case Type3Facts.ndefSystemCode: return "\(text) (NDEF)"
        case 0x88B4: return "\(text) (FeliCa Lite-S)"
        default: return text
        }
    }

    static func type3Manufacturer(_ identification: Type3Identification) -> String {
        let ic = Hex.encode([identification.icCode], uppercase: true)
        if identification.product != nil { return "Sony (FeliCa; the PMm's IC code \(ic) names the chip)" }
        return "Not identified: FeliCa is Sony's technology, and the PMm's IC code \(ic) names no chip TapCard knows."
    }

    static func type3Status(_ inspection: Type3Inspection) -> String {
        guard let snapshot = inspection.read.snapshot else {
            return "Not NDEF-formatted: \(inspection.read.area.notFormattedReason ?? "no attribute block")."
        }
        let reasons = inspection.readOnlyReasons
        guard reasons.isEmpty else {
            return "NDEF, read-only (\(reasons.map(\.sentence).joined(separator: "; ")))"
        }
        let flag = Hex.encode([snapshot.attribute.accessFlag], uppercase: true)
        return "NDEF, read/write (the attribute block's RW flag is \(flag))"
    }

    static func type3Capacity(_ report: Type3ReadReport) -> String {
        guard let snapshot = report.snapshot else {
            return report.capacity.bytes == 0
                ? "None: the card is not NDEF-formatted and TapCard has no facts for this chip."
                : "None reported: the card is not NDEF-formatted (assuming \(report.capacity.bytes) bytes once formatted, the \(report.identification.model?.displayName ?? "chip")'s data blocks × 16)."
        }
        return
            "\(report.capacity.bytes) bytes (reported by the card's attribute block: Nmaxb \(snapshot.attribute.maximumBlocks) × 16)"
    }

    /// Block 0 as read, and what it says when it is an attribute block.
    static func type3AttributeText(_ inspection: Type3Inspection) -> String {
        let bytes = Hex.encode(inspection.attributeBytes, uppercase: true, separator: " ")
        guard let block = inspection.read.snapshot?.attribute else {
            if case .unusableAttribute(let error, _) = inspection.read.area {
                return "Block 0: \(bytes). Not an attribute block: \(error.sentence)"
            }
            return "Block 0: \(bytes)."
        }
        var text =
            "Block 0: \(bytes). Ver \(block.version >> 4).\(block.version & 0x0F), Nbr \(block.blocksPerCheck), Nbw \(block.blocksPerUpdate), Nmaxb \(block.maximumBlocks) (\(block.capacity) bytes), \(block.isWriteInProgress ? "WriteF 0F (write in progress)" : "WriteF 00"), RW flag \(Hex.encode([block.accessFlag], uppercase: true)) (\(block.isReadOnly ? "read-only" : "read/write")), Ln \(block.length)."
        for problem in block.problems { text += " Problem: \(problem.sentence)" }
        return text
    }

    static func type3Summary(_ report: Type3ReadReport) -> String {
        switch report.content {
        case .empty: return "Empty: Ln is 0, so the card holds no message."
        case .message(let message, let bytes):
            let count = message.records.count == 1 ? "1 record" : "\(message.records.count) records"
            return "\(count), \(bytes.count) bytes (Ln \(report.snapshot?.attribute.length ?? bytes.count))."
        case .interrupted(let error): return "The message could not be read: \(error.sentence)"
        case .notFormatted, .passwordProtected:
            return
                "Nothing to read: the card is not NDEF-formatted (\(report.area.notFormattedReason ?? "no attribute block")); it must be formatted (with TapCard on a computer) before a message can be written."
        }
    }
}
