import Foundation

/// The PostgreSQL server the counter-store tests use: `scripts/postgres-test-server.sh start DIR`
/// prints its URI and `scripts/test.sh` passes it in `TAPCARD_TEST_POSTGRES`. Without it the tests
/// are skipped, except where the test command requires every peer (`TAPCARD_REQUIRE_PEERS`, which
/// scripts/test.sh sets): there its absence fails the test that needed it.
public enum PostgresTestServer {
    /// The environment variable that carries the URI.
    public static let variable = "TAPCARD_TEST_POSTGRES"

    /// The server's URI, or `nil` when there is none: the test then records ``missing`` as an
    /// issue when ``PeerProcess/peersRequired``, and returns.
    public static var uri: String? {
        ProcessInfo.processInfo.environment[variable].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// What a test that needed the server says when it is required and absent.
    public static let missing =
        "A PostgreSQL server is required here (TAPCARD_REQUIRE_PEERS is set) but \(variable) is not: "
        + "start one with scripts/postgres-test-server.sh start DIR, or run scripts/test.sh"

    /// A new, empty database on the server (made with psql): its URI, the server's with a
    /// `dbname=` parameter, which libpq reads after the path and so prefers.
    public static func freshDatabase(_ uri: String, label: String) throws -> String {
        let name = "tapcard_\(label)_\(UUID().uuidString.prefix(8).lowercased())"
        _ = try PeerProcess.output(["psql", uri, "-v", "ON_ERROR_STOP=1", "-qc", "CREATE DATABASE \(name)"])
        return uri + (uri.contains("?") ? "&" : "?") + "dbname=\(name)"
    }
}
