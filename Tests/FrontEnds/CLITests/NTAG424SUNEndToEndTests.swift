import Foundation
import TapCardCLI
import TapCardSupport
import TestSupport
import Testing

/// The SUN round trip through the CLI alone, on a virtual NTAG 424 DNA file: `sim new` →
/// `ntag424 sdm setup` → `read` → `sun verify`, for each template style, seeded random hosts and
/// keys, `--track` across reads, and keys changed with `ntag424 keys`. The SDM read counter lives
/// in the file, so each `read` (a separate invocation) serves a new URL.
@Suite struct NTAG424SUNEndToEndTests {
    static let zero = String(repeating: "0", count: 32)

    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    /// A new virtual NTAG 424 DNA in a fresh TAPCARD_HOME.
    private func tag() async throws -> (home: String, path: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-sun-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let path = url.path + "/tag.t4"
        let created = await run(["sim", "new", "ntag424", path], home: url.path)
        #expect(created.status == 0, "\(created.io.errorOutput)")
        return (url.path, path)
    }

    private func setUp(_ path: String, home: String, template: String, extra: [String] = []) async throws {
        let setup = await run(
            ["ntag424", "sdm", "setup", "--tag", path, "--url-template", template, "--json"] + extra, home: home)
        #expect(setup.status == 0, "\(template): \(setup.io.errorOutput)")
        #expect(try object(setup.io.outputText)["verified"] as? Bool == true)
    }

    /// The first string starting with `https://` anywhere in a JSON value.
    private func firstURL(_ value: Any) -> String? {
        if let string = value as? String { return string.hasPrefix("https://") ? string : nil }
        if let array = value as? [Any] { return array.lazy.compactMap(firstURL).first }
        if let dictionary = value as? [String: Any] {
            return dictionary.keys.sorted().lazy.compactMap { firstURL(dictionary[$0]!) }.first
        }
        return nil
    }

    /// `tapcard read --tag path --json`: the URL the tag served and the UID it reports (lowercase hex).
    private func read(_ path: String, home: String) async throws -> (url: String, uid: String) {
        let result = await run(["read", "--tag", path, "--json"], home: home)
        #expect(result.status == 0, "\(result.io.errorOutput)")
        let json = try object(result.io.outputText)
        let url = try #require(firstURL(json["ndef"] as Any), "\(result.io.outputText)")
        let uid = try #require((json["uid"] as? [String: Any])?["hex"] as? String)
        return (url, uid.lowercased().replacingOccurrences(of: ":", with: ""))
    }

    private func verify(_ url: String, meta: String, file: String, home: String, extra: [String] = []) async throws
        -> (status: Int32, json: [String: Any])
    {
        let result = await run(
            ["sun", "verify", url, "--meta-key", meta, "--file-key", file, "--json"] + extra, home: home)
        return (result.status, try object(result.io.outputText))
    }

