import Foundation
import TapCardSupport
import TestSupport
import Testing

@testable import Store

/// SUN read counters in PostgreSQL (`PostgresCounterStore`), against the real server
/// scripts/postgres-test-server.sh starts (`TAPCARD_TEST_POSTGRES`): the same rule as the SQLite
/// store, verifiers on separate connections racing, and the errors, with their figures and
/// without the password.
@Suite("SUN counters in PostgreSQL")
struct PostgresCounterStoreTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    /// The server's URI; without one the test records why when the server is required, and stops.
    private func server() -> String? {
        guard let uri = PostgresTestServer.uri else {
            if PeerProcess.peersRequired { Issue.record(Comment(rawValue: PostgresTestServer.missing)) }
            return nil
        }
        return uri
    }

    /// A UID no other test uses (the tests share the server's table).
    private func freshUID() -> [UInt8] {
        [0x04] + UUID().uuidString.utf8.prefix(6).map { $0 }
    }

    @Test("Only a counter above the last accepted one is recorded; the figures are the stored ones")
    func strictlyIncreasing() throws {
        guard let uri = server() else { return }
        let store = try PostgresCounterStore(uri: uri)
        let uid = freshUID()
        #expect(try store.lastSUNCounter(uid: uid) == nil)
        #expect(try store.acceptSUNCounter(61, uid: uid, at: t0) == .accepted(previous: nil))
        #expect(try store.acceptSUNCounter(61, uid: uid, at: t0) == .refused(lastAccepted: 61))
        #expect(try store.acceptSUNCounter(5, uid: uid, at: t0) == .refused(lastAccepted: 61))
        #expect(try store.acceptSUNCounter(62, uid: uid, at: t0) == .accepted(previous: 61))
        #expect(try store.acceptSUNCounter(0xFF_FFFF, uid: uid, at: t0) == .accepted(previous: 62))
        #expect(try store.lastSUNCounter(uid: uid) == 0xFF_FFFF)
        // Another UID has its own counter; counter 0 (a fresh tag) is accepted once.
        let other = freshUID()
        #expect(try store.acceptSUNCounter(0, uid: other, at: t0) == .accepted(previous: nil))
        #expect(try store.acceptSUNCounter(0, uid: other, at: t0) == .refused(lastAccepted: 0))
        // A second store object (another verifier) sees what the first recorded.
        let second = try PostgresCounterStore(uri: uri)
        #expect(try second.acceptSUNCounter(62, uid: uid, at: t0) == .refused(lastAccepted: 0xFF_FFFF))
        // The UID is kept as lowercase hex, as the SQLite store keeps it.
        let rows = try PeerProcess.output([
            "psql", uri, "-tAc", "SELECT last_counter FROM tapcard_sun_counters WHERE uid = '\(Hex.encode(uid))'",
        ])
        #expect(rows.trimmingCharacters(in: .whitespacesAndNewlines) == "16777215")
    }

    @Test("Verifiers on separate connections, racing on a database without the table: each counter accepted once")
    func racingVerifiers() throws {
        guard let server = server() else { return }
        // A fresh database, so the verifiers also race to create the table.
        let uri = try PostgresTestServer.freshDatabase(server, label: "race")
        var generator = SplitMix64(seed: 0x38_05)
        let race = CounterRace(
            uids: (0..<4).map { _ in generator.bytes(7) }, counters: 25, verifiers: 6, seed: 0x38_05)
        try race.expectEachCounterAcceptedOnce { try PostgresCounterStore(uri: uri) }
    }

    @Test("A table of another shape: the server's refusal with its SQLSTATE and message")
    func serverRefusalCarriesTheSQLSTATE() throws {
        guard let server = server() else { return }
        let uri = try PostgresTestServer.freshDatabase(server, label: "shape")
        _ = try PeerProcess.output(["psql", uri, "-qc", "CREATE TABLE tapcard_sun_counters (uid text PRIMARY KEY)"])
        let store = try PostgresCounterStore(uri: uri)
        #expect {
            _ = try store.acceptSUNCounter(1, uid: [0x04, 0x01], at: t0)
        } throws: { error in
            guard case .postgres(let sqlstate, let message, let during) = error as? StoreError else { return false }
            let sentence = (error as? StoreError)?.sentence ?? ""
            return sqlstate == "42703" && message.contains("last_counter") && during == "recording a SUN counter"
                && sentence.contains("(SQLSTATE 42703)") && (error as? StoreError)?.origin == .platform
        }
    }

    @Test("No server behind the URI: libpq's message with the socket, and no password")
    func noServer() throws {
        let password = "Tr0ub4dor-3"
        let uri = "postgresql://verifier:\(password)@/tapcard?host=/nonexistent-tapcard-socket&connect_timeout=2"
        let error = try #require(throws: StoreError.self) { try PostgresCounterStore(uri: uri) }
        if case .postgresUnavailable = error {
            if PeerProcess.peersRequired { Issue.record("libpq is required here: \(error.sentence)") }
            return
        }
        guard case .postgresCannotConnect(let shown, let message) = error else {
            Issue.record("expected postgresCannotConnect, got \(error)")
            return
        }
        #expect(shown == "postgresql://verifier:***@/tapcard?host=/nonexistent-tapcard-socket&connect_timeout=2")
        #expect(message.contains("/nonexistent-tapcard-socket/.s.PGSQL.5432"))
        #expect(error.origin == .platform)
        #expect(error.sentence.hasPrefix("Could not connect to PostgreSQL at 'postgresql://verifier:***@/tapcard"))
        #expect(!error.sentence.contains(password) && !error.sentence.contains("\n"))
    }

    @Test("A URI libpq cannot read is the user's input; the password it quotes is hidden")
    func invalidURI() throws {
        // libpq quotes the bad percent-encoded token, here the password itself.
        let error = try #require(throws: StoreError.self) {
            try PostgresCounterStore(uri: "postgresql://verifier:pa%zzword-9@/tapcard?host=/nonexistent")
        }
        if case .postgresUnavailable = error {
            if PeerProcess.peersRequired { Issue.record("libpq is required here: \(error.sentence)") }
            return
        }
        guard case .postgresInvalidURI(let shown, let message) = error else {
            Issue.record("expected postgresInvalidURI, got \(error)")
            return
        }
        #expect(shown == "postgresql://verifier:***@/tapcard?host=/nonexistent")
        #expect(message.contains("invalid percent-encoded token"))
        #expect(error.origin == .input)
        #expect(!error.sentence.contains("zzword") && !error.sentence.contains("pa%"))
        // Not a URI at all: refused before libpq, and not echoed (a key=value string may hold a password).
        let other = try #require(throws: StoreError.self) {
            try PostgresCounterStore(uri: "host=db password=hunter22")
        }
        #expect(other.origin == .input && !other.sentence.contains("hunter22"))
    }

    @Test("Without libpq: what the loader said for each file")
    func libraryMissing() {
        #expect {
            _ = try LibPQ.load(paths: ["/nonexistent/libpq.so.5", "/nonexistent/libpq.so"])
        } throws: { error in
            guard case .postgresUnavailable(let detail) = error as? StoreError else { return false }
            return detail.contains("/nonexistent/libpq.so.5") && detail.contains("/nonexistent/libpq.so:")
                && (error as? StoreError)?.sentence.contains("libpq5") == true
        }
    }

    @Test("The redacted URI hides the password wherever it is written")
    func redaction() {
        let cases: [(String, String)] = [
            ("postgres://u:secret@db.example:5432/tapcard", "postgres://u:***@db.example:5432/tapcard"),
            ("postgresql://u:se@cr:et@db/x?sslmode=require", "postgresql://u:***@db/x?sslmode=require"),
            ("postgresql://u@db/x?password=secret&user=v", "postgresql://u@db/x?password=***&user=v"),
            ("postgresql:///x?host=/run/pg&user=v", "postgresql:///x?host=/run/pg&user=v"),
            ("postgresql://db", "postgresql://db"),
            // libpq decodes parameter names, and sslpassword is a password too (hostile newcomer).
            (
                "postgresql:///postgres?host=/tmp/x&pass%77ord=s3cr3t",
                "postgresql:///postgres?host=/tmp/x&pass%77ord=***"
            ),
            ("postgresql:///postgres?sslpassword=s3cr3t&user=v", "postgresql:///postgres?sslpassword=***&user=v"),
            ("postgresql:///postgres?PASSWORD=s3cr3t", "postgresql:///postgres?PASSWORD=***"),
        ]
        for (given, shown) in cases { #expect(PostgresURI(given).redacted == shown) }
        let uri = PostgresURI("postgresql://u:s%40cr%3At@db/x?password=other")
        #expect(uri.scrub("a s%40cr%3At b s@cr:t c other\n\td\n") == "a *** b *** c ***. d")
        #expect(PostgresURI("postgresql:///p?pass%77ord=s3cr3tPW").scrub("x pass%77ord=s3cr3tPW") == "x pass%77ord=***")
    }
}
