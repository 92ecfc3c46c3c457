import Focus
import FocusSessions
import Foundation
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

    static let options: [OptionSpec] =
        FocusOptions.options + [TagTarget.options[0]]
        + ReaderOptions.options.filter { $0.name == "--wait" }

    static let optionHelp =
        "  --tag FILE          The virtual tag to tap (a Flipper Zero .nfc file; default: the virtual\n"
        + "                      NTAG213 in the data directory, created on first use).\n"
        + "  --wait SECONDS      How long to wait for another tapcard using the tag file (default 15).\n"

    /// Reads the tag as a phone tap would: the tag engine's inspect over the emulator's transport
    /// (UID from pages 0–2, chip from GET_VERSION, capacity from the CC and TLVs, READ_SIG), and the
    /// originality signature checked against NXP's keys.
    static func read(_ target: TagTarget) async throws -> TappedTag {
        let inspection = try await Type2Tag(transport: target.tag, declaredModel: target.tag.model).inspect()
        guard let uid = inspection.uid?.bytes, !uid.isEmpty else { throw TagFileError.noUID(path: target.path) }
        guard let model = inspection.model else { throw TagFileError.unknownChip(path: target.path) }
        let check = inspection.signature
        let statement: String? = check.signature == nil ? nil : check.statement
        let signature: Focus.SignatureCheck =
            switch check.verdict {
            case .valid: .valid
            case .invalid: .invalid
            case .unavailable: check.signature == nil ? .unsupported : .notChecked
            }
        let capacity = inspection.capacity
        return TappedTag(
            identity: TagIdentity(uid: uid, chip: model.rawValue), signature: signature, signatureStatement: statement,
            capacity: CapacityRecord(bytes: capacity.bytes, source: capacity.source == .reported ? .reported : .assumed)
        )
    }

    /// How `focus pair` and `focus tap` begin, after taking their own options: the focus options
    /// and the tag from the rest of `arguments`, the tag read, and the sighting recorded, before
    /// the command decides anything.
    static func sight(
        _ arguments: inout Arguments, io: some CommandIO
    ) async throws -> (tag: TappedTag, controller: FocusController, now: Date) {
        let options = try FocusOptions.parse(&arguments, io: io)
        let target = try await TagTarget.open(&arguments, io: io, access: .reading)
        defer { target.close() }
        try arguments.finish()
        let tag = try await TappedTag.read(target)
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
