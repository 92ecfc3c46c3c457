import CoreNFCTransport
import NDEF
import TagCatalog
import TagWorkflows
import TapCardSupport

extension TagInfo {
    /// The Tag Info of a tag one of TapCard's own drivers read in a phone session: the envelope
    /// (who the tag is, its NDEF status, capacity and message) the same for every type, and the
    /// lines and summary the type's inspection words for itself in TagWorkflows
    /// (``/TagWorkflows/TagDetail/fields(uid:carrier:)``: a Type 4 CC file and NTAG 424 DNA file
    /// settings, a Type 5 CC and block security, a Type 3 attribute block and system codes), so no
    /// tag type needs a line here. `carrierUID` is the UID iOS announced, for a driver that
    /// reported none.
    public init(_ report: TagReport, technology: TagTechnology, carrierUID: [UInt8]) {
        let uid = report.facts.uid ?? carrierUID
        let messageRecords = Self.recordFields(report.content)
        let capacity = report.capacity ?? .assumed(0, model: report.facts.model)
        let access: NDEFAccess =
            switch report.status {
            case .readWrite: .readWrite
            case .readOnly: .readOnly
            case .notFormatted: .notFormatted
            }
        let reading = TagReading(
            uid: uid, technology: technology, access: access, reportedCapacity: capacity.bytes,
            content: Self.tagContent(report.content, records: messageRecords),
            signature: report.detail.originalitySignature)
        self.reading = reading
        self.model = report.facts.model
        self.capacity = capacity
        self.records = messageRecords.enumerated().map { RecordRow(index: $0.offset, fields: $0.element) }
        self.contentSummary = report.detail.contentSummary ?? Self.envelopeSummary(report.content)
        self.fields =
            report.detail.fields(uid: uid, carrier: technology.displayName)?.map {
                Field(label: $0.label, value: $0.value)
            } ?? Self.envelopeFields(report, reading: reading)
        self.facts = report.facts
        self.detail = report.detail
    }

    /// The lines every type has, from the envelope alone (a read without the type's inspection).
    static func envelopeFields(_ report: TagReport, reading: TagReading) -> [Field] {
        let capacity =
            report.capacity.map {
                "\($0.bytes) bytes (\($0.source == .reported ? "reported by the tag" : "assumed from the chip's datasheet"))"
            } ?? "Not known: the tag hides what its capacity derives from."
        return [
            Field(label: "UID", value: uidText(reading.uid)),
            Field(label: "Manufacturer", value: manufacturer(reading)),
            Field(label: "Chip", value: "\(report.facts.chipName) (identified by \(report.facts.identifiedBy))"),
            Field(label: "Tag type", value: "NFC Forum Type \(report.facts.forumType)"),
            Field(label: "NDEF status", value: status(reading.access)),
            Field(label: "Capacity", value: capacity),
        ]
    }

    static func envelopeSummary(_ content: NDEFContent) -> String {
        switch content {
        case .empty: "Empty: the tag is formatted but holds no message."
        case .message(let message, let bytes):
            "\(message.records.count == 1 ? "1 record" : "\(message.records.count) records"), \(bytes.count) bytes."
        case .interrupted(let error), .malformed(let error): "The message could not be read: \(error.sentence)"
        case .noNDEFMessageTLV(let statement): statement
        case .notFormatted: "Nothing to read: the tag is not NDEF formatted."
        case .passwordProtected: "Nothing to read: the tag's message needs its password to be read."
        }
    }

    /// The message's records as the adapter's fields.
    static func recordFields(_ content: NDEFContent) -> [NDEFRecordFields] {
        guard case .message(let message, _) = content else { return [] }
        return message.records.map {
            NDEFRecordFields(tnf: $0.tnf.rawValue, type: $0.type, id: $0.id, payload: $0.payload)
        }
    }

    /// A driver's content in the terms of an iOS reading.
    static func tagContent(_ content: NDEFContent, records: [NDEFRecordFields]) -> TagContent {
        switch content {
        case .empty: .empty
        case .message: .records(records)
        // CoreNFC's NDEF detection finds no NDEF Message TLV: it reports the tag as not supporting NDEF.
        case .notFormatted, .passwordProtected, .noNDEFMessageTLV: .notFormatted
        // What iOS would call an answer it could not understand; the summary has the driver's words.
        case .interrupted, .malformed:
            .unreadable(.reader(code: CoreNFCErrorCode.tagResponseError.rawValue, during: .reading))
        }
    }
}
