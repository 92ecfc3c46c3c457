import Foundation
import TapCardCLI
import Testing

/// Issue 25, item 1, through the CLI on a virtual NTAG 424 DNA: the README's own sequence (a second
/// `--generate` with only key 0's old value) no longer prints keys 1–4 as "already new" and exits 0
/// while they were never sent; the keys file says per key what the tag holds, and `--resume` finishes
/// a change from it.
@Suite struct NTAG424KeysFileTests {
    private func run(_ arguments: [String], home: String) async -> (status: Int32, io: CheckedIO) {
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(arguments, io: io)
        return (status, io)
    }

    private func tag() async throws -> (home: String, path: String) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        let path = url.path + "/tag.t4"
        let created = await run(["sim", "new", "ntag424", path], home: url.path)
        #expect(created.status == 0, "\(created.io.errorOutput)")
        return (url.path, path)
    }

    private func lines(_ path: String) throws -> [String: String] {
        var out: [String: String] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#")
        {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { out[parts[0]] = parts[1] }
        }
        return out
    }

    @Test func aSecondGenerateWithOnlyKeyZerosOldValueIsRefusedAndTheFileSaysSo() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let a = home + "/a.keys"
        let b = home + "/b.keys"
        let first = await run(
            ["ntag424", "keys", "--tag", path, "--yes-change-keys", "--generate", "--new-keys-out", a], home: home)
        #expect(first.status == 0, "\(first.io.errorOutput)")
        #expect(try lines(a).filter { $0.key.hasPrefix("tag") }.values.allSatisfy { $0 == "new" })
        let keyZero = try #require(try lines(a)["key0"])
        let second = await run(
            [
                "ntag424", "keys", "--tag", path, "--yes-change-keys", "--generate", "--new-keys-out", b,
                "--old-key", "0=\(keyZero)",
            ], home: home)
        #expect(second.status == 1)
        #expect(!second.io.outputText.contains("already new"))
        #expect(second.io.errorOutput.contains("did not accept the old value given for key 1"))
        let states = try lines(b)
        #expect(states["tag1"] == "neither")
        #expect(["tag0", "tag2", "tag3", "tag4"].allSatisfy { states[$0] == "old" })
        // a.keys still opens every key: resuming from it proves all five new and changes nothing.
        let check = await run(
            ["ntag424", "keys", "--tag", path, "--yes-change-keys", "--resume", a, "--json"], home: home)
        #expect(check.status == 0, "\(check.io.errorOutput)")
        #expect(check.io.outputText.contains("\"already_new\":[0,1,2,3,4]"))
        #expect(check.io.outputText.contains("\"changed\":[]"))
        // With the tag's keys put in b.keys's oldN= lines, --resume finishes the second change.
        let known = try lines(a)
        var fixed = try String(contentsOfFile: b, encoding: .utf8)
        for number in 1...4 {
            fixed = fixed.replacingOccurrences(
                of: "old\(number)=\(String(repeating: "0", count: 32))", with: "old\(number)=\(known["key\(number)"]!)")
        }
        try fixed.write(toFile: b, atomically: true, encoding: .utf8)
        let finish = await run(
            ["ntag424", "keys", "--tag", path, "--yes-change-keys", "--resume", b, "--json"], home: home)
        #expect(finish.status == 0, "\(finish.io.errorOutput)")
        #expect(finish.io.outputText.contains("\"changed\":[1,2,3,4,0]"))
        #expect(try lines(b).filter { $0.key.hasPrefix("tag") }.values.allSatisfy { $0 == "new" })
    }

    @Test func aWrongOldKeyForOneKeyIsNeverPrintedAsChanged() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let key = String(repeating: "AB", count: 16)
        let set = await run(
            ["ntag424", "keys", "--tag", path, "--yes-change-keys", "--new-key", "1=\(key)", "--print-new-keys"],
            home: home)
        #expect(set.status == 0)
        let wrong = await run(
            [
                "ntag424", "keys", "--tag", path, "--yes-change-keys", "--new-key",
                "1=\(String(repeating: "CD", count: 16))",
                "--old-key", "1=\(String(repeating: "11", count: 16))", "--print-new-keys",
            ], home: home)
        #expect(wrong.status == 1)
        #expect(!wrong.io.outputText.contains("Keys changed"))
    }

    @Test func resumeFinishesFromAPendingFileWhateverIsAlreadyNew() async throws {
        let (home, path) = try await tag()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let keys = (0...4).map { String(repeating: String(format: "%02X", 0x40 + $0), count: 16) }
        // An earlier run wrote its file and was killed after changing keys 1 and 2.
        var text = "# NTAG 424 DNA keys, version 1\n# pending: written before the first ChangeKey.\n"
        for number in 0...4 {
            text +=
                "key\(number)=\(keys[number])\nold\(number)=\(String(repeating: "0", count: 32))\ntag\(number)=pending\n"
        }
        let file = home + "/pending.keys"
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let partial = await run(
            [
                "ntag424", "keys", "--tag", path, "--yes-change-keys", "--new-key", "1=\(keys[1])", "--new-key",
                "2=\(keys[2])", "--print-new-keys",
            ], home: home)
        #expect(partial.status == 0)
        let resumed = await run(
            ["ntag424", "keys", "--tag", path, "--yes-change-keys", "--resume", file, "--json"], home: home)
        #expect(resumed.status == 0, "\(resumed.io.errorOutput)")
        #expect(resumed.io.outputText.contains("\"changed\":[3,4,0]"))
        #expect(resumed.io.outputText.contains("\"already_new\":[1,2]"))
        let states = try lines(file)
        #expect((0...4).allSatisfy { states["tag\($0)"] == "new" })
        let mode = (try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)
    }
}
