import Foundation
import TagCatalog
import Testing

@testable import TagEmulator

/// Issue 25, item 7: a virtual NTAG 424 DNA holding keys that are not the factory's is saved 0600
/// (its temporary copy too), whatever the umask and the old file's bits; copies left by killed saves
/// are removed when the tag is next opened, unless their process is alive. Before, the file stayed
/// 0644 and the `.X.tapcard-PID-*.tmp` copies stayed forever.
@Suite(.serialized) struct VirtualTagSecretsTests {
    private func directory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-secret-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    private func tag(secret: Bool) -> EmulatedType4Tag {
        let tag = EmulatedType4Tag(model: .ntag424DNA, uid: [0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66])
        if secret { tag.memory.keys[1] = Type4Key(value: (1...16).map { UInt8($0) }, version: 1) }
        return tag
    }

    @Test("A tag with a non-factory key is saved 0600, over a 0644 file, unlocked and locked; a factory one keeps 0644")
    func savedPrivately() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/tag.t4"
        try VirtualTag.type4(tag(secret: false)).save(to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        try VirtualTag.type4(tag(secret: false)).save(to: path)
        #expect(try mode(path) == 0o644)
        #expect(!VirtualTag.type4(tag(secret: false)).holdsSecrets)
        try VirtualTag.type4(tag(secret: true)).save(to: path)
        #expect(try mode(path) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let lock = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 0)
        try VirtualTag.type4(tag(secret: true)).save(to: lock)
        lock.release()
        #expect(try mode(path) == 0o600)
    }

    @Test("The temporary copy of a secret save is 0600 from its creation")
    func temporaryCopyIsPrivate() throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let copy = try FileBytes.Temporary.make(
            for: folder + "/tag.t4", shown: "tag.t4", bytes: [0x41], like: nil, locked: false, secret: true)
        defer { copy.discard() }
        #expect(try mode(copy.path) == 0o600)
    }

    @Test("Opening the tag removes copies whose process is gone and keeps a live process's")
    func staleCopiesRemoved() async throws {
        let folder = try directory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/tag.t4"
        try VirtualTag.type4(tag(secret: true)).save(to: path)
        // PID 2147483646 exists on no Linux or macOS system (pid_max is far below it).
        let dead = folder + "/.tag.t4.tapcard-2147483646-1a2b.tmp"
        let live = folder + "/.tag.t4.tapcard-\(ProcessInfo.processInfo.processIdentifier)-3c4d.tmp"
        let otherTag = folder + "/.other.t4.tapcard-2147483646-5e6f.tmp"
        for file in [dead, live, otherTag] {
            #expect(FileManager.default.createFile(atPath: file, contents: Data("Key 1: 01".utf8)))
        }
        _ = try VirtualTag.load(path)
        #expect(!FileManager.default.fileExists(atPath: dead))
        #expect(FileManager.default.fileExists(atPath: live))
        #expect(FileManager.default.fileExists(atPath: otherTag))
        // Through the lock the CLI takes, too.
        #expect(FileManager.default.createFile(atPath: dead, contents: Data()))
        let lock = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 0)
        lock.release()
        #expect(!FileManager.default.fileExists(atPath: dead))
    }
}
