#if os(Linux) || os(macOS)
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The libpq functions the counter store calls, resolved with `dlopen`/`dlsym` at run time (as
    /// PCSCLibrary loads libpcsclite and Ciphers loads libcrypto), so TapCard builds without
    /// PostgreSQL's headers and a machine without libpq gets a typed error, not a link failure.
    /// Signatures: PostgreSQL documentation, "libpq — C Library" (§34.1 connecting, §34.3 command
    /// execution).
    struct LibPQ: @unchecked Sendable {
        // @unchecked: immutable pointers to C functions; libpq is thread-safe as long as one
        // connection (PGconn) is used by one thread at a time, which PostgresCounterStore ensures.
        typealias ConnectDB = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias Status = @convention(c) (OpaquePointer?) -> Int32
        typealias ErrorMessage = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        typealias Finish = @convention(c) (OpaquePointer?) -> Void
        typealias ExecParams =
            @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?,
                UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
            ) -> OpaquePointer?
        typealias Exec = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> OpaquePointer?
        typealias ResultStatus = @convention(c) (OpaquePointer?) -> Int32
        typealias ResultErrorField = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
        typealias ResultErrorMessage = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
        typealias Count = @convention(c) (OpaquePointer?) -> Int32
        typealias FieldCount = @convention(c) (OpaquePointer?) -> Int32
        typealias GetValue = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
        typealias GetIsNull = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
        typealias Clear = @convention(c) (OpaquePointer?) -> Void
        typealias NoticeProcessor = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void
        typealias SetNoticeProcessor =
            @convention(c) (OpaquePointer?, NoticeProcessor?, UnsafeMutableRawPointer?) -> NoticeProcessor?
        typealias ConninfoParse =
            @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) ->
            OpaquePointer?
        typealias ConninfoFree = @convention(c) (OpaquePointer?) -> Void
        typealias FreeMemory = @convention(c) (UnsafeMutableRawPointer?) -> Void

        /// `ConnStatusType.CONNECTION_OK`.
        static let connectionOK: Int32 = 0
        /// `ExecStatusType`: `PGRES_COMMAND_OK`, `PGRES_TUPLES_OK`.
        static let commandOK: Int32 = 1
        static let tuplesOK: Int32 = 2
        /// `PG_DIAG_SQLSTATE` ('C') and `PG_DIAG_MESSAGE_PRIMARY` ('M').
        static let diagnosticSQLSTATE = Int32(UInt8(ascii: "C"))
        static let diagnosticMessage = Int32(UInt8(ascii: "M"))

        let connectDB: ConnectDB
        let status: Status
        let errorMessage: ErrorMessage
        let finish: Finish
        /// `PQreset`: the same connection made again, after the server went away.
        let reset: Finish
        let execParams: ExecParams
        let exec: Exec
        let resultStatus: ResultStatus
        let resultErrorField: ResultErrorField
        let resultErrorMessage: ResultErrorMessage
        let tupleCount: Count
        let fieldCount: FieldCount
        let getValue: GetValue
        let getIsNull: GetIsNull
        let clear: Clear
        let setNoticeProcessor: SetNoticeProcessor
        let conninfoParse: ConninfoParse
        let conninfoFree: ConninfoFree
        let freeMemory: FreeMemory

        /// The files tried, in order: the versioned name a runtime package installs, then the
        /// unversioned one a development package adds (and Homebrew's libpq on macOS).
        #if os(macOS)
            static let defaultPaths = [
                "libpq.5.dylib", "libpq.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
                "/usr/local/opt/libpq/lib/libpq.5.dylib",
            ]
        #else
            static let defaultPaths = ["libpq.so.5", "libpq.so"]
        #endif

        /// The library, loaded once per process.
        static func shared() throws(StoreError) -> LibPQ {
            try cached.get()
        }

        private static let cached: Result<LibPQ, StoreError> = {
            do throws(StoreError) {
                return .success(try load(paths: defaultPaths))
            } catch {
                return .failure(error)
            }
        }()

        /// Opens the first of `paths` that loads and resolves every function.
        static func load(paths: [String]) throws(StoreError) -> LibPQ {
            var handle: UnsafeMutableRawPointer? = nil
            var failures: [String] = []
            for path in paths {
                handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
                if handle != nil { break }
                failures.append(dlerror().map { String(cString: $0) } ?? "\(path): not loaded")
            }
            guard let handle else {
                throw .postgresUnavailable(
                    detail: failures.isEmpty ? "no library file was given" : failures.joined(separator: "; "))
            }
            func symbol<F>(_ name: String, as type: F.Type) throws(StoreError) -> F {
                guard let pointer = dlsym(handle, name) else {
                    throw .postgresUnavailable(detail: "the libpq that loaded has no function \(name)")
                }
                return unsafeBitCast(pointer, to: type)
            }
            return LibPQ(
                connectDB: try symbol("PQconnectdb", as: ConnectDB.self),
                status: try symbol("PQstatus", as: Status.self),
                errorMessage: try symbol("PQerrorMessage", as: ErrorMessage.self),
                finish: try symbol("PQfinish", as: Finish.self),
                reset: try symbol("PQreset", as: Finish.self),
                execParams: try symbol("PQexecParams", as: ExecParams.self),
                exec: try symbol("PQexec", as: Exec.self),
                resultStatus: try symbol("PQresultStatus", as: ResultStatus.self),
                resultErrorField: try symbol("PQresultErrorField", as: ResultErrorField.self),
                resultErrorMessage: try symbol("PQresultErrorMessage", as: ResultErrorMessage.self),
                tupleCount: try symbol("PQntuples", as: Count.self),
                fieldCount: try symbol("PQnfields", as: FieldCount.self),
                getValue: try symbol("PQgetvalue", as: GetValue.self),
                getIsNull: try symbol("PQgetisnull", as: GetIsNull.self),
                clear: try symbol("PQclear", as: Clear.self),
                setNoticeProcessor: try symbol("PQsetNoticeProcessor", as: SetNoticeProcessor.self),
                conninfoParse: try symbol("PQconninfoParse", as: ConninfoParse.self),
                conninfoFree: try symbol("PQconninfoFree", as: ConninfoFree.self),
                freeMemory: try symbol("PQfreemem", as: FreeMemory.self))
        }
    }
#endif
