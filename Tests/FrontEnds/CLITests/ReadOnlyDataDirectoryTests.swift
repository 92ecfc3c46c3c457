import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// A data directory on a read-only filesystem (issue 39, item 8): `tags`, which only reads,
/// works there, and a write names the filesystem's reason, not "chmod u+w".
///
/// Tests run as root here, and root ignores permission bits, so a `chmod 0555` proves nothing.
/// These make the directory really read-only with a read-only bind mount (`mount --bind`, then
/// `remount,ro`); where the process may not mount (no CAP_SYS_ADMIN, macOS), they are skipped
/// and say so, and `tagsCreatesNothing` still shows that `tags` writes nothing.
@Suite(.serialized) struct ReadOnlyDataDirectoryTests {
    /// Runs `/bin/mount` (or `umount`) with `arguments`; true when it succeeded.
    static func mount(_ arguments: [String], tool: String = "/bin/mount") -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return false
        }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// `home` made read-only in place by a read-only bind mount of itself; `body` runs while it
    /// is; the mount is undone after. Records nothing and returns false when mounting fails.
    static func readOnly(_ home: CLIHome, _ body: () async throws -> Void) async throws -> Bool {
        guard mount(["--bind", home.path, home.path]) else { return false }
        defer { _ = mount([home.path], tool: "/bin/umount") }
        guard mount(["-o", "remount,bind,ro", home.path]) else { return false }
        try await body()
        return true
    }

    @Test func tagsCreatesNothing() async throws {
        let home = try CLIHome("tags-reads-only")
        defer { home.remove() }
        let tags = await home.run(["tags"])
        #expect(tags.status == 0, "\(tags.io.errorOutput)")
        #expect(tags.io.outputText == "No tags recorded yet.\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    @Test func tagsAndReadWorkOnAReadOnlyFilesystem() async throws {
        let home = try CLIHome("tags-read-only-fs")
        defer { home.remove() }
        let tag = try await home.newTag("ntag213", "t.nfc")
        #expect(await home.run(["write", "text", "hi", "--tag", tag]).status == 0)
        let mounted = try await Self.readOnly(home) {
            let tags = await home.run(["tags"])
            #expect(tags.status == 0, "\(tags.io.errorOutput)")
            #expect(tags.io.outputText.contains("ntag213"), "\(tags.io.outputText)")
            let write = await home.run(["write", "text", "again", "--tag", tag])
            #expect(write.status != 0)
            #expect(write.io.errorOutput.contains("the filesystem is mounted read-only"), "\(write.io.errorOutput)")
            #expect(!write.io.errorOutput.contains("chmod"))
        }
        if !mounted { print("skipped: this process may not make a read-only bind mount") }
    }

    /// `focus status`, `history` and `settings` only show: on a read-only filesystem they show
    /// (a session past its planned end as ended, recorded by the next command that can write),
    /// where they used to stop at SQLite's "unable to open database file" with 69. A command that
    /// records says the filesystem's reason, with 74 ("writing a file failed").
    @Test func focusShowsOnAReadOnlyFilesystemAndAWriteSaysWhy() async throws {
        let home = try CLIHome("focus-read-only-fs")
        defer { home.remove() }
        // The tag lives outside the data directory: only the database is on the read-only mount.
        let tags = try CLIHome("focus-read-only-tags")
        defer { tags.remove() }
        let tag = try await tags.newTag("ntag213", "t.nfc")
        let start = 1_796_126_400
        func run(_ arguments: [String], at seconds: Int) async -> (status: Int32, io: CheckedIO) {
            let io = CheckedIO(environment: ["TAPCARD_HOME": home.path, "TAPCARD_TEST_NOW": "\(seconds)"])
            return (await CLI.run(arguments, io: io), io)
        }
        #expect(await run(["focus", "settings", "--for", "1h"], at: start).status == 0)
        #expect(await run(["focus", "pair", "--tag", tag], at: start).status == 0)
        #expect(await run(["focus", "tap", "--tag", tag], at: start + 1).status == 0)
        let mounted = try await Self.readOnly(home) {
            let running = await run(["focus", "status", "--json"], at: start + 60)
            #expect(running.status == 0, "\(running.io.errorOutput)")
            #expect(running.io.outputText.contains(#""phase":"active""#), "\(running.io.outputText)")
            let over = await run(["focus", "status"], at: start + 7_200)
            #expect(over.status == 0, "\(over.io.errorOutput)")
            #expect(!over.io.outputText.contains("running since"), "\(over.io.outputText)")
            let history = await run(["focus", "history", "--json"], at: start + 7_200)
            #expect(history.status == 0, "\(history.io.errorOutput)")
            #expect(!history.io.outputText.contains(#""ended_at":null"#), "\(history.io.outputText)")
            let settings = await run(["focus", "settings"], at: start + 7_200)
            #expect(settings.status == 0, "\(settings.io.errorOutput)")
            let tap = await run(["focus", "tap", "--tag", tag], at: start + 7_300)
            #expect(tap.status == 74, "\(tap.io.errorOutput)")
            #expect(tap.io.errorOutput.contains("cannot be written: the filesystem is mounted read-only"))
            let read = await run(["read", "--tag", tag], at: start + 7_300)
            #expect(read.status == 0)
            #expect(read.io.errorOutput.contains("the filesystem is mounted read-only"), "\(read.io.errorOutput)")
        }
        if !mounted { print("skipped: this process may not make a read-only bind mount") }
        // Once writable again, the session that ended by itself is recorded.
        let after = await run(["focus", "history", "--json"], at: start + 7_400)
        #expect(!after.io.outputText.contains(#""ended_at":null"#), "\(after.io.outputText)")
    }

    /// With no database yet, the showing commands work on a read-only filesystem and create
    /// nothing (an empty store in memory).
    @Test func focusStatusWithoutADatabaseOnAReadOnlyFilesystem() async throws {
        let home = try CLIHome("focus-read-only-empty")
        defer { home.remove() }
        let mounted = try await Self.readOnly(home) {
            let status = await home.run(["focus", "status"])
            #expect(status.status == 0, "\(status.io.errorOutput)")
            #expect(status.io.outputText.contains("No focus session yet"), "\(status.io.outputText)")
            #expect(await home.run(["focus", "history"]).status == 0)
        }
        if !mounted { print("skipped: this process may not make a read-only bind mount") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }

    @Test func errnoSentences() {
        #expect(SystemErrorText.reason(EROFS) == "the filesystem is mounted read-only")
        #expect(SystemErrorText.reason(ENOSPC) == "the disk is full")
        #expect(SystemErrorText.reason(EDQUOT) == "the disk quota is used up")
        #expect(SystemErrorText.reason(EACCES) == "permission denied")
    }
}
