import NDEF
import TagEmulator
import Testing

@testable import TagWorkflows

/// A write report says what it wrote and what it replaced — the message its preflight read found —
/// so a caller can undo it, or check that two writers did not both replace the same message.
@Suite struct WritePreviousContentTests {
    @Test func eachWriteReportsTheMessageItReplaced() async throws {
        let tag = EmulatedTag(model: .ntag213)
        let first = NDEFMessage(records: [.uri("https://example.com/first")])
        let second = NDEFMessage(records: [.text("second")])

        let one = try await Type2Tag(transport: tag).write(first)
        #expect(one.encodedMessage == first.encoded())
        #expect(one.previousContent == .empty)

        let two = try await Type2Tag(transport: tag).write(second)
        #expect(two.encodedMessage == second.encoded())
        #expect(two.previousContent == .message(first, bytes: first.encoded()))

        let same = try await Type2Tag(transport: tag).write(second)
        #expect(same.writes.isEmpty)
        #expect(same.previousContent == .message(second, bytes: second.encoded()))

        let erase = try await Type2Tag(transport: tag).erase()
        #expect(erase.encodedMessage == [])
        #expect(erase.previousContent == .message(second, bytes: second.encoded()))

        let after = try await Type2Tag(transport: tag).write(first)
        #expect(after.previousContent == .empty)
    }

    /// An NDEF TLV whose length runs past the data area (a torn length page) held no message.
    @Test func anInterruptedWriteBeforeIsReportedAsSuch() async throws {
        let tag = EmulatedTag(model: .ntag213)
        _ = try await Type2Tag(transport: tag).write(NDEFMessage(records: [.uri("https://example.com")]))
        // NTAG213: Lock Control TLV at data-area bytes 0–4, the NDEF TLV at 5; its length at 6.
        tag.memory[16 + 6] = 200
        let report = try await Type2Tag(transport: tag).write(NDEFMessage(records: [.text("after")]))
        guard case .interrupted = report.previousContent else {
            Issue.record("expected an interrupted previous content, got \(report.previousContent)")
            return
        }
        #expect(report.previousContent.bytes == nil)
    }
}
