/// A PC/SC context: the connection to the PC/SC service through which readers are listed, cards
/// awaited and connected. Released when the object goes away.
///
/// Calls block the calling thread (PC/SC is a blocking API); waits are bounded by their timeout.
public final class PCSCContext {
    let library: PCSCLibrary
    let handle: PCSCHandle

    /// Connects to the PC/SC service (`SCardEstablishContext`, system scope).
    public init(library: PCSCLibrary? = nil) throws(PCSCError) {
        let library = try Self.resolve(library)
        var handle: PCSCHandle = 0
        let rc = library.establishContext(PCSCConstant.scopeSystem, &handle)
        try Self.check(rc, "SCardEstablishContext", reader: nil)
        self.library = library
        self.handle = handle
    }

    deinit {
        _ = library.releaseContext(handle)
    }

    private static func resolve(_ library: PCSCLibrary?) throws(PCSCError) -> PCSCLibrary {
        if let library { return library }
        return try PCSCLibrary.shared()
    }

    /// The names of the connected readers, in PC/SC's order; empty when none is connected.
    public func readers() throws(PCSCError) -> [String] {
        var length: PCSCDword = 0
        var rc = library.listReaders(handle, nil, &length)
        if Self.code(rc) == 0x8010_002E { return [] }
        try Self.check(rc, "SCardListReaders", reader: nil)
        guard length > 0 else { return [] }
        var buffer = [CChar](repeating: 0, count: Int(length))
        rc = buffer.withUnsafeMutableBufferPointer { library.listReaders(handle, $0.baseAddress, &length) }
        if Self.code(rc) == 0x8010_002E { return [] }
        try Self.check(rc, "SCardListReaders", reader: nil)
        // A multi-string: names separated by NUL, ended by an empty name.
        let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        return bytes.split(separator: 0, omittingEmptySubsequences: true).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// What each reader holds right now.
    public func states(of readers: [String]) throws(PCSCError) -> [ReaderState] {
        try statusChange(readers, known: readers.map { _ in PCSCConstant.stateUnaware }, timeoutMilliseconds: 0)
    }

    /// Waits until one of `readers` holds a card and returns that reader's state. `waiting` is
    /// called once, before blocking, when no card is there yet (the "Hold a tag…" line).
    public func waitForCard(
        readers: [String], timeoutMilliseconds: Int, waiting: () -> Void
    ) throws(PCSCError) -> ReaderState {
        guard !readers.isEmpty else { throw PCSCError.noReaders }
        var current = try states(of: readers)
        if let ready = current.first(where: { $0.hasCard }) { return ready }
        try Self.throwIfGone(current)
        waiting()
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(timeoutMilliseconds)
        while true {
            let left = deadline - clock.now
            let leftMs = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard leftMs > 0 else {
                throw PCSCError.noCard(
                    reader: readers.count == 1 ? readers[0] : nil, waitedMilliseconds: timeoutMilliseconds)
            }
            current = try statusChange(readers, known: current.map(\.eventState), timeoutMilliseconds: leftMs)
            if let ready = current.first(where: { $0.hasCard }) { return ready }
            try Self.throwIfGone(current)
        }
    }

    /// Waits until `reader` holds no card (pcscd may report a departed card for up to one polling
    /// period, 400 ms for vpcd; waiting for EMPTY avoids talking to a ghost). Returns false on timeout.
    public func waitForRemoval(reader: String, timeoutMilliseconds: Int) throws(PCSCError) -> Bool {
        var current = try states(of: [reader])
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(timeoutMilliseconds)
        while current[0].hasCard {
            try Self.throwIfGone(current)
            let left = deadline - clock.now
            let leftMs = Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
            guard leftMs > 0 else { return false }
            current = try statusChange([reader], known: current.map(\.eventState), timeoutMilliseconds: leftMs)
        }
        return true
    }

    /// Connects to the card in `reader`, shared, T=0 or T=1.
    public func connect(reader: String) throws(PCSCError) -> PCSCCard {
        var card: PCSCHandle = 0
        var active: PCSCDword = 0
        let rc = reader.withCString {
            library.connect(
                handle, $0, PCSCConstant.shareShared, PCSCConstant.protocolT0 | PCSCConstant.protocolT1, &card,
                &active)
        }
        try Self.check(rc, "SCardConnect", reader: reader)
        let atr = (try? states(of: [reader]).first?.atr) ?? []
        return PCSCCard(context: self, handle: card, activeProtocol: active, reader: reader, atr: atr)
    }

    /// Cancels a wait in progress on this context (from another thread).
    public func cancel() {
        _ = library.cancel(handle)
    }

    // MARK: - SCardGetStatusChange

    private func statusChange(
        _ readers: [String], known: [PCSCDword], timeoutMilliseconds: Int
    ) throws(PCSCError) -> [ReaderState] {
        let layout = library.readerState
        let names = readers.map { Array($0.utf8CString) }
        var buffer = [UInt8](repeating: 0, count: layout.size * readers.count)
        // The reader-name C strings must outlive the call: keep them in `names`, pin them here.
        let rc: PCSCLong = Self.withCStrings(names) { pointers in
            buffer.withUnsafeMutableBytes { raw in
                for index in readers.indices {
                    let base = index * layout.size
                    raw.storeBytes(
                        of: pointers[index], toByteOffset: base + layout.reader, as: UnsafePointer<CChar>?.self)
                    raw.storeBytes(of: known[index], toByteOffset: base + layout.currentState, as: PCSCDword.self)
                }
                return library.getStatusChange(
                    handle, PCSCDword(clamping: timeoutMilliseconds), raw.baseAddress!, PCSCDword(readers.count))
            }
        }
        let code = Self.code(rc)
        if code == 0x8010_000A {
            // Timeout: nothing changed, report the states as they were.
            return zip(readers, known).map {
                ReaderState(name: $0, eventState: $1 & ~PCSCConstant.stateChanged, atr: [])
            }
        }
        try Self.check(rc, "SCardGetStatusChange", reader: readers.count == 1 ? readers[0] : nil)
        return buffer.withUnsafeBytes { raw in
            readers.indices.map { index in
                let base = index * layout.size
                let event = raw.loadUnaligned(fromByteOffset: base + layout.eventState, as: PCSCDword.self)
                let count = Int(raw.loadUnaligned(fromByteOffset: base + layout.atrLength, as: PCSCDword.self))
                let atrCount = min(max(count, 0), PCSCConstant.maxATRSize)
                let atr = Array(raw[(base + layout.atr)..<(base + layout.atr + atrCount)])
                return ReaderState(name: readers[index], eventState: event, atr: atr)
            }
        }
    }

    private static func withCStrings<R>(
        _ strings: [[CChar]], _ body: ([UnsafePointer<CChar>?]) -> R
    ) -> R {
        var pointers: [UnsafePointer<CChar>?] = []
        func pin(_ index: Int) -> R {
            if index == strings.count { return body(pointers) }
            return strings[index].withUnsafeBufferPointer { buffer in
                pointers.append(buffer.baseAddress)
                return pin(index + 1)
            }
        }
        return pin(0)
    }

    private static func throwIfGone(_ states: [ReaderState]) throws(PCSCError) {
        if states.count == 1, states[0].isGone { throw PCSCError.readerRemoved(reader: states[0].name) }
        if !states.isEmpty, states.allSatisfy(\.isGone) { throw PCSCError.readerRemoved(reader: states[0].name) }
    }

    static func code(_ rc: PCSCLong) -> UInt32 {
        UInt32(truncatingIfNeeded: rc)
    }

    static func check(_ rc: PCSCLong, _ function: String, reader: String?) throws(PCSCError) {
        let code = code(rc)
        guard code != 0 else { return }
        throw PCSCError.from(code: code, function: function, reader: reader)
    }
}
