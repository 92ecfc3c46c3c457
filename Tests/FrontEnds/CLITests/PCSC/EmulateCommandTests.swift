import Foundation
import Testing

@testable import TapCardCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tapcard emulate` against a stand-in for vpcd: this test listens on a loopback port, as vpcd
/// does, and speaks vpcd's protocol (2-byte big-endian length frames; control code 04 asks for
/// the ATR). No pcscd needed, so it runs everywhere; the real stack is RealPCSCStackTests.
@Suite(.serialized) struct EmulateCommandTests {
    @Test func servesTheATRAndAPDUsAndSavesTheImageWhenRemoved() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-emulate-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // An NTAG213 image: UID 04 A1 B2 C3 D4 E5 F6 (BCC0 = 88^04^A1^B2 = 9F, BCC1 = C3^D4^E5^F6 = 24),
        // CC E1 10 12 00, empty NDEF TLV 03 00 FE, CFG0 with AUTH0 = FF (no page needs the password;
        // 00 would protect every page from writing, NTAG213 datasheet §8.5.7).
        var image = [UInt8](repeating: 0, count: 180)
        image[0...8] = [0x04, 0xA1, 0xB2, 0x9F, 0xC3, 0xD4, 0xE5, 0xF6, 0x24]
        image[12...18] = [0xE1, 0x10, 0x12, 0x00, 0x03, 0x00, 0xFE]
        image[41 * 4 + 3] = 0xFF
        let path = directory.appendingPathComponent("tag.bin").path
        try Data(image).write(to: URL(fileURLWithPath: path))

        let vpcd = try FakeVPCD()
        let conversation = Conversation()
        let done = DispatchSemaphore(value: 0)
        let port = vpcd.port
        Thread.detachNewThread {
            conversation.run(vpcd)
            done.signal()
        }
        let io = CheckedIO()
        let status = await CLI.run(
            ["emulate", "--tag", path, "--vpcd", "127.0.0.1:\(port)", "--remove-after", "4"], io: io)
        done.wait()

        let answers = conversation.answers
        #expect(conversation.failure == nil)
        #expect(answers.count == 6)
        guard answers.count == 6 else { return }
        // Control code 01 (power on) is not answered; 04 is answered with the Part 3 ATR.
        #expect(
            answers[0] == [
                0x3B, 0x8F, 0x80, 0x01, 0x80, 0x4F, 0x0C, 0xA0, 0x00, 0x00, 0x03, 0x06, 0x03, 0x00, 0x03, 0x00, 0x00,
                0x00, 0x00, 0x68,
            ])
        #expect(answers[1] == [0x04, 0xA1, 0xB2, 0xC3, 0xD4, 0xE5, 0xF6, 0x90, 0x00])
        #expect(answers[2] == Array(image[12..<28]) + [0x90, 0x00])
        #expect(answers[3] == [0x90, 0x00])
        #expect(answers[4] == [0xD5, 0x43, 0x00, 0x00, 0x04, 0x04, 0x02, 0x01, 0x00, 0x0F, 0x03, 0x90, 0x00])
        // The fifth APDU is never answered: the card is "removed" (the connection closes).
        #expect(answers[5] == nil)

        #expect(status == 0, "\(io.errorOutput)")
        #expect(io.errorOutput.contains("after 4 APDUs"))
        let saved = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var expected = image
        expected[20..<24] = [0xCA, 0xFE, 0xBA, 0xBE]
        #expect(saved == expected)
    }

    @Test func badArgumentsAreUsageErrors() async {
        let io = CheckedIO()
        #expect(await CLI.run(["emulate"], io: io) == 64)
        #expect(await CLI.run(["emulate", "--tag", "x.bin", "--vpcd", "nohostport"], io: io) == 64)
        #expect(await CLI.run(["emulate", "--tag", "x.bin", "--vpcd", "localhost:0"], io: io) == 64)
        #expect(await CLI.run(["emulate", "--tag", "x.bin", "--model", "ntag999"], io: io) == 64)
        #expect(await CLI.run(["emulate", "--tag", "x.bin", "--remove-after", "-1"], io: io) == 64)
    }
}

/// vpcd's side of one conversation, run on its own thread; the answers are read after it ends.
final class Conversation: @unchecked Sendable {
    // @unchecked: written by the conversation thread only, read after `done` is signalled.
    private(set) var answers: [[UInt8]?] = []
    private(set) var failure: String?

    func run(_ vpcd: FakeVPCD) {
        do {
            let card = try vpcd.acceptCard()
            try card.send([0x01])
            try card.send([0x04])
            answers.append(try card.receive())
            for apdu: [UInt8] in [
                [0xFF, 0xCA, 0x00, 0x00, 0x00], [0xFF, 0xB0, 0x00, 0x03, 0x10],
                [0xFF, 0xD6, 0x00, 0x05, 0x04, 0xCA, 0xFE, 0xBA, 0xBE],
                [0xFF, 0x00, 0x00, 0x00, 0x03, 0xD4, 0x42, 0x60],
                [0xFF, 0xB0, 0x00, 0x04, 0x10],
            ] {
                try card.send(apdu)
                answers.append(try card.receive())
            }
        } catch {
            failure = "\(error)"
        }
    }
}

/// A loopback TCP listener playing vpcd's side of the protocol.
final class FakeVPCD: @unchecked Sendable {
    // @unchecked: the descriptor is immutable after init and used by one thread at a time.
    let listener: Int32
    let port: Int

    init() throws {
        #if os(Linux)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0, listen(listener, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.listener = listener
        self.port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(listener) }

    func acceptCard() throws -> Connection {
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, 10_000) == 1 else { throw POSIXError(.ETIMEDOUT) }
        let fd = accept(listener, nil, nil)
        guard fd >= 0 else { throw POSIXError(.ECONNABORTED) }
        return Connection(fd: fd)
    }

    final class Connection {
        let fd: Int32
        init(fd: Int32) { self.fd = fd }
        deinit { close(fd) }

        func send(_ payload: [UInt8]) throws {
            let frame = [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)] + payload
            let n = frame.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard n == frame.count else { throw POSIXError(.EPIPE) }
        }

        /// One frame's payload, or `nil` when the card closed the connection.
        func receive() throws -> [UInt8]? {
            guard let header = try read(2) else { return nil }
            return try read(Int(header[0]) << 8 | Int(header[1]))
        }

        private func read(_ count: Int) throws -> [UInt8]? {
            var result: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: max(count, 1))
            while result.count < count {
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&poller, 1, 10_000) == 1 else { throw POSIXError(.ETIMEDOUT) }
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, count - result.count, 0) }
                if n <= 0 { return nil }
                result += buffer.prefix(n)
            }
            return result
        }
    }
}
