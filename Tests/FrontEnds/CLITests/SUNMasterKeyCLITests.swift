import Foundation
import TapCardCLI
import TapCardSupport
import Testing

/// Per-tag keys on the command line: `ntag424 keys --master-key` sets a virtual NTAG 424 DNA's
/// keys from a master key and its UID, `ntag424 sdm setup --master-key` authenticates and checks
/// with them, and `sun verify --master-key` (and `master_key` on a `--jsonl` line) verifies its
/// URLs with the master key alone, in both schemes; `--jsonl -` answers each line before the next
/// is written (a co-process), checked on the built binary.
@Suite struct SUNMasterKeyCLITests {
    static let master = "C9EB67DF090AFF47C3B19A2516680B9D"
    static let other = "B95F4C27E3D0BC333792EA968545217F"
    static let sharedMeta = "5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A"

    /// The first https URL anywhere in `value` (a read's JSON).
    static func firstURL(_ value: Any) -> String? {
        if let string = value as? String { return string.hasPrefix("https://") ? string : nil }
        if let array = value as? [Any] { return array.lazy.compactMap(firstURL).first }
        if let dictionary = value as? [String: Any] {
            return dictionary.keys.sorted().lazy.compactMap { firstURL(dictionary[$0]!) }.first
        }
        return nil
    }

    /// A virtual NTAG 424 DNA with its keys set from the master key and SDM set up with
    /// sdm-backend's key numbers (meta 1, file 2); `scheme` arguments for both commands.
    static func provisioned(
        _ home: CLIHome, _ name: String, scheme: [String] = [], keysExtra: [String] = [], setupExtra: [String] = [],
        uid: String? = nil
    )
        async throws -> String
    {
        var tag = home.path + "/" + name
        if let uid {
            #expect(await home.run(["sim", "new", "ntag424", tag, "--uid", uid]).status == 0)
        } else {
            tag = try await home.newTag("ntag424", name)
        }
        let keys = await home.run(
            ["ntag424", "keys", "--yes-change-keys", "--master-key", master, "--tag", tag] + scheme + keysExtra)
        #expect(keys.status == 0, "\(keys.io.errorOutput)")
        let setup = await home.run(
            [
                "ntag424", "sdm", "setup", "--url-template", "https://t.example/?picc_data={picc}&cmac={mac}",
                "--meta-key-number", "1", "--file-key-number", "2", "--master-key", master, "--tag", tag,
            ] + scheme + setupExtra)
        #expect(setup.status == 0, "\(setup.io.errorOutput)")
        #expect(setup.io.outputText.contains("--master-key …"), "\(setup.io.outputText)")
        return tag
    }

    /// The URL a read of `tag` gets; with `fixedPadding`, PICCData's random padding is fixed
    /// (a debug build's TAPCARD_TEST_SDM_PADDING), so the URL depends on the UID and counter only.
    static func url(_ home: CLIHome, _ tag: String, fixedPadding: Bool = false) async throws -> String {
        var environment = ["TAPCARD_HOME": home.path]
        if fixedPadding { environment["TAPCARD_TEST_SDM_PADDING"] = "a55aa55aa55aa55aa55aa55aa55aa55a" }
        let io = CheckedIO(environment: environment)
        let status = await CLI.run(["read", "--tag", tag, "--json"], io: io)
        #expect(status == 0)
        return try #require(firstURL(try CLIHome.object(io.outputText)), "\(io.outputText)")
    }

    @Test(
        "sdm-backend scheme: keys set from the master key, URLs verify with it alone; another master or the factory keys do not"
    )
    func sdmBackendEndToEnd() async throws {
        let home = try CLIHome("sun-master")
        defer { home.remove() }
        let tag = try await Self.provisioned(home, "a.json")
        let url = try await Self.url(home, tag)
        let valid = await home.run(["sun", "verify", url, "--master-key", Self.master, "--json"])
        #expect(valid.status == 0, "\(valid.io.errorOutput)")
        #expect(try CLIHome.object(valid.io.outputText)["valid"] as? Bool == true)
        let wrong = await home.run(["sun", "verify", url, "--master-key", Self.other])
        #expect(wrong.status == 1)
        let factory = await home.run([
            "sun", "verify", url, "--meta-key", String(repeating: "0", count: 32), "--file-key",
            String(repeating: "0", count: 32),
        ])
        #expect(factory.status == 1)
        // The keys moved off the factory values: key 0 no longer authenticates as zeros.
        let again = await home.run([
            "ntag424", "sdm", "setup", "--url-template", "https://t.example/?picc_data={picc}&cmac={mac}", "--tag", tag,
        ])
        #expect(again.status != 0)
    }

