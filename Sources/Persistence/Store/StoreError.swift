import TapCardSupport

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Every way the store fails. SQLite's own failures carry its result code (primary and
/// extended) and message, and what we were doing; PostgreSQL's carry the server's SQLSTATE and
/// message. Both are the platform's, not ours. A PostgreSQL URI is only ever shown with its
/// password replaced (`PostgresURI.redacted`).
public enum StoreError: UnwritableFileError, Equatable {
    /// The database file could not be opened (or created).
    case cannotOpen(path: String, code: Int32, message: String)
    /// The database could not be opened for writing because the filesystem would not let it be
    /// written: `reason` is the system's (`access(2)`'s errno in words: "the filesystem is
    /// mounted read-only", "permission denied"), `sqlite` SQLite's own sentence.
    case notWritable(path: String, reason: String, sqlite: String)
    /// SQLite refused or failed a statement.
    case sqlite(code: Int32, extendedCode: Int32, message: String, during: String)
    /// The file was written by a newer TapCard with a schema this version does not know.
    case schemaTooNew(found: Int, supported: Int, path: String)
    /// A command that only reads found a store of an older schema version: bringing it up to
    /// date writes the file, which such a command does not do.
    case schemaOutdated(found: Int, needed: Int, path: String)
    /// A row the operation needs is not there (e.g. ending a session when none is open).
    case missing(what: String)
    /// PostgreSQL's client library, libpq, could not be loaded: what the loader said for each
    /// file tried (`dlerror`), or the missing function.
    case postgresUnavailable(detail: String)
    /// The PostgreSQL URI does not parse (libpq's own parser said `message`); `uri` is redacted.
    case postgresInvalidURI(uri: String, message: String)
    /// libpq could not connect to the server at `uri` (redacted); `message` is libpq's.
    case postgresCannotConnect(uri: String, message: String)
    /// The PostgreSQL server refused or failed a statement: its SQLSTATE and message; `sqlstate`
    /// is `nil` when libpq itself reported the failure (a lost connection, an answer it could
    /// not use), which has no code.
    case postgres(sqlstate: String?, message: String, during: String)

    public var origin: ErrorOrigin {
        switch self {
        case .cannotOpen, .notWritable, .sqlite, .postgresUnavailable, .postgresCannotConnect, .postgres: .platform
        case .postgresInvalidURI: .input
        case .schemaTooNew, .schemaOutdated, .missing: .refusal
        }
    }

    /// SQLite's primary result code, when SQLite reported the failure.
    public var sqliteCode: Int32? {
        switch self {
        case .cannotOpen(_, let code, _), .sqlite(let code, _, _, _): code
        case .notWritable, .schemaTooNew, .schemaOutdated, .missing, .postgresUnavailable, .postgresInvalidURI,
            .postgresCannotConnect, .postgres:
            nil
        }
    }

    public var isUnwritable: Bool {
        if case .notWritable = self { return true }
        return false
    }

    public var sentence: String {
        switch self {
        case .cannotOpen(let path, let code, let message):
            return "SQLite could not open the database '\(path)' (code \(code), \(Self.describe(code))): \(message)."
        case .notWritable(let path, let reason, let sqlite):
            return "The database '\(path)' cannot be written: \(reason). (\(sqlite))"
        case .sqlite(let code, let extendedCode, let message, let during):
            return
                "SQLite failed while \(during) (code \(code), extended code \(extendedCode), \(Self.describe(code))): \(message)."
        case .schemaTooNew(let found, let supported, let path):
            return
                "The database '\(path)' has schema version \(found), newer than the \(supported) this tapcard knows; use a newer tapcard or another --db."
        case .schemaOutdated(let found, let needed, let path):
            return
                "The database '\(path)' has schema version \(found); this tapcard reads version \(needed), and bringing it up to date writes the file, which a command that only reads does not do. Run a command that records (read, write, focus) where the database is writable, or give another --db."
        case .missing(let what):
            return "The store has no \(what)."
        case .postgresUnavailable(let detail):
            return
                "PostgreSQL's client library, libpq, could not be loaded (\(detail)); install it (Debian: libpq5) to keep counters in PostgreSQL."
        case .postgresInvalidURI(let uri, let message):
            return "The PostgreSQL URI '\(uri)' is not valid: \(Self.ended(message))"
        case .postgresCannotConnect(let uri, let message):
            return "Could not connect to PostgreSQL at '\(uri)': \(Self.ended(message))"
        case .postgres(let sqlstate?, let message, let during):
            return
                "The PostgreSQL server refused a statement while \(during) (SQLSTATE \(sqlstate)): \(Self.ended(message))"
        case .postgres(nil, let message, let during):
            return
                "PostgreSQL failed while \(during) (no SQLSTATE: libpq's own report, not the server's): \(Self.ended(message))"
        }
    }

    /// `message` (libpq's or the server's) ending as a sentence does, without a second mark after
    /// its own ("…on that socket?").
    static func ended(_ message: String) -> String {
        guard let last = message.last, ".?!".contains(last) else { return message + "." }
        return message
    }

    static func describe(_ code: Int32) -> String {
        guard let text = sqlite3_errstr(code) else { return "unknown result code" }
        return String(cString: text)
    }
}
