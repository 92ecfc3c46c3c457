import Originality
import TapCardSupport
import Type5

extension Type5Inspection {
    /// The Type 5 lines of a tag's information: the chip and how it was identified, its geometry,
    /// the CC and its access, the capacity the CC reports, the NDEF TLV, the block security
    /// statuses, what would stop iOS reading it, and on an ICODE SLIX2 the originality signature.
    /// `uid` is the tag's (or its carrier's) UID.
    public func fields(uid: [UInt8]) -> [TagField] {
        let snapshot = read.snapshot
        var list = [
            TagField(label: "UID", value: TagField.uidText(uid)),
            TagField(label: "Manufacturer", value: Self.manufacturer(uid)),
            TagField(label: "Chip", value: read.identification.phrase),
            TagField(label: "Tag type", value: "NFC Forum Type 5 (ISO 15693)"),
            TagField(label: "Memory", value: read.identification.geometryPhrase),
            TagField(label: "NDEF status", value: Self.status(snapshot)),
            TagField(label: "Capacity", value: Self.capacity(read)),
            TagField(label: "CC", value: Self.capabilityContainer(snapshot)),
        ]
        if let ndef = snapshot.ndef {
            let blocks = snapshot.ndefBlocks.map { RangeWords.phrase($0, unit: "block") } ?? "blocks unknown"
            list.append(
                TagField(
                    label: "NDEF TLV",
                    value:
                        "At data-area offset \(ndef.offset) (block \(ndef.typeAddress / snapshot.blockSize)), \(ndef.lengthFieldBytes)-byte length \(ndef.length); \(blocks)."
                ))
        }
        list += [
            TagField(label: "Block security", value: blockSecurityText),
            TagField(label: "iOS compatibility", value: Self.compatibility(warnings)),
            TagField(label: "Signature", value: signatureText),
        ]
        return list
    }

    /// One line about the message as a whole, with where the NDEF TLV sits.
    public var contentSummary: String {
        switch read.content {
        case .empty: return "Empty: the NDEF TLV has length 0, so the tag holds no message."
        case .message(let message, let bytes):
            let offset = read.snapshot.ndef.map { " (NDEF TLV at data-area offset \($0.offset))" } ?? ""
            let count = message.records.count == 1 ? "1 record" : "\(message.records.count) records"
            return "\(count), \(bytes.count) bytes\(offset)."
        case .interrupted(let error): return "The message could not be read: \(error.sentence)"
        case .noNDEFMessageTLV(let statement): return statement
        case .malformed(let error): return "The message could not be read: \(error.sentence)"
        case .notFormatted, .passwordProtected:
            return
                "Nothing to read: the tag has no CC, so it is not NDEF-formatted; it must be formatted (with TapCard on a computer) before iOS or TapCard can write a message."
        }
    }

    /// The originality verdict: the ICODE SLIX2 check, or none for another maker's chip.
    public var originality: SignatureCheck {
        if let signatureCheck { return signatureCheck }
        return SignatureCheck(
            verdict: .unavailable(reason: Self.noSignatureReason), uid: read.uid, signature: nil,
            statement: "No originality check: \(Self.noSignatureReason).")
    }

    static let noSignatureReason = "READ SIGNATURE is an NXP ICODE command, and this UID names another manufacturer"

    /// "NXP Semiconductors (UID byte 1 = 0x04)": ISO 15693 UIDs are `E0` and then the maker's code.
    static func manufacturer(_ uid: [UInt8]) -> String {
        guard uid.count == 8, uid[0] == 0xE0 else { return "Unknown (the UID is not an ISO 15693 UID)" }
        let code = Hex.encode([uid[1]], uppercase: true)
        return "\(Type5Manufacturer.name(uid[1]) ?? "Unknown manufacturer") (UID byte 1 = 0x\(code))"
    }

    static func status(_ snapshot: Type5Snapshot) -> String {
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

    static func capacity(_ report: Type5ReadReport) -> String {
        guard let cc = report.snapshot.cc else {
            return "None: without a CC the tag reports no NDEF capacity."
        }
        return
            "\(report.capacity.bytes) bytes (reported by the tag's CC: MLEN \(cc.mlen), a \(cc.dataAreaBytes)-byte data area)"
    }

    /// "E1 40 27 00: magic E1, mapping version 1.0, read access free, write access 00 (free), MLEN
    /// 39 (a 312-byte data area), features: none."
    static func capabilityContainer(_ snapshot: Type5Snapshot) -> String {
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

    var blockSecurityText: String {
        guard blockSecurity != nil else {
            return "Not read: the tag or the phone did not answer GET MULTIPLE BLOCK SECURITY STATUS."
        }
        let locked = lockedBlocks
        guard let first = locked.first, let last = locked.last else { return "No block is locked." }
        if locked.count == last - first + 1 { return "Blocks \(first)–\(last) are locked (permanently)." }
        return "Blocks \(locked.map(String.init).joined(separator: ", ")) are locked (permanently)."
    }

    /// The reasons iOS may not read the tag as TapCard does, from the inspection (MBREAD set, the
    /// NDEF TLV not at block 1, no CC, …), or that there is none known.
    static func compatibility(_ warnings: [Type5CompatibilityWarning]) -> String {
        guard !warnings.isEmpty else { return "No known reason iOS would not read this tag's NDEF message." }
        return warnings.map(\.description).joined(separator: " ")
    }

    /// The ICODE SLIX2 verdict and its statement, or why there is none.
    var signatureText: String {
        guard let check = signatureCheck else {
            return "Not read: \(Self.noSignatureReason)."
        }
        return "\(check.verdictPhrase) \(check.statement)"
    }
}
