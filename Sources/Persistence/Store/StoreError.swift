import TapCardSupport

#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// Every way the store fails. SQLite's own failures carry its result code (primary and
/// extended) and message, and what we were doing; they are the platform's, not ours.
public enum StoreError: TapCardError, Equatable {
    /// The database file could not be opened (or created).
    case cannotOpen(path: String, code: Int32, message: String)
    /// SQLite refused or failed a statement.
    case sqlite(code: Int32, extendedCode: Int32, message: String, during: String)
    /// The file was written by a newer TapCard with a schema this version does not know.
    case schemaTooNew(found: Int, supported: Int, path: String)
    /// A command that only reads found a store of an older schema version: bringing it up to
    /// date writes the file, which such a command does not do.
    case schemaOutdated(found: Int, needed: Int, path: String)
    /// A row the operation needs is not there (e.g. ending a session when none is open).
    case missing(what: String)

    public var origin: ErrorOrigin {
        switch self {
        case .cannotOpen, .sqlite: .platform
        case .schemaTooNew, .schemaOutdated, .missing: .refusal
        }
    }

    /// SQLite's primary result code, when SQLite reported the failure.
    public var sqliteCode: Int32? {
        switch self {
        case .cannotOpen(_, let code, _), .sqlite(let code, _, _, _): code
        case .schemaTooNew, .schemaOutdated, .missing: nil
        }
    }

    public var sentence: String {
        switch self {
        case .cannotOpen(let path, let code, let message):
            return "SQLite could not open the database '\(path)' (code \(code), \(Self.describe(code))): \(message)."
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
        }
    }

    static func describe(_ code: Int32) -> String {
        guard let text = sqlite3_errstr(code) else { return "unknown result code" }
        return String(cString: text)
    }
}
