import Foundation

/// The independent implementations the agreement tests compare against: OpenSSL's command line
/// (3.x, for `openssl mac … CMAC`) and Python's `cryptography` (scripts/install-test-deps.sh
/// installs both). When one is missing the test fails if `TAPCARD_REQUIRE_PEERS` is set
/// (scripts/test.sh sets it) and is skipped with the reason otherwise.
enum CipherPeers {
    static var peersRequired: Bool {
        ProcessInfo.processInfo.environment["TAPCARD_REQUIRE_PEERS"].map { !$0.isEmpty } ?? false
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs a command found on PATH with `input` on its standard input; returns its standard
    /// output, or throws with its standard error when it exits non-zero.
    static func run(_ command: [String], input: String = "") throws -> String {
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
        // Write from another thread and read both pipes before waiting, so no pipe can fill up.
        let bytes = Data(input.utf8)
        let writer = stdin.fileHandleForWriting
        let errors = Drain(stderr.fileHandleForReading)
        DispatchQueue.global().async {
            writer.write(bytes)
            try? writer.close()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorText = String(decoding: errors.data(), as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(command.joined(separator: " ")) exited \(process.terminationStatus): \(errorText)")
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

    /// OpenSSL 3.x on PATH (`openssl mac` appeared in 3.0); checked once.
    static let openSSLAvailable: Bool = {
        ((try? run(["openssl", "version"])) ?? "").hasPrefix("OpenSSL 3")
    }()

    /// Python 3 with `cryptography`; checked once.
    static let cryptographyAvailable: Bool = {
        (try? run(["python3", "-c", "import cryptography.hazmat.primitives.cmac"])) != nil
    }()
}
