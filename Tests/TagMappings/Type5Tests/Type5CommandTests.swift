import TagFrames
import Testing

@testable import Type5

@Suite struct Type5CommandTests {
    /// Trace V-T5T-1 (shared/reference/type4-type5-ntag424.md §3.5): GET SYSTEM INFO is `2B`,
    /// addressed; READ SINGLE BLOCK 0 is `20 00`.
    @Test func framesMatchTheTrace() {
        #expect(Type5Command.systemInfo().command == 0x2B)
        #expect(Type5Command.systemInfo().flags.contains(.address))
        #expect(Type5Command.read(block: 0).parameters == [0x00])
        #expect(Type5Command.read(block: 0).command == 0x20)
    }

    @Test func extendedCommandsSendTwoByteBlockNumbersLSBFirst() {
        let request = Type5Command.read(block: 0x0123, extended: true)
        #expect(request.command == 0x30)
        #expect(request.parameters == [0x23, 0x01])
        #expect(Type5Command.read(blocks: 4, count: 32).parameters == [0x04, 0x1F])
    }
}
