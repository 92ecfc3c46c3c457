import CommandLineKit
import Focus
import FocusSessions
import Foundation
import NDEF
import Originality
import Store
import TagCatalog
import TagWorkflows

/// What a tap reads from a tag: who it is (UID + chip), the originality-signature result, and the
/// capacity the tag reports. The NDEF content is read too (inspect reads everything) but never
/// decides identity.
struct TappedTag {
    var identity: TagIdentity
    var signature: Focus.SignatureCheck
    /// What the signature check proves and does not, in words (nil when the chip has none).
    var signatureStatement: String?
    var capacity: CapacityRecord?
    /// The first URI record of the NDEF message, if any: on an NTAG 424 DNA with SDM, the SUN
    /// message (fresh MAC and read counter) that a SUN-paired tag must show.
    var url: String?

    static let options: [OptionSpec] =
        FocusOptions.options + [TagTarget.options[0]] + ReaderOptions.options

    static let optionHelp =
        "  --tag FILE          The virtual tag to tap (any virtual tag file; default: the virtual\n"
        + "                      NTAG213 in the data directory, created on first use).\n"
        + "  --reader NAME|INDEX The tag on this PC/SC reader instead (an index from 'tapcard readers',\n"
        + "                      its name, or a unique part); without --tag, a reader holding a tag is used.\n"
        + "  --wait SECONDS      How long to wait for a tag on the reader, or for another tapcard using\n"
        + "                      the tag file (default 15).\n"

    /// Reads the tag as a phone tap would, whatever its type: the driver's inspect (UID, chip,
    /// capacity the tag reports, and the originality signature checked against NXP's keys where
    /// the chip has one). The NDEF content never decides identity.
    /// Reads everything a focus rule judges (UID, chip, originality signature, capacity, the
    /// URL a SUN tag serves) through the one contract, whatever the tag type.
    static func read(_ opened: OpenedTag) async throws -> TappedTag {
        let report = try await opened.operating { try await opened.driver(command: "focus").inspectTag() }
        // The type's own originality verdict (none for FeliCa: the IDm is its identity).
        let check = report.detail.originality(uid: report.facts.uid ?? [])
        // The content of every type: its first URI only counts for a SUN-paired UID (the focus
        // controller's rule), so no type needs to be named here.
        let content: NDEFContent? = report.content
        return try make(
            uid: report.facts.uid, model: report.facts.model, check: check,
            capacity: report.capacity ?? Capacity.assumed(0, model: report.facts.model), label: opened.label,
            content: content)
    }

    static func make(
        uid: [UInt8]?, model: TagModel?, check: Originality.SignatureCheck?, capacity: Capacity, label: String,
        content: NDEFContent? = nil
    ) throws -> TappedTag {
        guard let uid, !uid.isEmpty else { throw TagFileError.noUID(path: label) }
        guard let model else { throw TagFileError.unknownChip(path: label) }
        let statement: String? = check?.signature == nil ? nil : check?.statement
        let signature: Focus.SignatureCheck =
            switch check?.verdict {
            case .valid?: .valid
            case .invalid?: .invalid
            case .unavailable?, nil: check?.signature == nil ? .unsupported : .notChecked
            }
        return TappedTag(
            identity: TagIdentity(uid: uid, chip: model.rawValue), signature: signature, signatureStatement: statement,
            capacity: CapacityRecord(
                bytes: capacity.bytes, source: capacity.source == .reported ? .reported : .assumed),
            url: content.flatMap(firstURI))
    }

    /// The first URI record's URI (a smart poster's too), or nil.
    static func firstURI(_ content: NDEFContent) -> String? {
        guard case .message(let message, _) = content else { return nil }
        for record in message.records {
            switch record.view {
            case .uri(let uri): return uri.uri
            case .smartPoster(let poster): return poster.uri.uri
            default: continue
            }
        }
        return nil
    }

    /// How `focus pair` and `focus tap` begin, after taking their own options: the focus options
    /// and the tag from the rest of `arguments`, the tag read, and the sighting recorded, before
    /// the command decides anything.
    static func sight(
        _ arguments: inout Arguments, io: some CommandIO
    ) async throws -> (tag: TappedTag, controller: FocusController, now: Date) {
        let options = try FocusOptions.parse(&arguments, io: io)
        // Writing access: reading an NTAG 424 DNA with SDM advances its read counter, which a
        // virtual tag must keep (a real one keeps it itself).
        let opened = try await OpenedTag.open(&arguments, io: io, access: .writing)
        defer { opened.close() }
        try arguments.finish()
        let tag = try await TappedTag.read(opened)
        let controller = try options.controller()
        let now = CLIClock.now(io)
        try tag.recordSighting(in: controller.store, at: now)
        return (tag, controller, now)
    }

    /// Records the sighting (capacity, signature) in the inventory, whatever the tap decides.
    func recordSighting(in store: TapCardStore, at now: Date) throws(StoreError) {
        try store.recordTagSeen(
            TagKey(uid: identity.uid, chip: identity.chip), capacity: capacity,
            signature: signature == .notChecked ? nil : SignatureRecord(rawValue: signature.rawValue), at: now)
    }
}
