import Foundation
import TapCardCLI
import Testing

/// Issue 26, item 5: argument and confirmation checks come before any tag, database or directory
/// is created. Each refusal runs with an empty data directory (`TAPCARD_HOME`) and names its files
/// in an empty folder (`WORK/`), and both must still be empty afterwards. Before, `read extra` created the
/// default virtual tag and `--db` in a missing directory created the directories.
@Suite struct RefusalSideEffectTests {
    static let zero = String(repeating: "0", count: 32)

    static let refusals: [[String]] = [
        ["read", "extra"], ["info", "extra", "words"], ["erase", "extra"], ["format", "extra"],
        ["write"], ["write", "text"], ["write", "bogus-kind", "x"], ["write", "text", "x", "--auth-key", "9=" + zero],
        ["lock"], ["lock", "extra", "--yes-lock-permanently"], ["protect"], ["unprotect", "extra"],
        ["tags", "--db", "WORK/missing/x/y.sqlite"], ["read", "--db", "WORK/missing/x.sqlite"],
        ["ntag424", "keys", "--generate", "--new-keys-out", "WORK/k.keys"],
        ["ntag424", "sdm", "setup", "--url-template", "https://h/p?e={picc}&c={mac}", "--lrp"],
        ["ntag424", "sdm", "setup", "--url-template", "https://h/p?c={mac}"],
        ["sim", "new"], ["sim", "new", "no-such-model", "WORK/t.nfc"], ["page", "--out", "WORK/site"],
        ["sun", "verify", "https://h/p?e=00&c=00"],
        ["focus", "tap", "extra"], ["bogus"], ["read", "--bogus"],
    ]

    @Test("A refusal leaves the data directory and the working directory empty", arguments: refusals)
    func leavesNothing(line: [String]) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-empty-\(UUID().uuidString)")
        let home = root.appendingPathComponent("home")
        let work = root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let io = CheckedIO(environment: ["TAPCARD_HOME": home.path])
        let status = await CLI.run(line.map { $0.replacingOccurrences(of: "WORK/", with: work.path + "/") }, io: io)
        #expect(status != 0, "\(line) succeeded")
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "\(line): \(io.errorOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty, "\(line): \(io.errorOutput)")
    }
}
