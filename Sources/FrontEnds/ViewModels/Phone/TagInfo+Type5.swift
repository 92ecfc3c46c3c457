import CoreNFCTransport
import NDEF
import Originality
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type5

extension TagInfo {
    /// The Type 5 lines (ISO 15693, over the phone's ISO 15693 channel): the chip and how it was
    /// identified, its geometry, the CC and its access, the capacity the CC reports, the NDEF TLV,
    /// the block security statuses, what would stop iOS reading it, and on an ICODE SLIX2 the
    /// originality signature. A tag without a CC shows as not NDEF-formatted, with block 0 as read.
    static func type5Fields(_ inspection: Type5Inspection, reading: TagReading) -> [Field] {
        let report = inspection.read
        let snapshot = report.snapshot
        var list = [
            Field(label: "UID", value: uidText(reading.uid)),
            Field(label: "Manufacturer", value: type5Manufacturer(reading.uid)),
            Field(label: "Chip", value: report.identification.phrase),
            Field(label: "Tag type", value: "NFC Forum Type 5 (ISO 15693)"),
            Field(label: "Memory", value: report.identification.geometryPhrase),
            Field(label: "NDEF status", value: type5Status(snapshot)),
            Field(label: "Capacity", value: type5Capacity(report)),
            Field(label: "CC", value: type5CapabilityContainer(snapshot)),
        ]
        if let ndef = snapshot.ndef {
            let blocks = snapshot.ndefBlocks.map { "blocks \($0.lowerBound)–\($0.upperBound)" } ?? "blocks unknown"
            list.append(
                Field(
                    label: "NDEF TLV",
                    value:
                        "At data-area offset \(ndef.offset) (block \(ndef.typeAddress / snapshot.blockSize)), \(ndef.lengthFieldBytes)-byte length \(ndef.length); \(blocks)."
                ))
        }
        list += [
            Field(label: "Block security", value: type5BlockSecurity(inspection)),
            Field(label: "iOS compatibility", value: type5Compatibility(inspection.warnings)),
            Field(label: "Signature", value: type5Signature(inspection)),
        ]
        return list
    }

    /// "NXP Semiconductors (UID byte 1 = 0x04)": ISO 15693 UIDs are `E0` and then the maker's code.
    static func type5Manufacturer(_ uid: [UInt8]) -> String {
        guard uid.count == 8, uid[0] == 0xE0 else { return "Unknown (the UID is not an ISO 15693 UID)" }
        let code = Hex.encode([uid[1]], uppercase: true)
        return "\(Type5Manufacturer.name(uid[1]) ?? "Unknown manufacturer") (UID byte 1 = 0x\(code))"
    }

    static func type5Status(_ snapshot: Type5Snapshot) -> String {
        guard let cc = snapshot.cc else {
            let block = Hex.encode(Array(snapshot.memory.prefix(snapshot.blockSize)), uppercase: true, separator: " ")
            return "Not NDEF-formatted: block 0 holds \(block), not a CC (E1 or E2)."
        }
        switch snapshot.readOnlyReason {
        case nil: return "NDEF, read/write (the CC's write access is \(cc.writeAccess))"
        case .writeAccess(let access)?: return "NDEF, read-only (the CC's write access is \(access))"
        case .lockedBlock(let block)?:
            return
                "NDEF, read-only (block \(block) of the NDEF TLV is locked; the CC's write access is \(cc.writeAccess))"
        }
    }

    static func type5Capacity(_ report: Type5ReadReport) -> String {
        guard let cc = report.snapshot.cc else {
            return "None: without a CC the tag reports no NDEF capacity."
        }
        return
            "\(report.capacity.bytes) bytes (reported by the tag's CC: MLEN \(cc.mlen), a \(cc.dataAreaBytes)-byte data area)"
    }

