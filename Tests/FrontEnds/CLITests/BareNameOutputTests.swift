import Foundation
import Testing

@testable import TapCardCLI

/// A file to create named by a bare name that is a symbolic link or a folder (`sim new ntag213 L`)
/// trapped the process (exit 132, nothing said) in Foundation's path code on Linux; it is refused
/// like any other link or folder, in words and in JSON.
@Suite struct BareNameOutputTests {
    @Test("The folder part of a path, bare names and trailing slashes included")
    func parent() {
        #expect(OutputFiles.parent(of: "L") == "")
        #expect(OutputFiles.parent(of: "d/") == "")
        #expect(OutputFiles.parent(of: "a/b") == "a")
        #expect(OutputFiles.parent(of: "a/b/") == "a")
        #expect(OutputFiles.parent(of: "/x") == "/")
        #expect(OutputFiles.parent(of: "/a/b/c") == "/a/b")
    }

    @Test(
        "The built binary, in a folder holding a link L and a folder d: sim new L (exit 1), d and d/ (exit 74) are refused, never a trap"
    )
    func builtBinaryRefusesBareNames() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("tapcard") }
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            Issue.record("tapcard binary not found next to \(directory.path): build it (swift build)")
            return
        }
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-bare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try FileManager.default.createSymbolicLink(
            atPath: work.appendingPathComponent("L").path, withDestinationPath: "nowhere")
        try FileManager.default.createDirectory(
            at: work.appendingPathComponent("d"), withIntermediateDirectories: false)
        for (name, extra) in [("L", [String]()), ("L", ["--json"]), ("d", []), ("d/", []), ("L", ["--force"])] {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["sim", "new", "ntag213", name] + extra
            process.currentDirectoryURL = work
            process.environment = ["TAPCARD_HOME": work.appendingPathComponent("home").path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "\(name) \(extra): \(text)")
            // A link is TapCard's refusal (1); a folder where the file would go is a file not
            // written (74, docs/reference/exit-statuses.md).
            #expect(process.terminationStatus == (name.hasPrefix("d") ? 74 : 1), "\(name) \(extra): \(text)")
        }
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("nowhere").path))
    }
}
