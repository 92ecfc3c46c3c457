import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// A test's own data directory (`TAPCARD_HOME`) in the temporary folder, and the commands run
/// against it. `remove()` it when the test ends.
struct CLIHome {
    let path: String

    init(_ label: String) throws {
        path =
            FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// Runs one command line with this home; the status and what it printed.
    func run(_ arguments: [String], terminal: Bool = false) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": path, "NO_COLOR": "1"], terminal: terminal)
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    /// `tapcard ARGUMENTS` with `TAPCARD_HOME=home` (a directory a test made): its status,
    /// standard output and error.
    static func run(_ arguments: [String], home: String) async -> (status: Int32, out: String, err: String) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io.outputText, io.errorOutput)
    }

    /// A new virtual tag of `model` in this home, its path.
    func newTag(_ model: String, _ name: String) async throws -> String {
        let tag = path + "/" + name
        let created = await run(["sim", "new", model, tag])
        #expect(created.status == 0, "\(created.io.errorOutput)")
        return tag
    }

    /// `text` as one JSON object.
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }
}