    @Test func eachReadInvocationServesTheNextCounter() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try await setUp(path, home: home, template: "https://h.example/p?e={picc}&c={mac}")
        let first = try await read(path, home: home)
        let second = try await read(path, home: home)
        #expect(first.url != second.url)
        let a = try await verify(first.url, meta: Self.zero, file: Self.zero, home: home)
        let b = try await verify(second.url, meta: Self.zero, file: Self.zero, home: home)
        #expect(a.status == 0 && b.status == 0)
        let n = try #require(a.json["counter"] as? Int)
        #expect(b.json["counter"] as? Int == n + 1)
        #expect(a.json["uid"] as? String == first.uid && b.json["uid"] as? String == first.uid)
    }

    @Test func theThreeStylesVerify() async throws {
        let styles: [(template: String, fileData: String?)] = [
            ("https://h.example/p?e={picc}&c={mac}", nil),
            ("https://h.example/p?picc_data={picc}&enc={enc}&cmac={mac}", "secret-file-16b!"),
            ("https://h.example/p?uid={uid}&ctr={ctr}&cmac={mac}", nil),
        ]
        for (template, fileData) in styles {
            let (home, path) = try await tag()
            defer { try? FileManager.default.removeItem(atPath: home) }
            try await setUp(path, home: home, template: template, extra: fileData.map { ["--file-data", $0] } ?? [])
            let served = try await read(path, home: home)
            let result = try await verify(served.url, meta: Self.zero, file: Self.zero, home: home)
            #expect(result.status == 0, "\(template): \(result.json)")
            #expect(result.json["valid"] as? Bool == true)
            #expect(result.json["uid"] as? String == served.uid, "\(template)")
            #expect((result.json["counter"] as? Int).map { $0 >= 1 } == true, "\(template)")
            if let fileData {
                #expect(result.json["file_text"] as? String == fileData)
            } else {
                #expect(result.json["file_data"] is NSNull)
            }
            let wrong = try await verify(
                served.url, meta: String(repeating: "1", count: 32), file: String(repeating: "1", count: 32),
                home: home)
            #expect(wrong.status == 1 && wrong.json["valid"] as? Bool == false, "\(template)")
        }
    }

    @Test func trackAcceptsEachNewReadAndRefusesAReplay() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try await setUp(path, home: home, template: "https://h.example/p?uid={uid}&ctr={ctr}&cmac={mac}")
        let db = home + "/sun.sqlite"
        let track = ["--track", "--db", db]
        let first = try await read(path, home: home)
        let second = try await read(path, home: home)
        let a = try await verify(first.url, meta: Self.zero, file: Self.zero, home: home, extra: track)
        #expect(a.status == 0 && a.json["tracked"] as? Bool == true, "\(a.json)")
        let b = try await verify(second.url, meta: Self.zero, file: Self.zero, home: home, extra: track)
        #expect(b.status == 0, "\(b.json)")
        let n = try #require(a.json["counter"] as? Int)
        #expect(b.json["counter"] as? Int == n + 1 && b.json["last_counter"] as? Int == n)
        let replay = try await verify(first.url, meta: Self.zero, file: Self.zero, home: home, extra: track)
        #expect(replay.status == 1 && replay.json["reason"] as? String == "counter-not-increasing", "\(replay.json)")
        #expect(replay.json["last_counter"] as? Int == n + 1)
        let wrong = try await verify(
            try await read(path, home: home).url, meta: Self.zero, file: String(repeating: "E", count: 32),
            home: home, extra: track)
        #expect(wrong.status == 1 && wrong.json["valid"] as? Bool == false, "\(wrong.json)")
    }

    /// Seeded random hosts, key numbers and keys: the keys changed with `ntag424 keys`, the
    /// template set up with the new key 0, verified with the new keys, refused with the old ones.
    @Test func randomHostsAndChangedKeys() async throws {
        var random = SplitMix64(seed: 0x424_5E2E)
        let letters = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        for index in 0..<6 {
            let (home, path) = try await tag()
            defer { try? FileManager.default.removeItem(atPath: home) }
            let keys = (0..<5).map { _ in random.bytes(16).map { String(format: "%02X", $0) }.joined() }
            let arguments =
                ["ntag424", "keys", "--tag", path, "--yes-change-keys", "--new-keys-out", home + "/keys.txt"]
                + keys.enumerated().flatMap { ["--new-key", "\($0.offset)=\($0.element)"] }
            let changed = await run(arguments, home: home)
            #expect(changed.status == 0, "case \(index): \(changed.io.errorOutput)")
            let host = String(
                (0..<Int.random(in: 1...20, using: &random)).map { _ in letters.randomElement(using: &random)! })
            let meta = Int.random(in: 1...4, using: &random)
            let file = Int.random(in: 1...4, using: &random)
            let template =
                index.isMultiple(of: 2)
                ? "https://\(host).example/t?e={picc}&c={mac}"
                : "https://\(host).example/t?picc_data={picc}&enc={enc}&cmac={mac}"
            let fileData = String((0..<16).map { _ in letters.randomElement(using: &random)! })
            let extra =
                [
                    "--key", keys[0], "--meta-key-number", "\(meta)", "--file-key-number", "\(file)", "--meta-key",
                    keys[meta], "--file-key", keys[file],
                ]
                + (index.isMultiple(of: 2) ? [] : ["--file-data", fileData])
            // The factory key no longer changes the NDEF file.
            let refused = await run(["ntag424", "sdm", "setup", "--tag", path, "--url-template", template], home: home)
            #expect(refused.status != 0, "case \(index)")
            try await setUp(path, home: home, template: template, extra: extra)
            let served = try await read(path, home: home)
            #expect(served.url.hasPrefix("https://\(host).example/t?"))
            let result = try await verify(served.url, meta: keys[meta], file: keys[file], home: home)
            #expect(result.status == 0, "case \(index) \(template): \(result.json)")
            #expect(result.json["uid"] as? String == served.uid)
            if !index.isMultiple(of: 2) { #expect(result.json["file_text"] as? String == fileData) }
            let old = try await verify(served.url, meta: Self.zero, file: Self.zero, home: home)
            #expect(old.status == 1 && old.json["valid"] as? Bool == false, "case \(index)")
        }
    }
}
