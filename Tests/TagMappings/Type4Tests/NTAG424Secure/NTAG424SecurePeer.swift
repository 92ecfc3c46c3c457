import Foundation

/// Python 3 with `cryptography` as an independent EV2 oracle: it computes the reference's formulas
/// (§2.4–§2.5) itself, with its own AES and CMAC. When it is missing the test fails if
/// `TAPCARD_REQUIRE_PEERS` is set and is skipped with the reason otherwise.
enum NTAG424SecurePeer {
    static var peersRequired: Bool {
        ProcessInfo.processInfo.environment["TAPCARD_REQUIRE_PEERS"].map { !$0.isEmpty } ?? false
    }

    static let available: Bool = {
        (try? run(script: "import cryptography.hazmat.primitives.cmac", input: "")) != nil
    }()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `python3 -c script` with `input` on its standard input; returns its standard output.
    static func run(script: String, input: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let bytes = Data(input.utf8)
        let writer = stdin.fileHandleForWriting
        let errors = Drain(stderr.fileHandleForReading)
        // Write on another thread and read both pipes before waiting, so no pipe fills up.
        DispatchQueue.global().async {
            writer.write(bytes)
            try? writer.close()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "python3 exited \(process.terminationStatus): "
                    + String(decoding: errors.data(), as: UTF8.self))
        }
        return String(decoding: output, as: UTF8.self)
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
