#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Plays a card for vpcd: connects to vpcd's listening port (connecting = card inserted), answers
/// control codes and APDUs frame by frame, and closes the socket to "remove" the card.
public final class VirtualCardServer {
    /// Why serving ended.
    public enum End: Sendable, Equatable {
        /// `shouldStop` said so (a signal); `apdus` commands were answered.
        case stopped(apdus: Int)
        /// vpcd closed the connection (pcscd went away).
        case readerClosed(apdus: Int)
        /// The APDU limit was reached: the next command was left unanswered and the card removed.
        case apduLimit(apdus: Int)
    }

    public let host: String
    public let port: Int
    public let atr: [UInt8]
    private var socketDescriptor: Int32 = -1

    public init(host: String, port: Int, atr: [UInt8]) {
        self.host = host
        self.port = port
        self.atr = atr
    }

    deinit {
        if socketDescriptor >= 0 { close(socketDescriptor) }
    }

    /// Connects, retrying until `timeoutMilliseconds` (vpcd may still be starting).
    public func connect(timeoutMilliseconds: Int, shouldStop: () -> Bool) throws(VPCDError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if os(Linux)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>? = nil
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
            throw VPCDError.unresolvable(host: host, port: port)
        }
        defer { freeaddrinfo(list) }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(timeoutMilliseconds)
        while true {
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let info = entry {
                let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, info.pointee.ai_protocol)
                if fd >= 0 {
                    if systemConnect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                        var one: Int32 = 1
                        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
                        socketDescriptor = fd
                        return
                    }
                    close(fd)
                }
                entry = info.pointee.ai_next
            }
            if clock.now >= deadline || shouldStop() {
                throw VPCDError.notListening(host: host, port: port, waitedMilliseconds: timeoutMilliseconds)
            }
            usleep(50_000)
        }
    }

    /// Serves frames until stopped, until vpcd closes, or until `apduLimit` APDUs were answered.
    /// `respond` turns a command APDU into a response APDU. `onReset` runs when vpcd powers the
    /// card on or resets it: for a contactless card that is a new RF session (a tag forgets a
    /// password it was given, as a chip does when the field goes off).
    public func serve(
        apduLimit: Int?, shouldStop: () -> Bool, onReset: () -> Void = {}, respond: ([UInt8]) async -> [UInt8]
    ) async throws(VPCDError) -> End {
        var apdus = 0
        while true {
            guard let payload = try receiveFrame(shouldStop: shouldStop) else {
                return shouldStop() ? .stopped(apdus: apdus) : .readerClosed(apdus: apdus)
            }
            switch VPCDFrame(payload: payload) {
            case .atrRequest:
                try send(atr)
            case .powerOn, .reset:
                onReset()
            case .powerOff, .control:
                continue
            case .apdu(let apdu):
                if let apduLimit, apdus >= apduLimit {
                    removeCard()
                    return .apduLimit(apdus: apdus)
                }
                let response = await respond(apdu)
                apdus += 1
                try send(response)
            }
        }
    }

    /// Closes the connection: to vpcd, the card left the field.
    public func removeCard() {
        if socketDescriptor >= 0 { close(socketDescriptor) }
        socketDescriptor = -1
    }

    private func send(_ payload: [UInt8]) throws(VPCDError) {
        guard let frame = VPCDFrame.encode(payload) else { throw VPCDError.malformedFrame(length: payload.count) }
        var offset = 0
        while offset < frame.count {
            let n = frame[offset...].withUnsafeBytes { systemSend(socketDescriptor, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw VPCDError.socket(call: "send", errno: errno)
            }
            offset += n
        }
    }

    /// One frame's payload, or `nil` when the peer closed or `shouldStop` turned true.
    private func receiveFrame(shouldStop: () -> Bool) throws(VPCDError) -> [UInt8]? {
        guard let header = try receive(count: 2, shouldStop: shouldStop) else { return nil }
        let length = Int(header[0]) << 8 | Int(header[1])
        guard length > 0 else { return [] }
        return try receive(count: length, shouldStop: shouldStop)
    }

    private func receive(count: Int, shouldStop: () -> Bool) throws(VPCDError) -> [UInt8]? {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: count)
        while result.count < count {
            if shouldStop() { return nil }
            var poller = pollfd(fd: socketDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, 200)
            if ready < 0 {
                if errno == EINTR { continue }
                throw VPCDError.socket(call: "poll", errno: errno)
            }
            if ready == 0 { continue }
            #if os(Linux)
                // vpcd writes length and payload separately without TCP_NODELAY; answering with
                // delayed ACKs costs ≈ 45 ms per exchange. QUICKACK is not sticky: set it each time.
                var one: Int32 = 1
                setsockopt(
                    socketDescriptor, Int32(IPPROTO_TCP), 12 /* TCP_QUICKACK */, &one,
                    socklen_t(MemoryLayout<Int32>.size))
            #endif
            let n = buffer.withUnsafeMutableBytes { recv(socketDescriptor, $0.baseAddress, count - result.count, 0) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == ECONNRESET { return nil }
                throw VPCDError.socket(call: "recv", errno: errno)
            }
            if n == 0 { return nil }
            result += buffer.prefix(n)
        }
        return result
    }
}

#if canImport(Glibc)
    private func systemConnect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        Glibc.connect(fd, address, length)
    }
    private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        Glibc.send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    }
#else
    private func systemConnect(_ fd: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: socklen_t) -> Int32 {
        Darwin.connect(fd, address, length)
    }
    private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
        Darwin.send(fd, bytes, count, 0)
    }
#endif
