import Foundation

/// Runs an independent implementation (a peer) for agreement tests. When the peer is missing, the
/// test fails if `TAPCARD_REQUIRE_PEERS` is set (scripts/test.sh sets it) and is skipped with a
/// printed reason otherwise.
enum Peer {
    /// True when `python3` can import `module`.
    static func pythonHas(_ module: String) -> Bool {
        (try? run(["python3", "-c", "import \(module)"]))?.status == 0
    }

    static var peersRequired: Bool {
        ProcessInfo.processInfo.environment["TAPCARD_REQUIRE_PEERS"].map { !$0.isEmpty } ?? false
    }

    /// Runs a command found on PATH; returns its exit status and standard output.
    static func run(_ command: [String]) throws -> (status: Int32, output: Data, error: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting, so a large output cannot fill a pipe and stall.
        let errorData = ErrorCollector(error.fileHandleForReading)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, outputData, errorData.data())
    }

    /// Drains a pipe on a background thread.
    final class ErrorCollector: @unchecked Sendable {
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
