import Foundation

/// Runs the `openssl` command-line tool, the independent implementation these tests agree with.
enum OpenSSLPeer {
    /// The tool's path, or `nil` when it is not installed.
    static let path: String? = {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/openssl" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// True when a missing peer must fail the run (scripts/test.sh sets it) instead of skipping.
    static var required: Bool { ProcessInfo.processInfo.environment["TAPCARD_REQUIRE_PEERS"] != nil }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs openssl with `arguments`; returns its exit status and standard output.
    @discardableResult
    static func run(_ arguments: [String]) throws -> (status: Int32, output: [UInt8]) {
        guard let path else { throw Failure(description: "openssl is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, [UInt8](data))
    }

    /// A fresh temporary directory for one test's files.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-openssl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
