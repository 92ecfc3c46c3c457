import PCSCTransport
import TagCatalog
import TagTransport
import TagWorkflows
import TapCardSupport

/// What `watch` prints for a tag on a reader: its UID, what it is, and the figures it reports
/// about itself (the NDEF area's header, its status and capacity, the message length). It reads
/// through the one contract (`TagDriver.readTag()`), so every tag type a driver reads is
/// summarised the same way, and a new type needs nothing here. Every figure was read from the
/// tag, or says "assuming".
struct TagSummary {
    var reader: String
    var atr: [UInt8]
    var kind: CardKind
    var uid: [UInt8]?
    /// Who the tag is, as its driver identified it; `nil` when no driver could read it.
    var facts: TagFacts?
    var status: TagNDEFStatus?
    var capacity: Capacity?
    /// The bytes the NDEF area starts from (``TagDetail/capabilityContainerBytes``).
    var capabilityContainer: [UInt8]?
    /// The stored NDEF message's length in bytes (0 for an empty message).
    var ndefLength: Int?
    /// Why a figure is missing (a reader without pass-through, a refused read).
    var notes: [String] = []

    var model: TagModel? { facts?.model }

    static func read(_ session: PCSCTagSession) async -> TagSummary {
        var summary = TagSummary(reader: session.readerName, atr: session.atr, kind: session.kind)
        summary.uid = try? await session.transport.uid()
        guard let driver = Recognizer.driver(for: session) else {
            summary.notes.append("TapCard has no driver for \(session.kind.summary)")
            return summary
        }
        do {
            let report = try await driver.readTag()
            summary.facts = report.facts
            summary.uid = report.facts.uid ?? summary.uid
            summary.status = report.status
            summary.capacity = report.capacity
            summary.capabilityContainer = report.detail.capabilityContainerBytes
            switch report.content {
            case .message(_, let bytes): summary.ndefLength = bytes.count
            case .empty: summary.ndefLength = 0
            case .notFormatted, .interrupted, .passwordProtected, .noNDEFMessageTLV, .malformed: break
            }
        } catch {
            summary.notes.append((error as? any TapCardError)?.sentence ?? String(describing: error))
        }
        return summary
    }

    /// One line for people.
    var line: String {
        var parts: [String] = []
        parts.append(uid.map { "UID " + Hex.encode($0, uppercase: true, separator: ":") } ?? "UID unknown")
        if let facts {
            parts.append("\(facts.chipName) (by \(facts.identifiedBy))")
        } else {
            parts.append(kind.summary)
        }
        switch status {
        case .notFormatted?: parts.append("not formatted")
        case .readOnly?: parts.append("read-only")
        case .readWrite?, nil: break
        }
        if let capacity { parts.append("capacity \(TagText.capacity(capacity))") }
        if let ndefLength { parts.append("NDEF message \(ndefLength) bytes") }
        parts.append("reader '\(reader)'")
        return (parts + notes).joined(separator: ", ")
    }

    var json: JSON {
        .object([
            ("reader", .string(reader)),
            ("atr", .string(Hex.encode(atr))),
            ("kind", .string(kind.summary)),
            ("uid", TagJSON.uid(bytes: uid)),
            ("forum_type", facts.map { .int($0.forumType) } ?? .null),
            ("technology", facts.map { .string($0.technology.rawValue) } ?? .null),
            ("chip", facts.map(Self.chip) ?? .null),
            ("ndef_status", status.map { .string($0.rawValue) } ?? .null),
            ("capacity", capacity.map(TagJSON.capacity) ?? .null),
            ("capability_container", capabilityContainer.map { .string(Hex.encode($0)) } ?? .null),
            ("ndef_length", ndefLength.map { .int($0) } ?? .null),
            ("notes", .array(notes.map { .string($0) })),
        ])
    }

    /// The chip as the read's envelope names it: the model, its name ("unknown Type 4 tag" when
    /// the catalog has none) and how the driver knows.
    static func chip(_ facts: TagFacts) -> JSON {
        .object([
            ("model", facts.model.map { .string($0.rawValue) } ?? .null),
            ("type", .string(facts.chipName)),
            ("identified_by", .object([("by", .string(facts.identifiedBy))])),
        ])
    }
}
