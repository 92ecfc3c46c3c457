import Foundation

/// Runs an independent implementation (a peer: OpenSSL, Python with ndeflib or `cryptography`)
/// for the agreement tests, with the one way of driving a child process every test target shares:
/// standard input written from another thread and both output pipes read before waiting, so no
/// pipe can fill up and stall either side. When a peer is missing, a test fails if
/// `TAPCARD_REQUIRE_PEERS` is set (scripts/test.sh sets it) and is skipped with a reason otherwise.
public enum PeerProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var output: Data
        public var error: Data

        public var outputText: String { String(decoding: output, as: UTF8.self) }
        public var errorText: String { String(decoding: error, as: UTF8.self) }
    }

    /// A peer that exited non-zero: the command and what it wrote on standard error.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// True when the test command asked for every peer to be present.
    public static var peersRequired: Bool {
        ProcessInfo.processInfo.environment["TAPCARD_REQUIRE_PEERS"].map { !$0.isEmpty } ?? false
    }

    /// Runs `command` (found on PATH) with `input` on its standard input.
    public static func run(_ command: [String], input: Data = Data()) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = stdin.fileHandleForWriting
        let errors = Drain(stderr.fileHandleForReading)
        DispatchQueue.global().async {
            writer.write(input)
            try? writer.close()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: output, error: errors.data())
    }

    /// Runs `command` and returns its standard output as text, or throws with its standard error
    /// when it exits non-zero.
    public static func output(_ command: [String], input: String = "") throws -> String {
        let result = try run(command, input: Data(input.utf8))
        guard result.status == 0 else {
            throw Failure(description: "\(command.joined(separator: " ")) exited \(result.status): \(result.errorText)")
        }
        return result.outputText
    }

    /// Reads a pipe to its end on a background thread.
    final class Drain: @unchecked Sendable {
        private var collected = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            DispatchQueue.global().async {
                self.collected = handle.readDataToEndOfFile()
                self.done.signal()
            }
        }

        func data() -> Data {
            done.wait()
            return collected
        }
    }
}
