import Originality
import TagCatalog
import TapCardSupport
import Type3

extension Type3Inspection {
    /// The Type 3 lines of a card's information (FeliCa): IDm and PMm, the chip and how the PMm
    /// named it, the system codes it answered, the attribute information block and the capacity
    /// it reports, and on a FeliCa Lite-S the memory configuration block. A card that does not
    /// answer polling for 12FC, or whose block 0 is no attribute block, shows as not
    /// NDEF-formatted, with the reason. The UID line is the IDm the card answered.
    public var fields: [TagField] {
        let idm = read.idm
        var list = [
            TagField(
                label: "UID", value: idm.isEmpty ? "Not available" : "\(TagField.uidText(idm)) (the card's IDm)"),
            TagField(label: "Manufacturer", value: Self.manufacturer(read.identification)),
            TagField(label: "Chip", value: read.identification.phrase),
            TagField(label: "Tag type", value: "NFC Forum Type 3 (FeliCa)"),
            TagField(label: "NDEF status", value: statusText),
            TagField(label: "Capacity", value: Self.capacity(read)),
            TagField(label: "Attribute block", value: attributeText),
            TagField(label: "PMm", value: Hex.encode(read.pmm, uppercase: true, separator: " ")),
            TagField(
                label: "System code",
                value: systemCodes.isEmpty
                    ? "None answered polling." : systemCodes.map(Self.systemCodeText).joined(separator: ", ")),
        ]
        if let mc = memoryConfiguration {
            list.append(
                TagField(
                    label: "MC (88h)",
                    value: ([Hex.encode(mc.bytes, uppercase: true, separator: " ")] + mc.description).joined(
                        separator: "; ")))
        }
        list.append(TagField(label: "Signature", value: "Not checked: \(Self.noSignatureReason)."))
        return list
    }

    /// One line about the message as a whole, with Ln.
    public var contentSummary: String {
        switch read.content {
        case .empty: return "Empty: Ln is 0, so the card holds no message."
        case .message(let message, let bytes):
            let count = message.records.count == 1 ? "1 record" : "\(message.records.count) records"
            return "\(count), \(bytes.count) bytes (Ln \(read.snapshot?.attribute.length ?? bytes.count))."
        case .interrupted(let error): return "The message could not be read: \(error.sentence)"
        case .noNDEFMessageTLV(let statement): return statement
        case .malformed(let error): return "The message could not be read: \(error.sentence)"
        case .notFormatted, .passwordProtected:
            return
                "Nothing to read: the card is not NDEF-formatted (\(read.area.notFormattedReason ?? "no attribute block")); it must be formatted (with TapCard on a computer) before a message can be written."
        }
    }

    /// The originality verdict: none, for FeliCa, with this UID (the IDm, or the carrier's).
    public func originality(uid: [UInt8]) -> SignatureCheck {
        SignatureCheck(
            verdict: .unavailable(reason: Self.noSignatureReason), uid: uid, signature: nil,
            statement: "No originality check: \(Self.noSignatureReason).")
    }

    static let noSignatureReason = "TapCard checks no originality signature on FeliCa cards"

    /// "12FC (NDEF)", "88B4 (FeliCa Lite-S)".
    static func systemCodeText(_ code: UInt16) -> String {
        let text = Hex.encode([UInt8(code >> 8), UInt8(code & 0xFF)], uppercase: true)
        switch code {
        case Type3Facts.ndefSystemCode: return "\(text) (NDEF)"
        case 0x88B4: return "\(text) (FeliCa Lite-S)"
        default: return text
        }
    }

    static func manufacturer(_ identification: Type3Identification) -> String {
        let ic = Hex.encode([identification.icCode], uppercase: true)
        if identification.product != nil { return "Sony (FeliCa; the PMm's IC code \(ic) names the chip)" }
        return "Not identified: FeliCa is Sony's technology, and the PMm's IC code \(ic) names no chip TapCard knows."
    }

    var statusText: String {
        guard let snapshot = read.snapshot else {
            return "Not NDEF-formatted: \(read.area.notFormattedReason ?? "no attribute block")."
        }
        let reasons = readOnlyReasons
        guard reasons.isEmpty else {
            return "NDEF, read-only (\(reasons.map(\.sentence).joined(separator: "; ")))"
        }
        let flag = Hex.encode([snapshot.attribute.accessFlag], uppercase: true)
        return "NDEF, read/write (the attribute block's RW flag is \(flag))"
    }

    static func capacity(_ report: Type3ReadReport) -> String {
        guard let snapshot = report.snapshot else {
            return report.capacity.bytes == 0
                ? "None: the card is not NDEF-formatted and TapCard has no facts for this chip."
                : "None reported: the card is not NDEF-formatted (assuming \(report.capacity.bytes) bytes once formatted, the \(report.identification.model?.displayName ?? "chip")'s data blocks × 16)."
        }
        return
            "\(report.capacity.bytes) bytes (reported by the card's attribute block: Nmaxb \(snapshot.attribute.maximumBlocks) × 16)"
    }

    /// Block 0 as read, and what it says when it is an attribute block.
    var attributeText: String {
        let bytes = Hex.encode(attributeBytes, uppercase: true, separator: " ")
        guard let block = read.snapshot?.attribute else {
            if case .unusableAttribute(let error, _) = read.area {
                return "Block 0: \(bytes). Not an attribute block: \(error.sentence)"
            }
            return "Block 0: \(bytes)."
        }
        var text =
            "Block 0: \(bytes). Ver \(block.version >> 4).\(block.version & 0x0F), Nbr \(block.blocksPerCheck), Nbw \(block.blocksPerUpdate), Nmaxb \(block.maximumBlocks) (\(block.capacity) bytes), \(block.isWriteInProgress ? "WriteF 0F (write in progress)" : "WriteF 00"), RW flag \(Hex.encode([block.accessFlag], uppercase: true)) (\(block.isReadOnly ? "read-only" : "read/write")), Ln \(block.length)."
        for problem in block.problems { text += " Problem: \(problem.sentence)" }
        return text
    }
}
