import Foundation
import TapCardCLI
import TestSupport
import Testing

/// `sun verify --track --db postgres://…`: counters shared by verifiers on several machines, on the
/// server scripts/postgres-test-server.sh starts (`TAPCARD_TEST_POSTGRES`); a URI's connection
/// errors with their figures and without its password; every other `--db` refusing a URI.
@Suite struct SUNVerifyPostgresTests {
    static let zero = String(repeating: "0", count: 32)
    /// AN12196's S3 (UID 04958CAA5C5E80, read counter 8).
    static let s3 =
        "https://www.my424dna.com/?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6"

    private static func verify(_ url: String, db: String, _ extra: [String] = []) -> [String] {
        ["sun", "verify", url, "--meta-key", zero, "--file-key", zero, "--track", "--db", db] + extra
    }

    /// The server's URI; without one the test records why when the server is required, and stops.
    private func server() -> String? {
        guard let uri = PostgresTestServer.uri else {
            if PeerProcess.peersRequired { Issue.record(Comment(rawValue: PostgresTestServer.missing)) }
            return nil
        }
        return uri
    }

    @Test func twoVerifiersOfferingOneURLAtOnceAcceptItOnce() async throws {
        guard let server = server() else { return }
        let uri = try PostgresTestServer.freshDatabase(server, label: "cli")
        let results = await withTaskGroup(of: (Int32, String, String).self) { group in
            for _ in 0..<2 {
                group.addTask {
                    let io = CheckedIO()
                    let status = await CLI.run(Self.verify(Self.s3, db: uri), io: io)
                    return (status, io.outputText, io.errorOutput)
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.map(\.0).sorted() == [0, 1], "\(results)")
        let accepted = try #require(results.first { $0.0 == 0 })
        let refused = try #require(results.first { $0.0 == 1 })
        #expect(accepted.1.contains("First accepted tap of this UID; counter 8 is recorded."))
        #expect(
            refused.2.contains(
                "read counter 8 of UID 04:95:8C:AA:5C:5E:80 is not above the last one accepted for it, 8"))
        // A third run, later, with JSON: the replay and the stored counter.
        let io = CheckedIO()
        #expect(await CLI.run(Self.verify(Self.s3, db: uri, ["--json"]), io: io) == 1)
        let json = try CLIHome.object(io.outputText)
        #expect(json["reason"] as? String == "counter-not-increasing" && json["last_counter"] as? Int == 8)
        // A batch on the same database: the other UID's tap once, then its replay.
        let other = "https://ntag.nxp.com/424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086"
        let batch = CheckedIO(input: Array((other + "\n" + other + "\n").utf8))
        let status = await CLI.run(
            [
                "sun", "verify", "--jsonl", "-", "--meta-key", Self.zero, "--file-key", Self.zero, "--track", "--db",
                uri,
            ],
            io: batch)
        #expect(status == 1)
        let lines = try batch.outputText.split(separator: "\n").map { try CLIHome.object(String($0)) }
        #expect(lines.map { $0["reason"] as? String } == [nil, "counter-not-increasing"])
    }

    @Test func noServerIsUnavailableWithTheSocketAndNoPassword() async {
        let io = CheckedIO()
        let status = await CLI.run(
            Self.verify(Self.s3, db: "postgresql://verifier:Tr0ub4dor-3@/tapcard?host=/nonexistent-tapcard-socket"),
            io: io)
        #expect(status == 69, "\(io.errorOutput)")
        #expect(
            io.errorOutput.contains(
                "Could not connect to PostgreSQL at 'postgresql://verifier:***@/tapcard?host=/nonexistent-tapcard-socket'"
            )
                || io.errorOutput.contains("libpq, could not be loaded"))
        #expect(io.errorOutput.contains("/nonexistent-tapcard-socket/.s.PGSQL.5432") || !PeerProcess.peersRequired)
        #expect(!io.errorOutput.contains("Tr0ub4dor") && !io.outputText.contains("Tr0ub4dor"))
    }

    @Test func aURILibpqCannotReadIsMalformedInput() async {
        let io = CheckedIO()
        let status = await CLI.run(
            Self.verify(Self.s3, db: "postgresql://verifier:pa%zzword@/tapcard?host=/nonexistent"), io: io)
        if io.errorOutput.contains("libpq, could not be loaded") {
            #expect(status == 69 && !PeerProcess.peersRequired)
            return
        }
        #expect(status == 65, "\(io.errorOutput)")
        #expect(io.errorOutput.contains("is not valid: invalid percent-encoded token"))
        #expect(!io.errorOutput.contains("zzword"))
    }

    @Test func everyOtherDatabaseOptionRefusesAURI() async throws {
        let home = try CLIHome("pg-refused")
        defer { home.remove() }
        let uri = "postgres://verifier:Tr0ub4dor-3@db.example/tapcard"
        for command in [["tags"], ["focus", "status"], ["read", "--tag", home.path + "/none.nfc"]] {
            let result = await home.run(command + ["--db", uri])
            #expect(result.status == 64, "\(command): \(result.io.errorOutput)")
            #expect(
                result.io.errorOutput.contains(
                    "--db postgres://verifier:***@db.example/tapcard: a PostgreSQL database keeps only SUN counters"))
            #expect(!result.io.errorOutput.contains("Tr0ub4dor"))
        }
        // Nothing was created in the home: the URI was never taken for a file path.
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    }
}
