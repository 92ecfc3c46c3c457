import Foundation
import TapCardCLI
import Testing

/// Issue 26, item 4: one rule for an option's number or choice out of range, whether the range is
/// the option's own or the tag's: a usage error, exit 64. Before, `protect --attempts 0` was 64
/// but `--attempts 8` 65, `--from-page 2` 65 and `sdm setup --meta-key-number 5` 65.
@Suite struct OptionRangeExitStatusTests {
    static let lines: [[String]] = [
        ["protect", "--password", "11223344", "--tag", "T2", "--attempts", "0"],
        ["protect", "--password", "11223344", "--tag", "T2", "--attempts", "8"],
        ["protect", "--password", "11223344", "--tag", "T2", "--from-page", "2"],
        ["protect", "--password", "11223344", "--tag", "T2", "--from-page", "300"],
        ["protect", "--password", "11223344", "--tag", "T2", "--from-page", "x"],
        [
            "ntag424", "sdm", "setup", "--tag", "T4", "--url-template", "https://h/p?e={picc}&c={mac}",
            "--meta-key-number", "5",
        ],
        [
            "ntag424", "sdm", "setup", "--tag", "T4", "--url-template", "https://h/p?e={picc}&c={mac}",
            "--file-key-number", "-1",
        ],
        [
            "ntag424", "keys", "--tag", "T4", "--yes-change-keys", "--generate", "--print-new-keys", "--key-version",
            "300",
        ],
        ["write", "text", "x", "--tag", "T2", "--simulate-tear-after", "-1"],
        ["write", "text", "x", "--tag", "T4", "--auth-key", "5=00000000000000000000000000000000"],
        ["read", "--tag", "T2", "--wait", "-1"], ["read", "--tag", "T2", "--color", "sometimes"],
        ["focus", "settings", "--emergency-allowance", "-1"],
    ]

    @Test("A number or choice out of range is 64, the tag untouched", arguments: lines)
    func outOfRange(line: [String]) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-range-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let home = url.path
        let io = CheckedIO(environment: ["TAPCARD_HOME": home])
        _ = await CLI.run(["sim", "new", "ntag213", home + "/t2.nfc"], io: io)
        _ = await CLI.run(["sim", "new", "ntag424", home + "/t4.nfc"], io: io)
        let before = [
            try Data(contentsOf: URL(fileURLWithPath: home + "/t2.nfc")),
            try Data(contentsOf: URL(fileURLWithPath: home + "/t4.nfc")),
        ]
        let resolved = line.map { $0 == "T2" ? home + "/t2.nfc" : $0 == "T4" ? home + "/t4.nfc" : $0 }
        let run = CheckedIO(environment: ["TAPCARD_HOME": home])
        let status = await CLI.run(resolved + ["--json"], io: run)
        #expect(status == 64, "\(line): \(run.errorOutput)")
        #expect(run.outputText.contains(#""exit_status":64"#), "\(line): \(run.outputText)")
        let after = [
            try Data(contentsOf: URL(fileURLWithPath: home + "/t2.nfc")),
            try Data(contentsOf: URL(fileURLWithPath: home + "/t4.nfc")),
        ]
        #expect(after == before, "\(line)")
    }

    /// Issue 39, item 5: without `--tag`, a value no tag can take is refused before the default
    /// virtual tag is created (`protect --from-page -1` used to create it, then refuse).
    static let untargeted: [[String]] = [
        ["protect", "--password", "11223344", "--from-page", "-1"],
        ["protect", "--password", "11223344", "--from-page", "2"],
        ["protect", "--password", "11223344", "--from-page", "256"],
        ["protect", "--auth-key", "00112233445566778899aabbccddeeff", "--from-page", "-5"],
        ["format", "--ndef-size", "4"], ["write", "text", "x", "--simulate-tear-after", "-1"],
        ["ntag424", "keys", "--yes-change-keys", "--generate", "--print-new-keys", "--key-version", "300"],
    ]

    @Test("Without --tag, a value out of every tag's range is 64 and creates nothing", arguments: untargeted)
    func outOfRangeCreatesNothing(line: [String]) async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapcard-range-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = CheckedIO(environment: ["TAPCARD_HOME": url.path])
        let status = await CLI.run(line, io: run)
        #expect(status == 64, "\(line): \(run.errorOutput)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: url.path) == [], "\(line)")
    }
}
