import CommandLineKit
import TagCatalog
import TagTransport
import TagWorkflows

/// The NTAG 424 DNA an `ntag424` command (or a secure focus pairing) works on: an opened Type 4
/// tag, with its driver as a `Type4Tag` for the key-managed verbs only that chip has.
final class Type4Target {
    let opened: OpenedTag

    /// `nil` when `opened` is not a Type 4 tag.
    private let carrier: OpenedTag.ISODepCarrier

    init?(_ opened: OpenedTag) {
        guard let carrier = opened.isoDepCarrier else { return nil }
        self.opened = opened
        self.carrier = carrier
    }

    var label: String { opened.label }

    /// The UID the carrier reported (the virtual file's, or the reader's).
    var uid: [UInt8]? { carrier.uid }

    /// A fresh driver.
    func driver() -> Type4Tag { Type4Tag(channel: carrier.channel, declaredModel: carrier.model, uid: carrier.uid) }

    func save() throws { try opened.saveIfChanged() }

    func reading<Result>(_ operation: () async throws -> Result) async throws -> Result {
        try await opened.operating(operation)
    }

    func finish(_ arguments: inout Arguments) throws { try opened.finish(&arguments) }

    func close() { opened.close() }
}
