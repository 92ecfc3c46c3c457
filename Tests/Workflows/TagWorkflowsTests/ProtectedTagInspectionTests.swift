import NDEF
import TagCatalog
import TagEmulator
import Testing
import Type2

@testable import TagWorkflows

/// A tag whose memory from page AUTH0 on is read-protected (NTAG21x ACCESS.PROT = 1) refuses a
/// FAST_READ that reaches into it with NAK 0h. Inspection must still report what the tag lets
/// anyone read (UID, CC, the message when it lies before AUTH0), not fail as a whole.
@Suite struct ProtectedTagInspectionTests {
    @Test(arguments: [16, 20, 40])
    func inspectReadsUpToTheProtectedPage(auth0: Int) async throws {
        let tag = EmulatedTag(model: .ntag215, uid: [0x04, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76])
        let message = NDEFMessage(records: [.uri("https://example.com/protected")])
        _ = try await Type2Tag(transport: tag).write(message)
        // NTAG215: CFG0 is page 131 (AUTH0 in byte 3), CFG1 page 132 (ACCESS in byte 0, PROT bit 7).
        tag.memory[131 * 4 + 3] = UInt8(auth0)
        tag.memory[132 * 4] = 0x80

        let inspection = try await Type2Tag(transport: tag).inspect()
        #expect(inspection.snapshot.uid?.bytes == [0x04, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76])
        #expect(inspection.snapshot.cc?.bytes == [0xE1, 0x10, 0x3E, 0x00])
        #expect(inspection.content.message == message)
        // The tag refused the rest: memory ends short of the chip's 540 bytes, but covers at
        // least every page before AUTH0. (The emulator answers a read that starts before AUTH0
        // and runs into protected pages with 00h for those pages; one that starts at or after
        // AUTH0 with NAK 0h.)
        #expect(inspection.snapshot.memory.count < 540)
        #expect(inspection.snapshot.memory.count >= auth0 * 4)
        let refusals = tag.commandLog.filter { $0.outcome == .nak(0x0) }
        #expect(!refusals.isEmpty)
    }
}
