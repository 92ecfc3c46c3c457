#if os(Linux) || os(macOS)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif
    import Foundation
    import TapCardSupport

    /// SUN read counters in a PostgreSQL database, so verifiers on several machines (behind one
    /// load balancer, say) accept a replayed URL at most once between them. libpq is loaded at run
    /// time with `dlopen`, as the PC/SC transport loads libpcsclite. The connection string is a
    /// `postgres://` or `postgresql://` URI, which libpq reads itself (`?host=/socket/dir`,
    /// `sslmode=`, `connect_timeout=` and the rest work).
    ///
    /// One object is one connection, opened by `init` and closed when the object goes away. Calls
    /// from several threads are serialized on it (libpq allows one thread per connection at a
    /// time); for parallel verifiers, open one object each.
    ///
    /// The table, `tapcard_sun_counters`, is created when missing:
    /// `uid text PRIMARY KEY` (lowercase hex, as the SQLite store keeps it), `last_counter bigint`,
    /// `previous_counter bigint` (the one the last acceptance replaced) and `updated_at timestamptz`.
    public final class PostgresCounterStore: SUNCounterStore, @unchecked Sendable {
        // @unchecked: `connection` is only used while `lock` is held; the rest is immutable.

        /// The table every verifier shares.
        public static let table = "tapcard_sun_counters"

        /// The URI this store connected with (print only its `redacted` form).
        public let uri: PostgresURI
        private let library: LibPQ
        private let connection: OpaquePointer
        private let lock = NSLock()

        /// The advisory lock key that serializes creating the table ("TAPCARDS" in ASCII): two
        /// verifiers starting at once on an empty database would otherwise race in
        /// `CREATE TABLE IF NOT EXISTS`, which is not atomic in PostgreSQL (one of them fails with
        /// a unique violation in the catalog).
        static let creationLock: Int64 = 6_071_222_022_461_080_659

        /// Connects to the database at `uri` and creates the counter table if it is missing.
        ///
        /// Throws ``StoreError/postgresInvalidURI(uri:message:)`` for a URI libpq cannot read (the
        /// user's to fix), ``StoreError/postgresUnavailable(detail:)`` without libpq,
        /// ``StoreError/postgresCannotConnect(uri:message:)`` when the server cannot be reached or
        /// refuses the login, and ``StoreError/postgres(sqlstate:message:during:)`` when creating
        /// the table fails.
        public init(uri text: String) throws(StoreError) {
            let uri = PostgresURI(text)
            guard PostgresURI.isURI(text) else {
                throw .postgresInvalidURI(uri: uri.redacted, message: "it must start with postgres:// or postgresql://")
            }
            let library = try LibPQ.shared()
            // Parsed first, so a URI libpq cannot read is told apart from a server that is down.
            var parseError: UnsafeMutablePointer<CChar>? = nil
            guard let options = library.conninfoParse(text, &parseError) else {
                let message = parseError.map { String(cString: $0) } ?? "libpq could not parse it (out of memory)"
                if let parseError { library.freeMemory(parseError) }
                throw .postgresInvalidURI(uri: uri.redacted, message: uri.scrub(message))
            }
            library.conninfoFree(options)
            guard let connection = library.connectDB(text) else {
                throw .postgresCannotConnect(uri: uri.redacted, message: "libpq could not allocate a connection")
            }
            guard library.status(connection) == LibPQ.connectionOK else {
                let message = library.errorMessage(connection).map { String(cString: $0) } ?? "no message"
                library.finish(connection)
                throw .postgresCannotConnect(uri: uri.redacted, message: uri.scrub(message))
            }
            // libpq prints the server's notices on standard error by default; the CLI's standard
            // error is ours, and "relation already exists, skipping" is no news for the user.
            let quiet: LibPQ.NoticeProcessor = { _, _ in }
            _ = library.setNoticeProcessor(connection, quiet, nil)
            self.uri = uri
            self.library = library
            self.connection = connection
            try createTableIfMissing()
        }

        deinit {
            library.finish(connection)
        }

        // MARK: SUNCounterStore

        public func lastSUNCounter(uid: [UInt8]) throws(StoreError) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            return try lastCounter(uid: uid, during: "reading the last SUN counter")
        }

        /// Records `counter` as the last one for `uid` if, and only if, it is above the one
        /// recorded, in one statement: an `INSERT … ON CONFLICT (uid) DO UPDATE … WHERE
        /// last_counter < EXCLUDED.last_counter`. Under READ COMMITTED, a conflicting row that
        /// another transaction is changing is waited for, and the `WHERE` is evaluated against its
        /// latest committed version (PostgreSQL documentation, "INSERT", §ON CONFLICT clause), so
        /// however many verifiers offer one counter at once, exactly one row update happens and
        /// exactly one of them is told `.accepted`.
        ///
        /// The figures: on acceptance, `previous` is exact (the update copies the replaced counter
        /// into `previous_counter` and returns it). On refusal, the stored counter comes from the
        /// statement's snapshot; when a concurrent verifier committed after that snapshot was
        /// taken (the snapshot shows no row, or a counter below the offered one), it is read again
        /// in a second statement. Only the figure can be stale that way, never the verdict.
        public func acceptSUNCounter(_ counter: Int, uid: [UInt8], at: Date) throws(StoreError) -> SUNCounterAcceptance
        {
            lock.lock()
            defer { lock.unlock() }
            let during = "recording a SUN counter"
            let rows = try execute(
                """
                WITH snapshot AS (SELECT last_counter FROM \(Self.table) WHERE uid = $1),
                stored AS (
                    INSERT INTO \(Self.table) AS t (uid, last_counter, previous_counter, updated_at)
                    VALUES ($1, $2::bigint, NULL, to_timestamp($3::float8))
                    ON CONFLICT (uid) DO UPDATE
                    SET previous_counter = t.last_counter, last_counter = EXCLUDED.last_counter,
                        updated_at = EXCLUDED.updated_at
                    WHERE t.last_counter < EXCLUDED.last_counter
                    RETURNING previous_counter
                )
                SELECT EXISTS (SELECT 1 FROM stored), (SELECT previous_counter FROM stored),
                    (SELECT last_counter FROM snapshot)
                """, [Hex.encode(uid), String(counter), String(at.timeIntervalSince1970)], during: during)
            guard let row = rows.first, row.count == 3 else {
                throw .postgres(
                    sqlstate: nil, message: "the statement returned \(rows.count) rows, not one", during: during)
            }
            if row[0] == "t" {
                return .accepted(previous: try row[1].map { text throws(StoreError) in try integer(text) })
            }
            if let seen = try row[2].map({ text throws(StoreError) in try integer(text) }), seen >= counter {
                return .refused(lastAccepted: seen)
            }
            return .refused(lastAccepted: try lastCounter(uid: uid, during: during) ?? counter)
        }

        // MARK: Statements (the caller holds `lock`)

        private func createTableIfMissing() throws(StoreError) {
            let during = "creating the table \(Self.table)"
            // Looked up first: a verifier's role may read and write the table without the right
            // to create anything in its schema.
            let found = try execute("SELECT to_regclass('\(Self.table)') IS NOT NULL", [], during: during)
            if found.first?.first == "t" { return }
            // One simple-query string runs as one transaction: the advisory lock is held until the
            // table is committed.
            try executeScript(
                """
                SELECT pg_advisory_xact_lock(\(Self.creationLock));
                CREATE TABLE IF NOT EXISTS \(Self.table) (
                    uid text PRIMARY KEY,
                    last_counter bigint NOT NULL,
                    previous_counter bigint,
                    updated_at timestamptz NOT NULL
                )
                """, during: during)
        }

        private func lastCounter(uid: [UInt8], during: String) throws(StoreError) -> Int? {
            let rows = try execute(
                "SELECT last_counter FROM \(Self.table) WHERE uid = $1", [Hex.encode(uid)], during: during)
            guard let value = rows.first?.first ?? nil else { return nil }
            return try integer(value)
        }

        private func integer(_ text: String) throws(StoreError) -> Int {
            guard let value = Int(text) else {
                throw .postgres(
                    sqlstate: nil, message: "the server sent '\(text)' where a bigint counter belongs",
                    during: "reading a SUN counter")
            }
            return value
        }

        /// Runs one statement with text parameters `$1…`; the rows, each column `nil` for NULL.
        /// A connection the server dropped (restarted, failed over) is made again once and the
        /// statement sent again: a verifier that runs for days outlives a server restart. A
        /// statement that committed just before the connection broke is not lost either way: sent
        /// again it finds its own counter stored and refuses, so a tap is never accepted twice.
        private func execute(_ sql: String, _ parameters: [String], during: String) throws(StoreError) -> [[String?]] {
            let copies = parameters.map { strdup($0) }
            defer { copies.forEach { free($0) } }
            let values = copies.map { UnsafePointer($0) }
            func send() -> OpaquePointer? {
                values.withUnsafeBufferPointer { buffer in
                    library.execParams(connection, sql, Int32(buffer.count), nil, buffer.baseAddress, nil, nil, 0)
                }
            }
            let result = send()
            if library.status(connection) != LibPQ.connectionOK {
                library.clear(result)
                library.reset(connection)
                guard library.status(connection) == LibPQ.connectionOK else {
                    throw .postgres(
                        sqlstate: nil,
                        message:
                            "the connection to the server was lost and could not be made again (\(connectionMessage()))",
                        during: during)
                }
                return try rows(of: send(), during: during)
            }
            return try rows(of: result, during: during)
        }

        /// Runs several statements in one simple-query string (one implicit transaction).
        private func executeScript(_ sql: String, during: String) throws(StoreError) {
            _ = try rows(of: library.exec(connection, sql), during: during)
        }

        private func rows(of result: OpaquePointer?, during: String) throws(StoreError) -> [[String?]] {
            guard let result else {
                // No result at all: out of memory, or the connection is gone.
                throw .postgres(sqlstate: nil, message: connectionMessage(), during: during)
            }
            defer { library.clear(result) }
            let status = library.resultStatus(result)
            guard status == LibPQ.commandOK || status == LibPQ.tuplesOK else {
                let sqlstate = library.resultErrorField(result, LibPQ.diagnosticSQLSTATE).map { String(cString: $0) }
                let message =
                    library.resultErrorField(result, LibPQ.diagnosticMessage).map { String(cString: $0) }
                    ?? library.resultErrorMessage(result).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
                    ?? connectionMessage()
                throw .postgres(sqlstate: sqlstate, message: uri.scrub(message), during: during)
            }
            let count = library.tupleCount(result)
            let columns = library.fieldCount(result)
            return (0..<count).map { row in
                (0..<columns).map { column in
                    library.getIsNull(result, row, column) != 0
                        ? nil : library.getValue(result, row, column).map { String(cString: $0) } ?? ""
                }
            }
        }

        private func connectionMessage() -> String {
            let message = library.errorMessage(connection).map { String(cString: $0) } ?? ""
            return message.isEmpty ? "libpq gave no message" : uri.scrub(message)
        }
    }
#endif
