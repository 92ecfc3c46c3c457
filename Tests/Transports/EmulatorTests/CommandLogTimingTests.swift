import TagCatalog
import TagEmulator
import Testing

/// The command log carries each command's modeled air time (see TagCatalogTests for the figures).
@Suite struct CommandLogTimingTests {
    @Test func logRecordsEachCommandWithItsModeledTime() async throws {
        let tag = EmulatedTag(model: .ntag213, uid: [0x04, 1, 2, 3, 4, 5, 6])
        _ = try await tag.transceive([0x30, 0x04])
        _ = try await tag.transceive([0xA2, 0x05, 1, 2, 3, 4])
        _ = try? await tag.transceive([0x30, 0x99])
        #expect(tag.commandLog.count == 3)
        let read = tag.commandLog[0]
        #expect(read.index == 0)
        #expect(read.command == [0x30, 0x04])
        // 368 µs command + 86 µs frame delay + 1548 µs answer.
        #expect(abs(read.modeledMicroseconds - (368.1 + 86.4 + 1548.1)) < 1)
        let write = tag.commandLog[1]
        #expect(write.outcome == .ack)
        #expect(write.pagesProgrammed == [5])
        // WRITE frame (8 bytes with CRC: 1 + 72 + 2 bits = 708 µs) + 4110 µs programming + 57 µs ACK.
        #expect(abs(write.modeledMicroseconds - (708.0 + 4110 + 56.6)) < 1)
        #expect(tag.commandLog[2].outcome == .nak(0x0))
        let sum = tag.commandLog.reduce(0) { $0 + $1.modeledMicroseconds }
        #expect(tag.modeledAirTimeMicroseconds == sum)
    }
}
