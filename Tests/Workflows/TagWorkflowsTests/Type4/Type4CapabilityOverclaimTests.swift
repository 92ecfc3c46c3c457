import NDEF
import TagCatalog
import TagEmulator
import Testing
import Type4

@testable import TagWorkflows

/// Issue 29 on Type 4, through the driver: an NTAG 424 DNA (identified by GetVersion) whose CC file
/// declares its NDEF file as 1024 bytes, four times the chip's 256. A write is refused before any
/// UPDATE BINARY, naming both figures, and the tag stays exactly as it was.
@Suite struct Type4CapabilityOverclaimTests {
    @Test func aCCClaimingMoreThanTheChipsFileIsRefusedBeforeAnyUpdate() async throws {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: [0x04, 0x43, 0x43, 0x4F, 0x56, 0x45, 0x52])
        _ = try await Type4Tag(channel: tag).write(NDEFMessage(records: [.uri("https://example.com/keep")]))
        let cc = try #require(tag.memory.files.firstIndex { $0.identifier == 0xE103 })
        #expect(Array(tag.memory.files[cc].contents[11...12]) == [0x01, 0x00])
        tag.memory.files[cc].contents[11] = 0x04
        let before = tag.memory
        tag.present()
        await #expect(
            throws: Type4PlanError.ndefFileBeyondChip(
                fileIdentifier: 0xE104, maximumSize: 1024, chipFileBytes: 256, chip: .ntag424DNA)
        ) {
            try await Type4Tag(channel: tag).write(NDEFMessage(records: [.uri("https://example.com/new")]))
        }
        #expect(tag.memory == before)
    }
}
