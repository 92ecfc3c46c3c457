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

/// Just enough DER to take keys and signatures apart: tag, length, contents.
struct DERReader {
    var bytes: [UInt8]
    var offset = 0

    /// Reads one element; returns its tag and contents, or `nil` at the end or on bad input.
    mutating func next() -> (tag: UInt8, contents: [UInt8])? {
        guard offset + 2 <= bytes.count else { return nil }
        let tag = bytes[offset]
        var length = Int(bytes[offset + 1])
        offset += 2
        if length & 0x80 != 0 {
            let count = length & 0x7F
            guard count <= 2, offset + count <= bytes.count else { return nil }
            length = bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
            offset += count
        }
        guard offset + length <= bytes.count else { return nil }
        defer { offset += length }
        return (tag, Array(bytes[offset..<offset + length]))
    }

    /// An INTEGER's value as exactly 16 big-endian bytes (a leading sign byte dropped).
    static func fixed16(_ integer: [UInt8]) -> [UInt8] {
        let trimmed = Array(integer.drop(while: { $0 == 0 }))
        return [UInt8](repeating: 0, count: max(0, 16 - trimmed.count)) + trimmed.suffix(16)
    }
}
