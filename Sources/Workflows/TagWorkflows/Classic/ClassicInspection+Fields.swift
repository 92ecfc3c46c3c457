import MIFAREClassic
import TapCardSupport

extension ClassicInspection {
    /// The MIFARE Classic lines of a card's information: the chip, its geometry, the MAD and its
    /// NDEF sectors, the capacity, the NDEF TLV, and sector by sector the key A that opened it
    /// with the access conditions. `uid` is the card's (or its carrier's) UID.
    public func fields(uid: [UInt8]) -> [TagField] {
        let snapshot = read.snapshot
        var list = [
            TagField(label: "UID", value: TagField.uidText(uid)),
            TagField(label: "Manufacturer", value: Self.manufacturer(uid)),
            TagField(label: "Chip", value: read.model?.displayName ?? "MIFARE Classic"),
            TagField(label: "Tag type", value: "MIFARE Classic (NDEF per NXP AN1304; no NFC Forum type)"),
            TagField(
                label: "Memory",
                value: "\(snapshot.layout.sectorCount) sectors, \(snapshot.layout.blockCount) blocks of 16 bytes"),
            TagField(label: "NDEF status", value: Self.statusText(read)),
            TagField(label: "MAD", value: Self.madText(snapshot)),
            TagField(label: "Capacity", value: Self.capacityText(read)),
        ]
        if let ndef = snapshot.area?.walk.ndef, let block = snapshot.area?.location(ofAreaOffset: ndef.typeAddress) {
            list.append(
                TagField(
                    label: "NDEF TLV",
                    value:
                        "At NDEF-area offset \(ndef.typeAddress) (block \(block.block)), \(ndef.lengthFieldBytes)-byte length \(ndef.length)."
                ))
        }
        list.append(
            TagField(
                label: "Keys tried", value: keysTried.map(\.description).joined(separator: ", ") + " (as key A)"))
        for sector in sectors {
            list.append(TagField(label: "Sector \(sector.number)", value: Self.sectorText(sector)))
        }
        list.append(
            TagField(
                label: "Signature",
                value: "Not checked: TapCard reads no originality signature from a MIFARE Classic card."))
        return list
    }

    /// A 7-byte UID starts with the manufacturer code (ISO/IEC 7816-6, `04` NXP); a 4-byte UID is
    /// a NUID or a random ID and names nobody.
    static func manufacturer(_ uid: [UInt8]) -> String {
        guard uid.count == 7 else { return "Not named: a \(uid.count)-byte UID carries no manufacturer code." }
        return uid[0] == 0x04 ? "NXP Semiconductors (04)" : "Manufacturer code \(Hex.encode([uid[0]], uppercase: true))"
    }

    static func statusText(_ read: ClassicReadReport) -> String {
        guard read.snapshot.isFormatted else { return "Not formatted: no MAD with an NDEF sector." }
        if read.snapshot.isReadOnly {
            return
                "Read-only (\(read.snapshot.readOnlySectors.count == 1 ? "sector" : "sectors") \(read.snapshot.readOnlySectors.map(String.init).joined(separator: ", ")) \(read.snapshot.readOnlySectors.count == 1 ? "refuses" : "refuse") writes)."
        }
        return "Read/write (the NDEF sectors read let key A write their data)."
    }

    static func madText(_ snapshot: ClassicSnapshot) -> String {
        switch snapshot.mad {
        case .success(let mad):
            let sectors = mad.sectors(holding: .ndef, layout: snapshot.layout)
            return
                "Version \(mad.version); NDEF (AID 03e1) in \(sectors.count == 1 ? "sector" : "sectors") \(sectors.map(String.init).joined(separator: ", "))."
        case .failure(let error):
            return "None TapCard can read (\(error.sentence))"
        }
    }

    static func capacityText(_ read: ClassicReadReport) -> String {
        guard read.snapshot.isFormatted else { return "Not formatted." }
        let area = read.snapshot.area?.capacity ?? 0
        return "\(read.capacity.bytes) bytes of message (reported: \(area) bytes in the NDEF sectors' data blocks)."
    }

    static func sectorText(_ sector: Sector) -> String {
        guard let key = sector.key else { return "no key tried opens it (a private key A)." }
        var text = "key A \(key)"
        if let application = sector.application { text += ", MAD AID \(application)" }
        if let trailer = sector.trailer {
            let bits = Hex.encode(trailer.accessBits.bytes)
            text +=
                ", access bits \(bits) (data \(trailer.accessBits.groups[0]), trailer \(trailer.accessBits.trailer)), GPB \(Hex.encode([trailer.generalPurposeByte]))"
        }
        return text + "."
    }

    /// One line about the message as a whole, with where the NDEF TLV sits.
    public var contentSummary: String {
        switch read.content {
        case .empty: return "Empty: the NDEF TLV has length 0, so the card holds no message."
        case .message(let message, let bytes):
            let count = message.records.count == 1 ? "1 record" : "\(message.records.count) records"
            return "\(count), \(bytes.count) bytes."
        case .interrupted(let error): return "The message could not be read: \(error.sentence)"
        case .noNDEFMessageTLV(let statement): return statement
        case .malformed(let error): return "The message could not be read: \(error.sentence)"
        case .notFormatted, .passwordProtected:
            return "Nothing to read: the card has no MAD with an NDEF sector; 'format' makes one (a blank card only)."
        }
    }
}
