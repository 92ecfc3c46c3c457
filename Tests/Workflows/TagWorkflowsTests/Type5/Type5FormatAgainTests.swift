import TagCatalog
import TagEmulator
import Testing

@testable import TagWorkflows

/// A format run again on a tag it formatted writes nothing (the hostile newcomer's finding: an
/// ICODE SLIX2 or ST25DV04K formatted and empty got "Formatted: 2 WRITE SINGLE BLOCK" again).
@Suite struct Type5FormatAgainTests {
    @Test(arguments: [TagModel.icodeSLIX2, .st25dv04k])
    func aFinishedFormatRunAgainWritesNothing(model: TagModel) async throws {
        let tag = EmulatedType5Tag(model: model, formatted: false)
        let first = try await Type5Tag(channel: tag, declaredModel: model).format()
        #expect(first.verified && !first.writes.isEmpty)
        let settled = tag.memory
        let again = try await Type5Tag(channel: tag, declaredModel: model).format()
        #expect(again.verified)
        #expect(again.writes.isEmpty, "\(model): \(again.writes.count) writes")
        #expect(tag.memory == settled)
    }
}
