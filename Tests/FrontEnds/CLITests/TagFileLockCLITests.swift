import CommandLineKit
import Foundation
import TagEmulator
import TapCardCLI
import Testing

/// A virtual tag command holds its tag file's lock for its whole session: a second command waits
/// (`--wait`, saying so once) or gives up with exit 75, and saves never replace what they should
/// not (a read-only file, a symbolic link, `/dev/null`). The lock is held here in-process with
/// ``TagFileLock``; `flock(2)` locks exclude each other within one process as between two.
@Suite struct TagFileLockCLITests {
    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "tapcard-lock-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Runs one command line in-process; everything it printed, as values (so it can run in a task).
    static func run(_ arguments: [String], home: String) async -> (status: Int32, out: String, err: String) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io.outputText, io.errorOutput)
    }

    static func bytes(_ path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// A new virtual NTAG213 at `directory/name`.
    static func newTag(_ directory: String, _ name: String = "tag.nfc") async throws -> String {
        let path = directory + "/" + name
        let created = await run(["sim", "new", "ntag213", path], home: directory)
        try #require(created.status == 0, "\(created.err)")
        return path
    }

    /// Standard error a test can watch while the command still runs (on another task).
    final class WatchedIO: CommandIO, @unchecked Sendable {
        private let lock = NSLock()
        private var output: [UInt8] = []
        private var errors = ""
        let environment: [String: String]

        init(home: String) { environment = ["TAPCARD_HOME": home] }

        func write(_ bytes: [UInt8]) { lock.withLock { output += bytes } }
        func writeError(_ text: String) { lock.withLock { errors += text } }
        func readStandardInput() -> [UInt8] { [] }
        func readLine() -> String? { nil }
        var outputText: String { lock.withLock { String(decoding: output, as: UTF8.self) } }
        var errorText: String { lock.withLock { errors } }
    }

    @Test func aSecondCommandWaitsSaysSoOnceThenWorksOnTheSavedTag() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try await Self.newTag(directory)
        let holder = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 1)
        let io = WatchedIO(home: directory)
        let command = Task { await CLI.run(["write", "text", "second", "--tag", path, "--json"], io: io) }
        // Hold the file until the command says it waits (however slowly the test machine runs it).
        let deadline = ContinuousClock.now + .seconds(60)
        while !io.errorText.contains("Waiting for another tapcard"), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        // Meanwhile the holder's session saves a different tag (another UID) and lets go: the
        // waiting command must work on that one, not on a copy read before it waited.
        let replacement = EmulatedTag(model: .ntag213, uid: [0x04, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF])
        try VirtualTagFile.save(replacement, to: holder)
        holder.release()

        let status = await command.value
        #expect(status == 0, "\(io.errorText)")
        let waiting = io.errorText.split(separator: "\n").filter { $0.hasPrefix("Waiting for another tapcard") }
        #expect(waiting == ["Waiting for another tapcard using \(path) (up to 15 s)…"])
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(io.outputText.utf8)) as? [String: Any])
        #expect(report["verified"] as? Bool == true)
        #expect((report["uid"] as? [String: Any])?["hex"] as? String == "04aabbccddeeff")
        let read = await Self.run(["read", "--tag", path], home: directory)
        #expect(read.out.contains("second"))
        #expect(read.out.contains("04:AA:BB:CC:DD:EE:FF"))
    }

    @Test func theWaitRunsOutWithExit75AndTheTagUntouched() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try await Self.newTag(directory)
        let before = try Self.bytes(path)
        let holder = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1)
        defer { holder.release() }
        let started = ContinuousClock.now
        let result = await Self.run(
            ["write", "uri", "https://example.com", "--tag", path, "--wait", "1"], home: directory)
        let waited = ContinuousClock.now - started
        #expect(result.status == 75)
        #expect(
            result.err
                == """
                Waiting for another tapcard using \(path) (up to 1 s)…
                error: Another tapcard was still using \(path) after 1 s of waiting; nothing was done. Run the command again when it has finished, or wait longer with --wait SECONDS.

                """)
        #expect(result.out.isEmpty)
        // At least the wait; no upper bound, since a loaded machine may wake the poll late.
        #expect(waited >= .seconds(1))
        #expect(try Self.bytes(path) == before)
        // A reader shares the lock with the holder (who only reads): no wait at all.
        let read = await Self.run(["read", "--tag", path, "--wait", "1"], home: directory)
        #expect(read.status == 0)
        #expect(!read.err.contains("Waiting"))
    }

    /// Every command that opens a virtual tag waits for the lock, readers included (`read` must
    /// not see a session half-applied): each gives up after `--wait 1` while a writer holds it.
    @Test(arguments: [
        ["read"], ["info"], ["write", "uri", "https://example.com"], ["erase"], ["format"],
        ["lock", "--yes-lock-permanently"], ["demo"], ["focus", "tap"],
    ])
    func everyTagCommandHoldsTheLock(_ command: [String]) async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try await Self.newTag(directory)
        let before = try Self.bytes(path)
        let holder = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 1)
        defer { holder.release() }
        let result = await Self.run(command + ["--tag", path, "--wait", "1"], home: directory)
        #expect(result.status == 75, "\(command): \(result.err)")
        #expect(result.err.contains("Another tapcard was still using \(path) after 1 s"), "\(result.err)")
        #expect(try Self.bytes(path) == before)
    }

    @Test func theDefaultTagIsLockedAndCreatedOnce() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        async let a = Self.run(["write", "text", "a"], home: directory)
        async let b = Self.run(["write", "text", "b"], home: directory)
        let results = await [a, b]
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.err))")
        #expect(results.filter { $0.err.contains("Created the default virtual NTAG213") }.count == 1)
        #expect(results.filter { $0.err.contains("Using the default virtual NTAG213") }.count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".tmp") } == [])
    }

    @Test func aReadOnlyTagFileIsReadButNeverChanged() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try await Self.newTag(directory)
        _ = await Self.run(["write", "text", "kept", "--tag", path], home: directory)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let before = try Self.bytes(path)
        let refusal =
            "error: \(path) is read-only (no write permission), so TapCard did not change it; make it writable (chmod u+w) to change the tag.\n"
        for command in [
            ["write", "uri", "https://example.com"], ["erase"], ["format"], ["lock", "--yes-lock-permanently"],
        ] {
            let result = await Self.run(command + ["--tag", path], home: directory)
            // The rule for a file not written where it lies: 74 (README, Exit statuses).
            #expect(result.status == 74, "\(command)")
            #expect(result.err == refusal, "\(command)")
            #expect(result.out.isEmpty)
        }
        #expect(try Self.bytes(path) == before)
        let read = await Self.run(["read", "--tag", path], home: directory)
        #expect(read.status == 0)
        #expect(read.out.contains("kept"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["tag.nfc", "tapcard.sqlite"])
    }

    @Test func aSymbolicLinkToATagIsWrittenThrough() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try await Self.newTag(directory)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.nfc", withDestinationPath: "tag.nfc")
        let write = await Self.run(["write", "text", "through", "--tag", directory + "/link.nfc"], home: directory)
        #expect(write.status == 0, "\(write.err)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.nfc") == "tag.nfc")
        let read = await Self.run(["read", "--tag", path], home: directory)
        #expect(read.out.contains("through"))
    }

    @Test func pathsThatAreNotTagFilesSayWhatIsWrong() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for command in [["read"], ["write", "text", "x"]] {
            let devNull = await Self.run(command + ["--tag", "/dev/null"], home: directory)
            #expect(devNull.status == 66)
            #expect(
                devNull.err
                    == "error: Could not read /dev/null: it is a character device (like /dev/null), not a file.\n")
            let folder = await Self.run(command + ["--tag", directory], home: directory)
            #expect(folder.err == "error: Could not read \(directory): it is a directory.\n")
            let missing = await Self.run(command + ["--tag", directory + "/none.nfc"], home: directory)
            #expect(missing.err == "error: Could not read \(directory)/none.nfc: no such file.\n")
        }
    }

    @Test func waitIsTakenForAVirtualTagAndChecked() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try await Self.newTag(directory)
        #expect(await Self.run(["read", "--tag", path, "--wait", "3"], home: directory).status == 0)
        #expect(await Self.run(["demo", "--tag", path, "--wait", "3"], home: directory).status == 0)
        let zero = await Self.run(["read", "--tag", path, "--wait", "0"], home: directory)
        #expect(zero.status == 64)
        #expect(zero.err.contains("--wait takes a number of seconds above 0."))
    }
}
