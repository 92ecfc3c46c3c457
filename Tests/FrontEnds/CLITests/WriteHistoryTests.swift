import Foundation
import NDEF
import TapCardCLI
import TapCardSupport
import Testing

/// `write --json` and `erase --json` say what they wrote (`ndef_hex`) and what it replaced
/// (`previous_ndef_hex`), and with them anyone can check that concurrent writers lost nothing.
@Suite struct WriteHistoryTests {
    static func run(_ arguments: [String], home: String) async -> (status: Int32, out: String, err: String) {
        await TagFileLockCLITests.run(arguments, home: home)
    }

    static func object(_ text: String) throws -> [String: Any] {
        let line = text.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// A JSON field that must be present: a string, or nil for JSON null.
    static func hexField(_ object: [String: Any], _ key: String) throws -> String? {
        let value = try #require(object[key], "\(key) is missing")
        if value is NSNull { return nil }
        return try #require(value as? String, "\(key) is neither a string nor null")
    }

    static func hex(_ message: NDEFMessage) -> String { Hex.encode(message.encoded()) }

    @Test func jsonCarriesTheMessageWrittenAndTheOneItReplaced() async throws {
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = try await TagFileLockCLITests.newTag(home)
        let a = NDEFMessage(records: [.uri("https://example.com/a")])
        let b = NDEFMessage(records: [.text("Bonjour", language: "fr")])

        let first = try Self.object(
            await Self.run(["write", "uri", "https://example.com/a", "--tag", path, "--json"], home: home).out)
        #expect(try Self.hexField(first, "ndef_hex") == Self.hex(a))
        #expect(try Self.hexField(first, "previous_ndef_hex") == nil)

        let second = try Self.object(
            await Self.run(["write", "text", "Bonjour", "--lang", "fr", "--tag", path, "--json"], home: home).out)
        #expect(try Self.hexField(second, "ndef_hex") == Self.hex(b))
        #expect(try Self.hexField(second, "previous_ndef_hex") == Self.hex(a))
        #expect(Self.hex(b) == Self.hex(b).lowercased())

        let erase = try Self.object(await Self.run(["erase", "--tag", path, "--json"], home: home).out)
        #expect(try Self.hexField(erase, "ndef_hex") == nil)
        #expect(try Self.hexField(erase, "previous_ndef_hex") == Self.hex(b))

        let again = try Self.object(
            await Self.run(["write", "uri", "https://example.com/a", "--tag", path, "--json"], home: home).out)
        #expect(try Self.hexField(again, "previous_ndef_hex") == nil)
    }

    /// 20 pairs of real `tapcard write` processes, started together on one tag file, each writing
    /// its own message. Every one must verify, and the previous → written chain over all 40 must be
    /// one line: each write replaced exactly the message of the write before it, and no two
    /// replaced the same one. Without the lock, two writers load the same tag, both verify, and
    /// one message is lost: two writes then name the same previous message.
    @Test(.timeLimit(.minutes(3)))
    func twentyPairsOfConcurrentWritersLoseNoUpdate() async throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let binary = try #require(
            RealPCSCStackTests.tapcardBinary(root: root), "tapcard is not built next to the tests")
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = try await TagFileLockCLITests.newTag(home)
        let start = NDEFMessage(records: [.text("start")])
        #expect(await Self.run(["write", "text", "start", "--tag", path], home: home).status == 0)

        let go = home + "/go"
        var writers: [Writer] = []
        for pair in 1...20 {
            for side in ["a", "b"] {
                let message = "pair \(pair) \(side)"
                writers.append(
                    try Writer(
                        label: message, binary: binary, ["write", "text", message, "--tag", path, "--json"], home: home,
                        go: go))
            }
        }
        let began = ContinuousClock.now
        // Every shell waits for `go`, so the 40 processes start within one poll of each other.
        try #require(FileManager.default.createFile(atPath: go, contents: nil))
        var results: [Writer.Result] = []
        for writer in writers { results.append(await writer.finish()) }
        let elapsed = ContinuousClock.now - began

