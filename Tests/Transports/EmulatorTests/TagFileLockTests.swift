import Foundation
import TagEmulator
import Testing

/// One session per tag file at a time (``TagFileLock``). `flock(2)` locks belong to an open file,
/// so two locks taken in one process exclude each other exactly as two processes do: these tests
/// run both sides in-process (the CLI tests run real processes).
@Suite struct TagFileLockTests {
    static func directory() throws -> String {
        try FileBytesTests.directory()
    }

    /// Counts calls from the `whileWaiting` closure, which may run on another task.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test func aSecondOpenerWaitsThenReadsWhatTheFirstSaved() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write(Array("old".utf8), to: path)

        let first = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 5)
        let waits = Counter()
        let started = ContinuousClock.now
        let second = Task {
            let lock = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 10) { waits.increment() }
            defer { lock.release() }
            return (String(decoding: try lock.read(), as: UTF8.self), ContinuousClock.now - started)
        }
        // However slowly the machine runs the second task: hold until it says it waits.
        let deadline = ContinuousClock.now + .seconds(60)
        while waits.count == 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        try await Task.sleep(for: .milliseconds(300))
        #expect(waits.count == 1)
        // The first session saves (a new file renamed over the old one) and only then lets go.
        try first.write(Array("new".utf8))
        try await Task.sleep(for: .milliseconds(100))
        #expect(waits.count == 1)
        first.release()

        let (seen, waited) = try await second.value
        #expect(seen == "new", "the second session must never work on the copy from before the first one's save")
        #expect(waited >= .milliseconds(400))
        #expect(waits.count == 1, "'waiting' is said once")
        #expect(try FileBytesTests.listing(directory) == ["tag.nfc"], "a lock leaves no file behind")
    }

    @Test func theWaitRunsOutWithATypedErrorNamingFileAndSeconds() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([1, 2, 3], to: path)
        let holder = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 1)
        defer { holder.release() }

        let waits = Counter()
        let started = ContinuousClock.now
        await #expect(throws: EmulatorError.lockTimeout(path: path, seconds: 1)) {
            _ = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1) { waits.increment() }
        }
        let waited = ContinuousClock.now - started
        // At least the wait; no upper bound, since a loaded machine may wake the poll late.
        #expect(waited >= .seconds(1), "\(waited)")
        #expect(waits.count == 1)
        #expect(EmulatorError.lockTimeout(path: path, seconds: 1).origin == .refusal)
        #expect(
            EmulatorError.lockTimeout(path: path, seconds: 1).sentence
                == "Another process was still using \(path) after 1 s of waiting; nothing was done.")
        #expect(try FileBytesTests.bytes(path) == [1, 2, 3])
    }

    @Test func readersShareTheLockAndAWriterWaitsForThem() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([1], to: path)
        let reader1 = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1)
        let reader2 = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1)
        #expect(try reader1.read() == [1])
        #expect(try reader2.read() == [1])
        await #expect(throws: EmulatorError.lockTimeout(path: path, seconds: 1)) {
            _ = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 1)
        }
        reader1.release()
        reader2.release()
        let writer = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 1)
        await #expect(throws: EmulatorError.lockTimeout(path: path, seconds: 1)) {
            _ = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1)
        }
        writer.release()
    }

    /// A save puts a new file at the path; the lock must be on that one too, or a third process
    /// opening the path after the save would get in while the session still runs.
    @Test func theLockFollowsTheFileAcrossSaves() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([0], to: path)
        let session = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 1)
        for round in 1...3 {
            try session.write([UInt8(round)])
            await #expect(throws: EmulatorError.lockTimeout(path: path, seconds: 1)) {
                _ = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1)
            }
        }
        #expect(try session.read() == [3])
        session.release()
        session.release()  // twice is harmless
        #expect(!session.isHeld)
        let next = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1)
        #expect(try next.read() == [3])
        #expect(try FileBytesTests.listing(directory) == ["tag.nfc"])
    }

    @Test func aSymbolicLinkAndItsTargetAreOneTag() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([1], to: path)
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.nfc", withDestinationPath: "tag.nfc")
        let viaLink = try await TagFileLock.acquire(directory + "/link.nfc", for: .writing, waitingUpTo: 1)
        #expect(viaLink.file == path)
        await #expect(throws: EmulatorError.lockTimeout(path: path, seconds: 1)) {
            _ = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 1)
        }
        try viaLink.write([2])
        viaLink.release()
        #expect(try FileBytesTests.bytes(path) == [2])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.nfc") == "tag.nfc")
    }

    /// Two sessions creating the same missing file at once: one creates it, the other waits and
    /// then reads the first one's bytes instead of replacing them with its own.
    @Test func creatingAMissingFileHappensOnce() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        for _ in 0..<20 {
            try? FileManager.default.removeItem(atPath: path)
            async let a = Self.createAndHold(path, bytes: [0xA])
            async let b = Self.createAndHold(path, bytes: [0xB])
            let (first, second) = try await (a, b)
            #expect([first.created, second.created].filter { $0 }.count == 1)
            let winner = first.created ? first.bytes : second.bytes
            #expect(first.bytes == winner && second.bytes == winner)
            #expect(try FileBytesTests.bytes(path) == winner)
            #expect(try FileBytesTests.listing(directory) == ["tag.nfc"])
        }
    }

    static func createAndHold(_ path: String, bytes: [UInt8]) async throws -> (created: Bool, bytes: [UInt8]) {
        let lock = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 5, creatingWith: bytes)
        defer { lock.release() }
        try await Task.sleep(for: .milliseconds(5))
        return (lock.created, try lock.read())
    }

    @Test func whatIsNotATagFileIsRefusedWithoutWaiting() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        await #expect(
            throws: EmulatorError.fileUnreadable(
                path: "/dev/null", reason: "it is a character device (like /dev/null), not a file")
        ) {
            _ = try await TagFileLock.acquire("/dev/null", for: .reading, waitingUpTo: 1)
        }
        await #expect(throws: EmulatorError.fileUnreadable(path: directory, reason: "it is a directory")) {
            _ = try await TagFileLock.acquire(directory, for: .writing, waitingUpTo: 1)
        }
        await #expect(throws: EmulatorError.fileUnreadable(path: directory + "/none.nfc", reason: "no such file")) {
            _ = try await TagFileLock.acquire(directory + "/none.nfc", for: .writing, waitingUpTo: 1)
        }
        #expect(try FileBytesTests.listing(directory) == [])
    }

    /// A session that may save is refused up front on a read-only file — even while another
    /// session holds it, so the refusal never waits — and reading it is still fine.
    @Test func aReadOnlyFileRefusesAWritingSessionAtOnce() async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([5], to: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let reader = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1)
        let started = ContinuousClock.now
        await #expect(throws: EmulatorError.fileReadOnly(path: path)) {
            _ = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 5)
        }
        #expect(ContinuousClock.now - started < .seconds(1))
        #expect(try reader.read() == [5])
        reader.release()
        #expect(try FileBytesTests.bytes(path) == [5])
    }

    /// A save through the lock that fails at any step, locking the new copy included: the file
    /// and the lock stay as they were, and no temporary copy remains.
    @Test(arguments: FileBytes.Step.allCases)
    func aFailedSaveKeepsTheFileAndTheLock(_ step: FileBytes.Step) async throws {
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tag.nfc"
        try FileBytes.write([1], to: path)
        let session = try await TagFileLock.acquire(path, for: .writing, waitingUpTo: 1)
        #expect(throws: EmulatorError.self) {
            try FileBytes.injectedFailure.withValue(step) { try session.write([2]) }
        }
        #expect(session.isHeld)
        #expect(try session.read() == [1])
        await #expect(throws: EmulatorError.lockTimeout(path: path, seconds: 1)) {
            _ = try await TagFileLock.acquire(path, for: .reading, waitingUpTo: 1)
        }
        try session.write([3])
        session.release()
        #expect(try FileBytesTests.bytes(path) == [3])
        #expect(try FileBytesTests.listing(directory) == ["tag.nfc"])
    }
}
