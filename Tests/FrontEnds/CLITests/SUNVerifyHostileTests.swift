import Foundation
import Store
import TapCardSupport
import Testing

@testable import TapCardCLI

/// What a hostile newcomer found in the SUN backend (issue 38), each held here: a counter ledger
/// shared by several tenants' keys, a counter store that fails mid-batch, an endless line on a
/// co-process's input, `sdm setup --master-key`'s key numbers, a master key written into a tag,
/// and a libpq key=value string echoed with its password.
@Suite struct SUNVerifyHostileTests {
    static let master = SUNMasterKeyCLITests.master
    static let other = SUNMasterKeyCLITests.other

    @Test(
        "Per-line keys: a URL accepted under another tenant's master key cannot move this tenant's counter for the same UID"
    )
    func ledgerIsScopedByKeys() async throws {
        let home = try CLIHome("sun-scope")
        defer { home.remove() }
        let victim = try await SUNMasterKeyCLITests.provisioned(home, "v.json")
        // The attacker's tag: its keys from another master, its counter driven far ahead, and
        // the same UID (a virtual tag made with the victim's UID).
        let uid = try #require(
            (try CLIHome.object(await home.run(["info", "--tag", victim, "--json"]).io.outputText)["uid"]
                as? [String: Any])?["hex"] as? String)
        let attacker = home.path + "/a.json"
        let made = await home.run(["sim", "new", "ntag424", attacker, "--uid", uid])
        try #require(made.status == 0, "\(made.io.errorOutput)")
        let keys = await home.run([
            "ntag424", "keys", "--yes-change-keys", "--master-key", Self.other, "--tag", attacker,
        ])
        #expect(keys.status == 0)
        let setup = await home.run([
            "ntag424", "sdm", "setup", "--url-template", "https://t.example/?picc_data={picc}&cmac={mac}",
            "--master-key",
            Self.other, "--tag", attacker,
        ])
        #expect(setup.status == 0, "\(setup.io.errorOutput)")
        var attackerURL = ""
        for _ in 0..<5 { attackerURL = try await SUNMasterKeyCLITests.url(home, attacker) }
        let lines = [
            #"{"url": "\#(try await SUNMasterKeyCLITests.url(home, victim))", "master_key": "\#(Self.master)"}"#,
            #"{"url": "\#(attackerURL)", "master_key": "\#(Self.other)"}"#,
            #"{"url": "\#(try await SUNMasterKeyCLITests.url(home, victim))", "master_key": "\#(Self.master)"}"#,
        ]
        let io = CheckedIO(input: Array((lines.joined(separator: "\n") + "\n").utf8))
        let status = await CLI.run(
            ["sun", "verify", "--jsonl", "-", "--track", "--db", home.path + "/c.sqlite"], io: io)
        let valid = io.outputText.split(separator: "\n").map { try? CLIHome.object(String($0))["valid"] as? Bool }
        #expect(valid == [true, true, true], "\(io.outputText)")
        #expect(status == 0)
    }

    final class FailingStore: SUNCounterStore {
        func lastSUNCounter(uid: [UInt8]) throws(StoreError) -> Int? { nil }
        func acceptSUNCounter(_ counter: Int, uid: [UInt8], at: Date) throws(StoreError) -> SUNCounterAcceptance {
            throw .postgres(
                sqlstate: "57P01", message: "terminating connection due to administrator command",
                during: "recording a SUN counter")
        }
    }

    @Test("A counter store that fails is counter-store-failed and exit 69, never malformed-url")
    func storeFailureIsItsOwnReason() throws {
        let zero = String(repeating: "0", count: 32)
        var keys = SUNKeyOptions()
        keys.metaKey = zero
        keys.fileKey = zero
        var batch = SUNVerifyBatch(keys: keys, store: FailingStore(), now: { Date(timeIntervalSince1970: 0) })
        let io = CheckedIO()
        let url = "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086\n"
        let status = batch.run(Array(url.utf8), io: io)
        #expect(status == .unavailable)
        let json = try CLIHome.object(io.outputText)
        #expect(json["reason"] as? String == "counter-store-failed")
        #expect((json["message"] as? String)?.contains("57P01") == true)
    }

    @Test("An endless line on standard input is answered as malformed once it ends, and the next line as usual")
    func overlongLine() throws {
        let zero = String(repeating: "0", count: 32)
        var keys = SUNKeyOptions()
        keys.metaKey = zero
        keys.fileKey = zero
        var batch = SUNVerifyBatch(keys: keys, store: nil, now: { Date() })
        let io = CheckedIO()
        // 3 MiB in 64 KiB chunks without a newline, then a newline and a valid URL.
        var chunks = [[UInt8]](repeating: [UInt8](repeating: 0x41, count: 1 << 16), count: 48)
        chunks.append(Array("\nhttps://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086\n".utf8))
        var queue = chunks[...]
        let status = batch.run(reading: { queue.popFirst() }, io: io)
        let answers = io.outputText.split(separator: "\n").map { try? CLIHome.object(String($0)) }
        #expect(answers.count == 2)
        #expect(answers.first??["reason"] as? String == "malformed-url")
        #expect((answers.first??["message"] as? String)?.contains("3145728 bytes") == true)
        #expect(answers.last??["valid"] as? Bool == true)
        #expect(answers.last??["line"] as? Int == 2)
        #expect(status == .dataError)
    }

    @Test(
        "sdm setup --master-key takes sdm-backend's key numbers (meta 1, file 2), as ntag424 keys --master-key sets them"
    )
    func setupDefaultsWithMasterKey() async throws {
        let home = try CLIHome("sun-master-defaults")
        defer { home.remove() }
        let tag = try await home.newTag("ntag424", "d.json")
        #expect(
            await home.run(["ntag424", "keys", "--yes-change-keys", "--master-key", Self.master, "--tag", tag]).status
                == 0)
        let setup = await home.run([
            "ntag424", "sdm", "setup", "--url-template", "https://t.example/?picc_data={picc}&cmac={mac}",
            "--master-key",
            Self.master, "--tag", tag,
        ])
        #expect(setup.status == 0, "\(setup.io.outputText)\(setup.io.errorOutput)")
        let url = try await SUNMasterKeyCLITests.url(home, tag)
        #expect(await home.run(["sun", "verify", url, "--master-key", Self.master]).status == 0)
    }

    @Test("AN10922: the master key itself as the tags' shared meta key is refused before anything is sent")
    func masterAsMetaRefused() async throws {
        let home = try CLIHome("sun-an-meta")
        defer { home.remove() }
        let tag = try await home.newTag("ntag424", "m.json")
        let before = try String(contentsOfFile: tag, encoding: .utf8)
        let result = await home.run([
            "ntag424", "keys", "--yes-change-keys", "--master-key", Self.master, "--diversification", "an10922",
            "--new-key", "1=\(Self.master)", "--tag", tag,
        ])
        #expect(result.status == 64, "\(result.io.errorOutput)")
        #expect(try String(contentsOfFile: tag, encoding: .utf8) == before)
    }

    @Test("--db given a libpq key=value string is refused (64) without echoing it")
    func keyValueConninfoNotEchoed() async throws {
        let home = try CLIHome("sun-conninfo")
        defer { home.remove() }
        let zero = String(repeating: "0", count: 32)
        let result = await home.run([
            "sun", "verify", "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086",
            "--meta-key", zero, "--file-key", zero, "--track", "--db",
            "host=/tmp/none user=x password=s3cr3tPW dbname=p",
        ])
        #expect(result.status == 64)
        #expect(!result.io.errorOutput.contains("s3cr3tPW"))
        #expect(!result.io.outputText.contains("s3cr3tPW"))
    }
}