    /// "E1 40 27 00: mapping version 1.0, read access free, write access 00 (free), MLEN 39 (a
    /// 312-byte data area), features: none."
    static func type5CapabilityContainer(_ snapshot: Type5Snapshot) -> String {
        switch snapshot.capabilityContainer {
        case .success(let cc):
            var features: [String] = []
            if cc.features.contains(.multipleBlockRead) { features.append("MBREAD") }
            if cc.features.contains(.lockBlock) { features.append("LOCK BLOCK") }
            if cc.features.contains(.specialFrame) { features.append("special frame") }
            let bytes = Hex.encode(Array(snapshot.memory.prefix(cc.length)), uppercase: true, separator: " ")
            var text =
                "\(bytes): magic \(Hex.encode([cc.magic], uppercase: true)), mapping version \(cc.majorVersion).\(cc.minorVersion), read access \(cc.isReadable ? "free" : "restricted"), write access \(cc.writeAccess), MLEN \(cc.mlen) (a \(cc.dataAreaBytes)-byte data area), features: \(features.isEmpty ? "none" : features.joined(separator: ", "))."
            for problem in cc.problems { text += " Problem: \(problem)." }
            return text
        case .failure(let error):
            return "None. \(error.sentence)"
        }
    }

    static func type5BlockSecurity(_ inspection: Type5Inspection) -> String {
        guard inspection.blockSecurity != nil else {
            return "Not read: the tag or the phone did not answer GET MULTIPLE BLOCK SECURITY STATUS."
        }
        let locked = inspection.lockedBlocks
        guard let first = locked.first, let last = locked.last else { return "No block is locked." }
        if locked.count == last - first + 1 { return "Blocks \(first)–\(last) are locked (permanently)." }
        return "Blocks \(locked.map(String.init).joined(separator: ", ")) are locked (permanently)."
    }

    /// The reasons iOS may not read the tag as TapCard does, from the inspection (MBREAD set, the
    /// NDEF TLV not at block 1, no CC, …), or that there is none known.
    static func type5Compatibility(_ warnings: [Type5CompatibilityWarning]) -> String {
        guard !warnings.isEmpty else { return "No known reason iOS would not read this tag's NDEF message." }
        return warnings.map(\.description).joined(separator: " ")
    }

    /// The ICODE SLIX2 verdict and its statement, or why there is none.
    static func type5Signature(_ inspection: Type5Inspection) -> String {
        guard let check = inspection.signatureCheck else {
            return "Not read: READ SIGNATURE is an NXP ICODE command, and this UID names another manufacturer."
        }
        let verdict =
            switch check.verdict {
            case .valid(let keyName): "Valid (NXP's \(keyName) key)."
            case .invalid: "Invalid."
            case .unavailable: "Not checked."
            }
        return "\(verdict) \(check.statement)"
    }

    /// The verdict a Type 5 read gives: the ICODE SLIX2 check, or none for another maker's chip.
    static func type5SignatureCheck(_ inspection: Type5Inspection) -> Originality.SignatureCheck {
        if let check = inspection.signatureCheck { return check }
        let reason = "READ SIGNATURE is an NXP ICODE command, and this UID names another manufacturer"
        return Originality.SignatureCheck(
            verdict: .unavailable(reason: reason), uid: inspection.read.uid, signature: nil,
            statement: "No originality check: \(reason).")
    }

    static func type5Summary(_ report: Type5ReadReport) -> String {
        switch report.content {
        case .empty: return "Empty: the NDEF TLV has length 0, so the tag holds no message."
        case .message(let message, let bytes):
            let offset = report.snapshot.ndef.map { " (NDEF TLV at data-area offset \($0.offset))" } ?? ""
            let count = message.records.count == 1 ? "1 record" : "\(message.records.count) records"
            return "\(count), \(bytes.count) bytes\(offset)."
        case .interrupted(let error): return "The message could not be read: \(error.sentence)"
        case .notFormatted, .passwordProtected:
            return
                "Nothing to read: the tag has no CC, so it is not NDEF-formatted; it must be formatted (with TapCard on a computer) before iOS or TapCard can write a message."
        }
    }
}
