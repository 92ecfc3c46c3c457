import Foundation
import NDEF
import TagCatalog
import TagTransport
import TestSupport
import Testing
import Type2

@testable import TagWorkflows

/// Every memory image the `type2` fuzz target ever broke (Tests/Fixtures/fuzz-regressions/type2/),
/// put on a tag that answers only READ and WRITE, and written with the real `Type2Tag.write`, which
/// reads as little as it can and writes pages past the old message unread. Whatever the write
/// decides (refuse, stop at a page the tag refuses, or write), the tag never ends up holding a
/// message other than the old one, none, or the new one, and a completed write reads back as
/// the new message.
@Suite struct FuzzInputsThroughWriteTests {
    static var inputs: [String] { FuzzRegressions.names("type2") }

    /// As the fuzz target reads its input: byte 0 picks the chip and the message size.
    static let models: [TagModel?] = [nil, .ntag213, .ntag215, .ntag216, .ultralight, .ultralightEV1_48]
    static let sizes = [0, 12, 137, 300]

    /// A tag of exactly the input's bytes: READ (16 bytes, rolling over), WRITE inside them (ACK),
    /// NAK for anything else, GET_VERSION included (so the declared chip is used).
    final class MemoryTag: NFCAChannel {
        /// No IDLE state to leave: a fake answers whenever it is asked.
        func reactivate() async throws(ChannelError) {}
        var memory: [UInt8]

        init(memory: [UInt8]) { self.memory = memory }

        func transceive(_ command: [UInt8]) async throws(ChannelError) -> [UInt8] {
            let pages = memory.count / 4
            switch (command.first, command.count) {
            case (0x30, 2) where Int(command[1]) < pages:
                return (0..<16).map { memory[(Int(command[1]) * 4 + $0) % (pages * 4)] }
            case (0xA2, 6) where Int(command[1]) < pages:
                let start = Int(command[1]) * 4
                memory.replaceSubrange(start..<start + 4, with: command[2..<6])
                return [0x0A]
            default:
                throw .nak(code: 0, command: .nfcA(command.first ?? 0))
            }
        }
    }

    @Test(arguments: inputs)
    func writeThroughTheWorkflow(_ name: String) async throws {
        let input = try FuzzRegressions.bytes("type2", name)
        let selector = try #require(input.first)
        let model = Self.models[Int(selector) % Self.models.count]
        let size = Self.sizes[Int(selector >> 4) % Self.sizes.count]
        // Whole pages, as a tag has them.
        let memory = Array(input.dropFirst().prefix((input.count - 1) / 4 * 4))
        try #require(memory.count >= 16)
        // The size the fuzz target chose, and a short message that fits most layouts.
        for length in Set([size, 12]).sorted() {
            try await write(length, on: memory, model: model, name: name)
        }
    }

    func write(_ size: Int, on memory: [UInt8], model: TagModel?, name: String) async throws {
        var rng = SplitMix64(seed: UInt64(size))
        let message = size == 0 ? nil : Messages.exactly(size, using: &rng)
        let written = message?.encoded() ?? []
        let old = Type2Snapshot(memory: memory, model: model).ndef?.message
        let tag = MemoryTag(memory: memory)
        do {
            let session = Type2Tag(transport: tag, declaredModel: model)
            let report: WriteReport
            if let message { report = try await session.write(message) } else { report = try await session.erase() }
            #expect(report.verified)
            #expect(Type2Snapshot(memory: tag.memory, model: model).ndef?.message == written)
        } catch let error as TagWriteError {
            guard case .interrupted = error else {
                Issue.record("\(name): \(error.sentence)")
                return
            }
            // A page the tag refused: the old message, none, or the new one — never another.
            let now = Type2Snapshot(memory: tag.memory, model: model).ndef?.message
            #expect(now == old || now == [] || now == nil || now == written, "\(name)")
        } catch {
            // Refused before writing: the tag is untouched.
            #expect(tag.memory == memory, "\(name): \(error)")
        }
    }
}