    @Test("AN10922: the shared meta key given once, the file key diversified; verify needs the scheme and the meta key")
    func an10922EndToEnd() async throws {
        let home = try CLIHome("sun-an10922")
        defer { home.remove() }
        let scheme = ["--diversification", "an10922"]
        let missingMeta = await home.run(
            [
                "ntag424", "keys", "--yes-change-keys", "--master-key", Self.master, "--tag",
                try await home.newTag("ntag424", "m.json"),
            ]
                + scheme)
        #expect(missingMeta.status == 64, "\(missingMeta.io.errorOutput)")
        #expect(missingMeta.io.errorOutput.contains("--new-key 1="))
        let tag = try await Self.provisioned(
            home, "b.json", scheme: scheme, keysExtra: ["--new-key", "1=\(Self.sharedMeta)"],
            setupExtra: ["--meta-key", Self.sharedMeta])
        let url = try await Self.url(home, tag)
        let valid = await home.run(
            ["sun", "verify", url, "--master-key", Self.master, "--meta-key", Self.sharedMeta] + scheme)
        #expect(valid.status == 0, "\(valid.io.errorOutput)")
        let wrongScheme = await home.run(["sun", "verify", url, "--master-key", Self.master])
        #expect(wrongScheme.status == 1)
    }

    @Test(
        "--jsonl: master_key per line, three taps verify, a line under another master is refused on its own line (wrong-key: the meta key derives from the master)"
    )
    func batchWithMasterKeys() async throws {
        let home = try CLIHome("sun-master-batch")
        defer { home.remove() }
        // A fixed UID and PICCData padding: the last line's PICCData, decrypted under the other
        // master's meta key, is then always the same bytes, whose first is not C7 (with random
        // ones, 1 run in 256 decrypted to C7 and answered mac-mismatch).
        let tag = try await Self.provisioned(home, "c.json", uid: "04A1B2C3D4E5F6")
        var lines: [String] = []
        for _ in 0..<3 {
            let url = try await Self.url(home, tag, fixedPadding: true)
            lines.append(#"{"url": "\#(url)", "master_key": "\#(Self.master)"}"#)
        }
        let last = try await Self.url(home, tag, fixedPadding: true)
        lines.append(#"{"url": "\#(last)", "master_key": "\#(Self.other)"}"#)
        let io = CheckedIO(input: Array((lines.joined(separator: "\n") + "\n").utf8))
        let status = await CLI.run(["sun", "verify", "--jsonl", "-"], io: io)
        let results = io.outputText.split(separator: "\n").map { try? CLIHome.object(String($0)) }
        #expect(results.map { $0?["valid"] as? Bool } == [true, true, true, false])
        #expect(results.last??["reason"] as? String == "wrong-key")
        #expect(status == 1)
    }

    @Test("Key options that cannot mean one thing are usage errors (64), before anything is read")
    func usageErrors() async throws {
        let home = try CLIHome("sun-master-usage")
        defer { home.remove() }
        let url = "https://t.example/?picc_data=00000000000000000000000000000000&cmac=0000000000000000"
        for arguments in [
            ["--master-key", Self.master, "--file-key", Self.other],
            ["--master-key", Self.master, "--meta-key", Self.other],
            ["--master-key", Self.master, "--diversification", "pbkdf2"],
            ["--master-key", Self.master, "--file-key-number", "5"],
            ["--master-key", Self.master, "--system-identifier", "4E58"],
            ["--meta-key", Self.other, "--file-key", Self.other, "--diversification", "an10922"],
            ["--meta-key", Self.other, "--file-key", Self.other, "--mac-input-from", "middle"],
        ] {
            let result = await home.run(["sun", "verify", url] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.io.errorOutput)")
        }
        let short = await home.run(["sun", "verify", url, "--master-key", "00112233"])
        #expect(short.status == 65, "\(short.io.errorOutput)")
    }

    @Test("The built binary as a co-process: each line written to --jsonl - is answered before the next is written")
    func coProcess() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map { $0.appendingPathComponent("tapcard") }
        guard let binary = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            Issue.record("tapcard binary not found next to \(directory.path): build it (swift build)")
            return
        }
        let zero = String(repeating: "0", count: 32)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["sun", "verify", "--jsonl", "-", "--meta-key", zero, "--file-key", zero]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = Pipe()
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let urls = [
            "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086",
            "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337087",
            SUNVerifyCommandTests.s3,
        ]
        var answers: [String] = []
        for url in urls {
            input.fileHandleForWriting.write(Data((url + "\n").utf8))
            // The answer must come while standard input is still open: a batch that waited for
            // the end of its input would never answer, and the read below would time out.
            let line = Self.readLine(output.fileHandleForReading, timeout: 10)
            guard let line else {
                Issue.record("no answer within 10 s to the line \(answers.count + 1) while its input stays open")
                return
            }
            answers.append(line)
        }
        input.fileHandleForWriting.closeFile()
        process.waitUntilExit()
        let valid = try answers.map { try CLIHome.object($0)["valid"] as? Bool }
        #expect(valid == [true, false, true])
        #expect(process.terminationStatus == 1)
    }

    /// One line from `handle`, or `nil` after `timeout` seconds.
    static func readLine(_ handle: FileHandle, timeout: Double) -> String? {
        let box = LineBox()
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            var bytes: [UInt8] = []
            while true {
                let data = handle.readData(ofLength: 1)
                if data.isEmpty || data.first == 0x0A { break }
                bytes.append(contentsOf: data)
            }
            box.set(String(decoding: bytes, as: UTF8.self))
            done.signal()
        }
        return done.wait(timeout: .now() + timeout) == .success ? box.get() : nil
    }

    final class LineBox: @unchecked Sendable {
        // @unchecked: written once before the semaphore is signalled, read after the wait.
        private var line: String?
        func set(_ value: String) { line = value }
        func get() -> String? { line }
    }
}
