#if canImport(PCSC)
    import PCSC
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The dozen PC/SC entry points TapCard calls, behind one shape on every platform.
///
/// On Linux the functions come from `libpcsclite.so.1` through `dlopen`/`dlsym`, so building needs
/// no PC/SC headers and a machine without pcsc-lite gets a typed error instead of a link failure.
/// On macOS they are PCSC.framework's. The closures hide the one real difference — the width of
/// the C integers — and build the `SCARD_IO_REQUEST` that `SCardTransmit` wants.
public struct PCSCLibrary: @unchecked Sendable {
    // @unchecked: every member is an immutable pointer to a C function that is safe to call from
    // any thread (pcsc-lite and PCSC.framework are thread-safe per context).
    let establishContext: (PCSCDword, UnsafeMutablePointer<PCSCHandle>) -> PCSCLong
    let releaseContext: (PCSCHandle) -> PCSCLong
    let listReaders: (PCSCHandle, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<PCSCDword>) -> PCSCLong
    let getStatusChange: (PCSCHandle, PCSCDword, UnsafeMutableRawPointer, PCSCDword) -> PCSCLong
    let connect:
        (
            PCSCHandle, UnsafePointer<CChar>, PCSCDword, PCSCDword, UnsafeMutablePointer<PCSCHandle>,
            UnsafeMutablePointer<PCSCDword>
        ) -> PCSCLong
    let disconnect: (PCSCHandle, PCSCDword) -> PCSCLong
    /// handle, share mode, preferred protocols, initialization (leave / reset / unpower), out: active protocol.
    let reconnect: (PCSCHandle, PCSCDword, PCSCDword, PCSCDword, UnsafeMutablePointer<PCSCDword>) -> PCSCLong
    /// handle, active protocol, command, command length, response buffer, in: capacity / out: length.
    let transmit:
        (
            PCSCHandle, PCSCDword, UnsafePointer<UInt8>, PCSCDword, UnsafeMutablePointer<UInt8>,
            UnsafeMutablePointer<PCSCDword>
        ) -> PCSCLong
    let cancel: (PCSCHandle) -> PCSCLong
    /// Where the fields of `SCARD_READERSTATE` sit, in bytes.
    let readerState: ReaderStateLayout

    /// Offsets inside the C struct `SCARD_READERSTATE { const char *szReader; void *pvUserData;
    /// DWORD dwCurrentState; DWORD dwEventState; DWORD cbAtr; unsigned char rgbAtr[33]; }`.
    struct ReaderStateLayout {
        var size: Int
        var reader: Int
        var currentState: Int
        var eventState: Int
        var atrLength: Int
        var atr: Int
    }

    /// The library, loaded once per process.
    public static func shared() throws(PCSCError) -> PCSCLibrary {
        try cached.get()
    }

    private static let cached: Result<PCSCLibrary, PCSCError> = {
        do throws(PCSCError) {
            return .success(try load())
        } catch {
            return .failure(error)
        }
    }()

    #if canImport(PCSC)
        /// PCSC.framework is part of macOS: nothing to find.
        public static func load(paths: [String] = []) throws(PCSCError) -> PCSCLibrary {
            PCSCLibrary(
                establishContext: { scope, context in SCardEstablishContext(scope, nil, nil, context) },
                releaseContext: { SCardReleaseContext($0) },
                listReaders: { context, buffer, length in SCardListReaders(context, nil, buffer, length) },
                getStatusChange: { context, timeout, states, count in
                    SCardGetStatusChange(
                        context, timeout, states.assumingMemoryBound(to: SCARD_READERSTATE.self), count)
                },
                connect: { context, reader, share, protocols, card, active in
                    SCardConnect(context, reader, share, protocols, card, active)
                },
                disconnect: { SCardDisconnect($0, $1) },
                reconnect: { SCardReconnect($0, $1, $2, $3, $4) },
                transmit: { card, proto, command, length, response, responseLength in
                    var pci = SCARD_IO_REQUEST(
                        dwProtocol: proto, cbPciLength: UInt32(MemoryLayout<SCARD_IO_REQUEST>.size))
                    return SCardTransmit(card, &pci, command, length, nil, response, responseLength)
                },
                cancel: { SCardCancel($0) },
                readerState: ReaderStateLayout(
                    size: MemoryLayout<SCARD_READERSTATE>.stride,
                    reader: MemoryLayout<SCARD_READERSTATE>.offset(of: \.szReader) ?? 0,
                    currentState: MemoryLayout<SCARD_READERSTATE>.offset(of: \.dwCurrentState) ?? 0,
                    eventState: MemoryLayout<SCARD_READERSTATE>.offset(of: \.dwEventState) ?? 0,
                    atrLength: MemoryLayout<SCARD_READERSTATE>.offset(of: \.cbAtr) ?? 0,
                    atr: MemoryLayout<SCARD_READERSTATE>.offset(of: \.rgbAtr) ?? 0))
        }
    #else
        /// The sonames tried, in order.
        public static let defaultPaths = ["libpcsclite.so.1", "libpcsclite.so"]