        var previousToWritten: [String?: String] = [:]
        var waited = 0
        for result in results {
            #expect(result.status == 0, "\(result.label): exit \(result.status)\n\(result.err)")
            #expect(!result.err.contains("error"), "\(result.label): \(result.err)")
            if result.err.contains("Waiting for another tapcard using \(path)") { waited += 1 }
            let report = try Self.object(result.out)
            #expect(report["verified"] as? Bool == true, "\(result.label) was not verified")
            let written = try #require(try Self.hexField(report, "ndef_hex"))
            #expect(written == Self.hex(NDEFMessage(records: [.text(result.label)])))
            let previous = try Self.hexField(report, "previous_ndef_hex")
            #expect(
                previousToWritten[previous] == nil,
                "two writes replaced the same message \(previous ?? "null"): an update was lost")
            previousToWritten[previous] = written
        }
        var chain = [Self.hex(start)]
        while let next = previousToWritten[chain.last], chain.count <= results.count { chain.append(next) }
        #expect(chain.count == results.count + 1, "the history is not one line of \(results.count) writes")
        let final = try Self.object(await Self.run(["read", "--tag", path, "--json"], home: home).out)
        #expect((final["ndef"] as? [String: Any])?["hex"] as? String == chain.last)
        #expect(waited > 0, "no writer had to wait: the test did not make them overlap")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home).filter { $0.hasSuffix(".tmp") } == [])
        print(
            "20 pairs (\(results.count) tapcard write processes) on one tag file: \(elapsed) in all, \(waited) waited for the lock, history of \(chain.count - 1) writes in one line"
        )
    }

    /// A `lock` racing a `write` on one file: whichever goes first, the other sees its result. The
    /// lock must never end "Locked" with the tag still writable, and a write that the lock
    /// overtook is refused as read-only rather than reported verified on a copy from before.
    @Test(.timeLimit(.minutes(3)))
    func aLockRacingAWriteNeverEndsLockedButWritable() async throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let binary = try #require(
            RealPCSCStackTests.tapcardBinary(root: root), "tapcard is not built next to the tests")
        let home = try TagFileLockCLITests.directory()
        defer { try? FileManager.default.removeItem(atPath: home) }
        var order: [String: Int] = [:]
        for round in 1...10 {
            let path = try await TagFileLockCLITests.newTag(home, "race-\(round).nfc")
            let go = home + "/go-\(round)"
            let lock = try Writer(
                label: "lock", binary: binary, ["lock", "--yes-lock-permanently", "--tag", path, "--json"], home: home,
                go: go)
            let write = try Writer(
                label: "write", binary: binary, ["write", "uri", "https://example.com/\(round)", "--tag", path],
                home: home,
                go: go)
            try #require(FileManager.default.createFile(atPath: go, contents: nil))
            let locked = await lock.finish()
            let written = await write.finish()
            #expect(locked.status == 0, "\(locked.err)")
            let after = try Self.object(await Self.run(["read", "--tag", path, "--json"], home: home).out)
            #expect(
                after["ndef_status"] as? String == "read-only",
                "round \(round): locked, yet \(after["ndef_status"] ?? "?")")
            if written.status == 0 {
                // The write went first: the lock kept its message.
                #expect(written.out.contains("Verified"))
                #expect(
                    ((after["ndef"] as? [String: Any])?["records"] as? [[String: Any]])?.first.flatMap {
                        $0["view"] as? [String: Any]
                    }?["uri"] as? String
                        == "https://example.com/\(round)")
                order["write first", default: 0] += 1
            } else {
                #expect(written.status == 1)
                #expect(written.err.contains("The tag is read-only"), "\(written.err)")
                order["lock first", default: 0] += 1
            }
        }
        print("lock racing write, 10 rounds: \(order.sorted { $0.key < $1.key })")
    }

    /// One `tapcard` process, held at the start line until `go` exists.
    struct Writer {
        struct Result {
            var label: String
            var status: Int32
            var out: String
            var err: String
        }

        let label: String
        let process = Process()
        let out = Pipe()
        let err = Pipe()
        let exit = ExitSignal()

        /// Resumes whoever waits once the process has exited (`Process.terminationHandler`).
        final class ExitSignal: @unchecked Sendable {
            private let lock = NSLock()
            private var exited = false
            private var waiter: CheckedContinuation<Void, Never>?

            func signal() {
                let resume = lock.withLock {
                    exited = true
                    defer { waiter = nil }
                    return waiter
                }
                resume?.resume()
            }

            func wait() async {
                await withCheckedContinuation { continuation in
                    let done = lock.withLock {
                        if !exited { waiter = continuation }
                        return exited
                    }
                    if done { continuation.resume() }
                }
            }
        }

        init(label: String, binary: String, _ arguments: [String], home: String, go: String) throws {
            self.label = label
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            // Its own database, so that only the tag file is shared.
            let command = arguments + ["--wait", "120", "--db", home + "/\(UUID().uuidString).sqlite"]
            process.arguments =
                ["-c", "while [ ! -e \"$1\" ]; do sleep 0.02; done; shift; exec \"$@\"", "sh", go, binary] + command
            process.environment = ["TAPCARD_HOME": home, "PATH": "/usr/bin:/bin"]
            process.standardOutput = out
            process.standardError = err
            let exit = exit
            process.terminationHandler = { _ in exit.signal() }
            try process.run()
        }

        /// Waits for the process without blocking a thread of the shared pool (other suites run
        /// meanwhile), then collects what it printed: a line or two, which the pipes hold whole.
        func finish() async -> Result {
            await exit.wait()
            return Result(
                label: label, status: process.terminationStatus,
                out: String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self),
                err: String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
    }
}
