import TagCatalog
import Testing

@testable import TagWorkflows

/// `TagDetail.capabilityContainerBytes`, what `watch` shows for any tag from the one read: the
/// header each mapping defines, as the tag stores it, the same from a read and from an inspection.
@Suite struct CapabilityContainerBytesTests {
    @Test(arguments: ConformanceSuiteTests.models)
    func aFreshTagGivesItsMappingsHeader(model: TagModel) async throws {
        let tag = try ConformanceTag.make(model)
        let read = try await tag.driver().readTag().detail.capabilityContainerBytes
        let inspected = try await tag.driver().inspectTag().detail.capabilityContainerBytes
        #expect(read == inspected, "\(model): read and info disagree")
        switch ConformanceSuiteTests.forumType(model).0 {
        case 2:
            // Page 3 as the catalog formats it (NFC Forum Type 2 §2.1: E1h, version, size / 8, access).
            #expect(read == model.formattedCC, "\(model)")
        case 3:
            // The attribute block is one 16-byte block; byte 0 is the mapping version (10h).
            #expect(read?.count == 16 && read?.first == 0x10, "\(model): \(String(describing: read))")
        case 4:
            // The CC file starts with CCLEN (000Fh or more) and the mapping version 20h.
            #expect((read?.count ?? 0) >= 15 && read?[2] == 0x20, "\(model): \(String(describing: read))")
        case 5:
            // The Type 5 CC: magic E1h or E2h, 4 or 8 bytes.
            #expect([0xE1, 0xE2].contains(read?.first) && [4, 8].contains(read?.count), "\(model)")
        default:
            // A MIFARE Classic's MAD is a directory, not a header.
            #expect(read == nil, "\(model)")
        }
    }
}