        /// Opens pcsc-lite's client library and resolves its functions.
        public static func load(paths: [String] = defaultPaths) throws(PCSCError) -> PCSCLibrary {
            var handle: UnsafeMutableRawPointer? = nil
            var lastError = "no library path was given"
            for path in paths {
                handle = dlopen(path, RTLD_NOW | RTLD_LOCAL)
                if handle != nil { break }
                if let message = dlerror() { lastError = String(cString: message) }
            }
            guard let handle else { throw PCSCError.unavailable(detail: lastError) }

            func symbol<F>(_ name: String, as type: F.Type) throws(PCSCError) -> F {
                guard let pointer = dlsym(handle, name) else {
                    throw PCSCError.unavailable(detail: "libpcsclite has no function \(name)")
                }
                return unsafeBitCast(pointer, to: type)
            }

            typealias Establish =
                @convention(c) (PCSCDword, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeMutablePointer<PCSCHandle>)
                -> PCSCLong
            typealias Release = @convention(c) (PCSCHandle) -> PCSCLong
            typealias List =
                @convention(c) (
                    PCSCHandle, UnsafePointer<CChar>?, UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<PCSCDword>
                ) -> PCSCLong
            typealias StatusChange =
                @convention(c) (PCSCHandle, PCSCDword, UnsafeMutableRawPointer, PCSCDword) -> PCSCLong
            typealias Connect =
                @convention(c) (
                    PCSCHandle, UnsafePointer<CChar>, PCSCDword, PCSCDword, UnsafeMutablePointer<PCSCHandle>,
                    UnsafeMutablePointer<PCSCDword>
                ) -> PCSCLong
            typealias Disconnect = @convention(c) (PCSCHandle, PCSCDword) -> PCSCLong
            typealias Reconnect =
                @convention(c) (PCSCHandle, PCSCDword, PCSCDword, PCSCDword, UnsafeMutablePointer<PCSCDword>) ->
                PCSCLong
            typealias Transmit =
                @convention(c) (
                    PCSCHandle, UnsafeRawPointer, UnsafePointer<UInt8>, PCSCDword, UnsafeMutableRawPointer?,
                    UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<PCSCDword>
                ) -> PCSCLong
            typealias Cancel = @convention(c) (PCSCHandle) -> PCSCLong

            let establish = try symbol("SCardEstablishContext", as: Establish.self)
            let release = try symbol("SCardReleaseContext", as: Release.self)
            let list = try symbol("SCardListReaders", as: List.self)
            let statusChange = try symbol("SCardGetStatusChange", as: StatusChange.self)
            let connect = try symbol("SCardConnect", as: Connect.self)
            let disconnect = try symbol("SCardDisconnect", as: Disconnect.self)
            let reconnect = try symbol("SCardReconnect", as: Reconnect.self)
            let transmit = try symbol("SCardTransmit", as: Transmit.self)
            let cancel = try symbol("SCardCancel", as: Cancel.self)

            // LP64 pcsc-lite: pointer, pointer, then three `unsigned long`s, then 33 bytes; the
            // struct is padded to a multiple of 8.
            let word = MemoryLayout<PCSCDword>.size
            let pointer = MemoryLayout<UnsafeRawPointer>.size
            let atrOffset = 2 * pointer + 3 * word
            let unpadded = atrOffset + PCSCConstant.maxATRSize
            let alignment = max(word, pointer)
            let layout = ReaderStateLayout(
                size: (unpadded + alignment - 1) / alignment * alignment, reader: 0,
                currentState: 2 * pointer, eventState: 2 * pointer + word, atrLength: 2 * pointer + 2 * word,
                atr: atrOffset)

            return PCSCLibrary(
                establishContext: { scope, context in establish(scope, nil, nil, context) },
                releaseContext: { release($0) },
                listReaders: { context, buffer, length in list(context, nil, buffer, length) },
                getStatusChange: { statusChange($0, $1, $2, $3) },
                connect: { connect($0, $1, $2, $3, $4, $5) },
                disconnect: { disconnect($0, $1) },
                reconnect: { reconnect($0, $1, $2, $3, $4) },
                transmit: { card, proto, command, length, response, responseLength in
                    // SCARD_IO_REQUEST { unsigned long dwProtocol; unsigned long cbPciLength; }
                    var pci: (PCSCDword, PCSCDword) = (proto, PCSCDword(2 * word))
                    return withUnsafePointer(to: &pci) { pciPointer in
                        transmit(card, UnsafeRawPointer(pciPointer), command, length, nil, response, responseLength)
                    }
                },
                cancel: { cancel($0) },
                readerState: layout)
        }
    #endif
}
