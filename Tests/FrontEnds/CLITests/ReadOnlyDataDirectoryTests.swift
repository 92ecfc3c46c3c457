import Foundation
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

    @Test func errnoSentences() {
        #expect(SystemErrorText.reason(EROFS) == "the filesystem is mounted read-only")
        #expect(SystemErrorText.reason(ENOSPC) == "the disk is full")
        #expect(SystemErrorText.reason(EDQUOT) == "the disk quota is used up")
        #expect(SystemErrorText.reason(EACCES) == "permission denied")
    }
}
