/// A message decoded together with every record's view, strictly: a malformed payload of a known
/// record type (a Text record whose language runs past its payload, a Smart Poster without a URI…)
/// is an error like a malformed header, with its offset in the input.
public struct DecodedMessage: Sendable, Hashable {
    public let message: NDEFMessage
    /// One view per record, never ``RecordView/invalid(_:)``.
    public let views: [RecordView]

    public init(message: NDEFMessage, views: [RecordView]) {
        self.message = message
        self.views = views
    }

    /// Decodes `bytes` and each record's view; any error names its offset in `bytes`. A record
    /// that breaks a type rule is kept (see ``NDEFRecord/problems``) unless `problems` is
    /// ``RecordProblemPolicy/refuse``.
    public static func decode(_ bytes: [UInt8], problems: RecordProblemPolicy = .flag) throws(NDEFError)
        -> DecodedMessage
    {
        let message = try NDEFMessage.decode(bytes, problems: problems)
        var views: [RecordView] = []
        views.reserveCapacity(message.records.count)
        for (index, record) in message.records.enumerated() {
            do {
                views.append(try record.decodeView())
            } catch {
                // Rare path: decode again to learn where this record's payload sits.
                let locations = (try? NDEFMessage.decodeWithLocations(bytes))?.1 ?? []
                guard index < locations.count else { throw error }
                throw error.mapOffsets { locations[index].inputOffset(ofPayloadByte: $0) }
            }
        }
        return DecodedMessage(message: message, views: views)
    }
}
