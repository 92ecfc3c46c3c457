#if canImport(SQLite3)
    import SQLite3
#else
    import CSQLite
#endif

/// A prepared statement. Values only ever reach SQL through `bind`, never through the text.
public final class SQLiteStatement {
    let handle: OpaquePointer
    unowned let database: SQLiteDatabase
    let sql: String

    init(handle: OpaquePointer, database: SQLiteDatabase, sql: String) {
        self.handle = handle
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to parameters 1…n, replacing any earlier bindings.
    public func bind(_ values: [SQLiteValue], during: String) throws(StoreError) {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard expected == values.count else {
            throw .sqlite(
                code: SQLITE_RANGE, extendedCode: SQLITE_RANGE,
                message: "the statement takes \(expected) parameters, \(values.count) were given",
                during: during)
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(handle, index)
            case .integer(let number): code = sqlite3_bind_int64(handle, index, number)
            case .real(let number): code = sqlite3_bind_double(handle, index, number)
            case .text(let text):
                code = sqlite3_bind_text(handle, index, text, -1, SQLiteDatabase.transient)
            case .blob(let bytes):
                code = bytes.withUnsafeBytes { raw in
                    sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), SQLiteDatabase.transient)
                }
            }
            guard code == SQLITE_OK else { throw database.error(code, during: during) }
        }
    }

    /// Runs the statement to completion and returns every row.
    public func rows(during: String) throws(StoreError) -> [[SQLiteValue]] {
        var result: [[SQLiteValue]] = []
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { return result }
            guard code == SQLITE_ROW else { throw database.error(code, during: during) }
            result.append(currentRow())
        }
    }

    private func currentRow() -> [SQLiteValue] {
        let count = sqlite3_column_count(handle)
        var row: [SQLiteValue] = []
        row.reserveCapacity(Int(count))
        for column in 0..<count {
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: row.append(.integer(sqlite3_column_int64(handle, column)))
            case SQLITE_FLOAT: row.append(.real(sqlite3_column_double(handle, column)))
            case SQLITE_TEXT:
                if let text = sqlite3_column_text(handle, column) {
                    row.append(.text(String(cString: text)))
                } else {
                    row.append(.null)
                }
            case SQLITE_BLOB:
                let length = Int(sqlite3_column_bytes(handle, column))
                if let base = sqlite3_column_blob(handle, column), length > 0 {
                    row.append(.blob(Array(UnsafeRawBufferPointer(start: base, count: length))))
                } else {
                    row.append(.blob([]))
                }
            default: row.append(.null)
            }
        }
        return row
    }
}
