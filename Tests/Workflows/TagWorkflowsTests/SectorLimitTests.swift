import NDEF
import TagCatalog
import TagTransport
import TestSupport
import Testing
import Type2

@testable import TagWorkflows

/// NTAG I2C 2k has 481 pages; a one-byte page address reaches 255. Beyond that the chip needs
/// SECTOR_SELECT, which TapCard does not send: it must say so, never wrap an address.
@Suite struct SectorLimitTests {
    /// A minimal NTAG I2C 2k answering GET_VERSION, READ and FAST_READ from memory (sector 0).
    final class I2C2kStub: NFCAChannel {
        /// No IDLE state to leave: a fake answers whenever it is asked.
        func reactivate() async throws(ChannelError) {}
        var memory: [UInt8]
        var pagesAsked: [Int] = []

        init() {
            memory = [UInt8](repeating: 0, count: 256 * 4)
            memory.replaceSubrange(0..<9, with: [0x04, 0x01, 0x02, 0x8F, 0x03, 0x04, 0x05, 0x06, 0x04])
            memory.replaceSubrange(12..<19, with: [0xE1, 0x10, 0xEA, 0x00, 0x03, 0x00, 0xFE])
        }

        func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
            switch command.first {
            case 0x60: return TagModel.ntagI2C2k.type2Layout?.version ?? []
            case 0x30:
                let page = Int(command[1])
                pagesAsked.append(page)
                return Array(memory[page * 4..<page * 4 + 16])
            case 0x3A:
                let (start, end) = (Int(command[1]), Int(command[2]))
                pagesAsked += [start, end]
                return Array(memory[start * 4..<(end + 1) * 4])
            default: throw .nak(code: 0, command: .nfcA(command.first ?? 0))
            }
        }
    }

    @Test func inspectReadsSectorZeroOnly() async throws {
        let stub = I2C2kStub()
        let inspection = try await Type2Tag(transport: stub).inspect()
        #expect(inspection.model == .ntagI2C2k)
        #expect(inspection.memory.count == 1024)
        #expect(inspection.content == .empty)
        #expect(stub.pagesAsked.allSatisfy { $0 <= 255 })
    }

    @Test func aMessageBeyondPage255IsRefusedNotWrapped() async throws {
        let stub = I2C2kStub()
        var rng = SplitMix64(seed: 1)
        await #expect(throws: ChannelError.self) {
            try await Type2Tag(transport: stub).write(Messages.exactly(1200, using: &rng))
        }
        #expect(stub.pagesAsked.allSatisfy { $0 <= 255 })
    }
}
