import CoreNFCTransport
import Originality
import TagCatalog
import TagWorkflows
import TapCardSupport
import Type2

/// Everything the Tag Info screen shows about one read, as label/value fields plus the records.
public struct TagInfo: Sendable, Equatable {
    public struct Field: Sendable, Equatable, Identifiable {
        public let label: String
        public let value: String
        public var id: String { label }
    }

    public let reading: TagReading
    /// The chip, when GET_VERSION (or the Type 4, 5 or 3 driver) identified it.
    public let model: TagModel?
    /// The capacity the tag reported (through iOS, or to TapCard's driver), with that source.
    public let capacity: Capacity
    public let fields: [Field]
    public let records: [RecordRow]
    /// One line about the message as a whole.
    public let contentSummary: String
    /// Who the driver found the tag to be (``init(_:technology:carrierUID:)``); `nil` when iOS
    /// read the tag.
    public let facts: TagFacts?
    /// The per-type part of the driver's report (``init(_:technology:carrierUID:)``); `nil` when
    /// iOS read the tag.
    public let detail: TagDetail?

    public init(_ reading: TagReading) {
        self.reading = reading
        facts = nil
        detail = nil
        let identification = reading.version.map(ChipIdentification.fromVersion)
        model = identification?.model
        capacity = .reported(reading.reportedCapacity, model: model)
        records =
            if case .records(let list) = reading.content {
                list.enumerated().map { RecordRow(index: $0.offset, fields: $0.element) }
            } else { [] }
        contentSummary = Self.summary(reading.content)
        fields =
            [
                Field(label: "UID", value: Self.uidText(reading.uid)),
                Field(label: "Manufacturer", value: Self.manufacturer(reading)),
                Field(label: "Chip", value: Self.chip(reading.version, model: model)),
                Field(label: "Tag type", value: Self.tagType(reading.technology)),
                Field(label: "NDEF status", value: Self.status(reading.access)),
                Field(label: "Capacity", value: Self.capacityText(reading, model: model)),
                Field(label: "Signature", value: Self.signature(reading)),
            ] + (Self.protectionText(reading.protection).map { [Field(label: "Password", value: $0)] } ?? [])
    }

    public func field(_ label: String) -> String? { fields.first { $0.label == label }?.value }

    static func uidText(_ uid: [UInt8]) -> String { TagField.uidText(uid) }

    /// ISO 14443-A UIDs start with the manufacturer code; ISO 15693 UIDs with `E0` and then it.
    static func manufacturer(_ reading: TagReading) -> String {
        if case .iso15693(let code) = reading.technology {
            let byte = UInt8(truncatingIfNeeded: code)
            return Manufacturer(code: byte).displayName + " (UID byte 1 = 0x\(Hex.encode([byte], uppercase: true)))"
        }
        return TagField.iso14443Manufacturer(uid: reading.uid)
    }

    static func chip(_ version: [UInt8]?, model: TagModel?) -> String {
        guard let version else {
            return
                "Not identified: the tag did not answer GET_VERSION, as a MIFARE Ultralight, an NTAG203 and an Ultralight C do not. An Ultralight C may guard its pages with a 16-byte key: Write, Lock and Protect take it with the key switch on."
        }
        let bytes = Hex.encode(version, uppercase: true, separator: " ")
        guard let model else { return "Unknown chip (GET_VERSION \(bytes))" }
        return "\(model.displayName) (GET_VERSION \(bytes))"
    }

    static func tagType(_ technology: TagTechnology) -> String {
        switch technology {
        case .miFare(let family) where family == "Ultralight": "NFC Forum Type 2 (\(technology.displayName))"
        default: technology.displayName
        }
    }

    static func status(_ access: NDEFAccess) -> String {
        switch access {
        case .readWrite: "NDEF, read/write"
        case .readOnly: "NDEF, read-only (locked)"
        case .notFormatted: "Not NDEF formatted"
        }
    }

    static func capacityText(_ reading: TagReading, model: TagModel?) -> String {
        guard reading.access != .notFormatted else { return "None: the tag is not NDEF formatted." }
        var text = "\(reading.reportedCapacity) bytes for an NDEF message, as this tag reports it."
        if let model, model.type2Layout != nil {
            text +=
                " (The datasheet figure for \(model.withArticle) as formatted at the factory is \(model.assumedCapacity.bytes).)"
        }
        return text
    }

    /// The originality check's own statement (what a valid signature proves and what it does not).
    static func signature(_ reading: TagReading) -> String {
        guard reading.signature != nil else {
            return reading.version == nil
                ? "Not read: the chip did not identify itself, so READ_SIG was not tried."
                : "Not available: the chip did not answer READ_SIG."
        }
        return Originality.SignatureCheck.check(uid: reading.uid, signature: reading.signature).statement
    }

    /// The originality verdict, for screens and for pairing a focus tag: the one the driver's
    /// inspection chose for its type (``/TagWorkflows/TagDetail/originality(uid:)``), else NXP's
    /// Type 2 keys over what was read.
    public var signatureCheck: Originality.SignatureCheck {
        detail?.originality(uid: reading.uid)
            ?? Originality.SignatureCheck.check(uid: reading.uid, signature: reading.signature)
    }

    static func summary(_ content: TagContent) -> String {
        switch content {
        case .empty: "Empty: the tag is formatted but holds no message."
        case .records(let records): records.count == 1 ? "1 record." : "\(records.count) records."
        case .notFormatted: "Nothing to read: the tag is not NDEF formatted."
        case .unreadable(let error): "The message could not be read: \(error.sentence)"
        }
    }
}
