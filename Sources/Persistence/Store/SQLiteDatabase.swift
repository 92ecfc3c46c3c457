#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// One SQLite connection: open, prepare, run, transact. Use one connection per thread; open
/// another for another thread (WAL lets readers proceed while one writer commits).
public final class SQLiteDatabase {
    let handle: OpaquePointer
    public let path: String

    /// SQLite copies bound text and blobs (SQLITE_TRANSIENT).
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Opens (creating when `create`) the database at `path`, in WAL mode with foreign keys on
    /// and a busy timeout, so a second process waits briefly instead of failing at once.
    public init(path: String, create: Bool = true, readOnly: Bool = false) throws(StoreError) {
        var flags = SQLITE_OPEN_FULLMUTEX
        if readOnly {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if create { flags |= SQLITE_OPEN_CREATE }
        }
        handle = try Self.open(path, flags: flags, path: path)
        self.path = path
        sqlite3_busy_timeout(handle, 10_000)
        // sqlite3_open_v2 succeeds on any file; a file that is not a database only fails at the
        // first statement. Say which file then, as for any other open failure.
        do throws(StoreError) {
            if !readOnly, path != ":memory:" {
                // WAL: readers never block the writer and a killed writer leaves the last commit
                // intact. FULL: a commit is on disk when it returns, so a session start survives a
                // power cut too, not only a killed process.
                let mode = try scalar("PRAGMA journal_mode = WAL", during: "switching to WAL mode")
                guard mode?.text?.lowercased() == "wal" else {
                    throw .sqlite(
                        code: SQLITE_ERROR, extendedCode: SQLITE_ERROR,
                        message: "journal_mode stayed '\(mode?.text ?? "?")'", during: "switching to WAL mode")
                }
                try execute("PRAGMA synchronous = FULL", during: "setting synchronous mode")
            }
            try execute("PRAGMA foreign_keys = ON", during: "turning on foreign keys")
        } catch .sqlite(let code, _, let message, _) where code == SQLITE_NOTADB {
            throw .cannotOpen(path: path, code: code, message: message)
        }
    }

    /// Opens the database at `path` for reading only: nothing is created and nothing is written,
    /// not even the WAL index. A WAL database whose `-shm` file is gone (the last writer closed it)
    /// and whose directory does not let SQLite create one (a read-only directory or filesystem)
    /// cannot be read with shared memory; it is then opened `immutable` (SQLite reads the file
    /// as it is, with no locks), which is what a directory nobody can write guarantees anyway.
    public static func openForReading(_ path: String) throws(StoreError) -> SQLiteDatabase {
        do {
            let database = try SQLiteDatabase(path: path, create: false, readOnly: true)
            _ = try database.scalar("SELECT count(*) FROM sqlite_master", during: "reading the database's schema")
            return database
        } catch let failure where failure.sqliteCode == SQLITE_CANTOPEN || failure.sqliteCode == SQLITE_READONLY {
            return try SQLiteDatabase(uri: immutableURI(path), path: path)
        }
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for character in path.unicodeScalars {
            switch character {
            case "%", "?", "#": escaped += "%" + String(character.value, radix: 16, uppercase: true)
            default: escaped.unicodeScalars.append(character)
            }
        }
        return "file:\(escaped)?immutable=1"
    }

    /// Opens `uri` (an SQLite URI filename) read-only; `path` is what errors name.
    private init(uri: String, path: String) throws(StoreError) {
        handle = try Self.open(uri, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_FULLMUTEX, path: path)
        self.path = path
    }

    /// `sqlite3_open_v2(name, flags)` with extended result codes on; a failure names `path`.
    private static func open(_ name: String, flags: Int32, path: String) throws(StoreError) -> OpaquePointer {
        var pointer: OpaquePointer? = nil
        let code = sqlite3_open_v2(name, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "no message"
            if let pointer { sqlite3_close_v2(pointer) }
            throw .cannotOpen(path: path, code: code, message: message)
        }
        sqlite3_extended_result_codes(pointer, 1)
        return pointer
    }

    deinit { sqlite3_close_v2(handle) }

    /// Prepares one statement. `sql` must be a constant: values go through parameters.
    public func prepare(_ sql: StaticString, during: String) throws(StoreError) -> SQLiteStatement {
        try prepare(text: sql.description, during: during)
    }

    func prepare(text sql: String, during: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer? = nil
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw error(code, during: during) }
        return SQLiteStatement(handle: statement, database: self, sql: sql)
    }

    /// Runs one constant statement with bound `values` and returns its rows.
    @discardableResult
    public func query(_ sql: StaticString, _ values: [SQLiteValue] = [], during: String) throws(StoreError)
        -> [[SQLiteValue]]
    {
        let statement = try prepare(sql, during: during)
        try statement.bind(values, during: during)
        return try statement.rows(during: during)
    }

    /// Runs constant SQL with no parameters (several statements allowed): schema and pragmas.
    public func execute(_ sql: StaticString, during: String) throws(StoreError) {
        try execute(text: sql.description, during: during)
    }

    func execute(text sql: String, during: String) throws(StoreError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, during: during) }
    }

    /// The first column of the first row, or `nil` with no row.
    public func scalar(_ sql: StaticString, _ values: [SQLiteValue] = [], during: String) throws(StoreError)
        -> SQLiteValue?
    {
        try query(sql, values, during: during).first?.first
    }

    /// The rowid of the last insert on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` in one transaction: all of it commits, or none of it. `BEGIN IMMEDIATE` takes
    /// the write lock at the start, so two writers queue instead of deadlocking halfway. Inside
    /// another transaction it becomes a savepoint of that one.
    public func transaction<T>(during: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try run(begin: "BEGIN IMMEDIATE", during: during, body)
    }

    /// A read transaction: every query in `body` sees the same snapshot.
    public func readTransaction<T>(during: String, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try run(begin: "BEGIN DEFERRED", during: during, body)
    }

    /// True while a transaction is open on this connection.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    private func run<T>(begin: StaticString, during: String, _ body: () throws(StoreError) -> T) throws(StoreError)
        -> T
    {
        let nested = isInTransaction
        try execute(text: nested ? "SAVEPOINT nested" : begin.description, during: during)
        do {
            let result = try body()
            try execute(text: nested ? "RELEASE nested" : "COMMIT", during: during)
            return result
        } catch {
            if nested {
                sqlite3_exec(handle, "ROLLBACK TO nested; RELEASE nested", nil, nil, nil)
            } else {
                sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }

    /// `PRAGMA user_version`: the schema version this file is at.
    public var userVersion: Int {
        get throws(StoreError) {
            Int(try scalar("PRAGMA user_version", during: "reading the schema version")?.integer ?? 0)
        }
    }

    /// The lines of `PRAGMA integrity_check` (`["ok"]` for a sound file).
    public func integrityCheck() throws(StoreError) -> [String] {
        try query("PRAGMA integrity_check", during: "checking integrity").compactMap { $0.first?.text }
    }

    func error(_ code: Int32, during: String) -> StoreError {
        .sqlite(
            code: code & 0xFF, extendedCode: sqlite3_extended_errcode(handle),
            message: String(cString: sqlite3_errmsg(handle)), during: during)
    }
}
