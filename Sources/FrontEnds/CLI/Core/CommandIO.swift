#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Where a command reads and writes. The process uses ``ProcessIO``; tests use ``CapturedIO``
/// and run commands in-process.
public protocol CommandIO: AnyObject {
    /// Writes bytes to standard output.
    func write(_ bytes: [UInt8])
    /// Writes bytes to standard output from memory the caller owns (bulk output, no copy where
    /// the stream allows it).
    func write(buffer bytes: UnsafeBufferPointer<UInt8>)
    /// Writes text to standard error.
    func writeError(_ text: String)
    /// Reads standard input to its end.
    func readStandardInput() -> [UInt8]
    /// Reads standard input one line at a time (without the line terminator); `nil` at the end.
    func readLine() -> String?
    /// The environment variables the command may consult (data directory overrides).
    var environment: [String: String] { get }
}

extension CommandIO {
    public func write(buffer bytes: UnsafeBufferPointer<UInt8>) {
        write(Array(bytes))
    }

    /// Writes `text` and a newline to standard output.
    public func print(_ text: String) {
        write(Array(text.utf8) + [0x0A])
    }

    /// Writes `text` and a newline to standard error.
    public func printError(_ text: String) {
        writeError(text + "\n")
    }
}

/// The real process. Standard output is buffered here, so bulk output (`decode --jsonl`) is not
/// one system call per line; standard error is written at once, after flushing standard output.
public final class ProcessIO: CommandIO {
    private var buffer: [UInt8] = []
    private static let flushThreshold = 1 << 16

    public init() {}

    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write(buffer: $0) }
    }

    public func write(buffer bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count >= Self.flushThreshold {
            // Bulk output goes straight out, without a copy into the buffer.
            flush()
            Self.writeAll(bytes, to: 1)
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.flushThreshold { flush() }
    }

    public func writeError(_ text: String) {
        flush()
        Self.writeAll(Array(text.utf8), to: 2)
    }

    public func readStandardInput() -> [UInt8] {
        // A read error ends the input, as the end of the stream would.
        (try? DescriptorReader.readAll(0).get()) ?? []
    }

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }

    public var environment: [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let pair = String(cString: entry)
            if let eq = pair.firstIndex(of: "=") {
                result[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
            }
            pointer += 1
        }
        return result
    }

    /// Writes buffered standard output; call before the process exits.
    public func flush() {
        guard !buffer.isEmpty else { return }
        Self.writeAll(buffer, to: 1)
        buffer.removeAll(keepingCapacity: true)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        bytes.withUnsafeBufferPointer { writeAll($0, to: descriptor) }
    }

    private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let n = systemWrite(descriptor, base + offset, bytes.count - offset)
            if n <= 0 { return }
            offset += n
        }
    }
}

/// An in-memory stand-in for the process's streams, for tests.
public final class CapturedIO: CommandIO {
    public private(set) var output: [UInt8] = []
    public private(set) var errorOutput = ""
    private var input: [UInt8]
    private var inputOffset = 0
    public var environment: [String: String]

    public init(input: [UInt8] = [], environment: [String: String] = [:]) {
        self.input = input
        self.environment = environment
    }

    /// Standard output as text.
    public var outputText: String { String(decoding: output, as: UTF8.self) }

    public func write(_ bytes: [UInt8]) { output.append(contentsOf: bytes) }
    public func writeError(_ text: String) { errorOutput += text }

    public func readStandardInput() -> [UInt8] {
        defer { inputOffset = input.count }
        return Array(input[inputOffset...])
    }

    public func readLine() -> String? {
        guard inputOffset < input.count else { return nil }
        var end = inputOffset
        while end < input.count, input[end] != 0x0A { end += 1 }
        var line = input[inputOffset..<end]
        if line.last == 0x0D { line = line.dropLast() }
        inputOffset = min(end + 1, input.count)
        return String(decoding: line, as: UTF8.self)
    }
}
