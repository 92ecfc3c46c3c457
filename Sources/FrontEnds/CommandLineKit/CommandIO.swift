import TapCardSupport

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
    /// Reads what standard input has now (at least one byte, waiting for it), `nil` at its end:
    /// a co-process answers each line as it comes.
    func readStandardInputChunk() -> [UInt8]?
    /// Sends buffered standard output now.
    func flush()
    /// Reads standard input one line at a time (without the line terminator); `nil` at the end.
    func readLine() -> String?
    /// The environment variables the command may consult (data directory overrides).
    var environment: [String: String] { get }
    /// True when standard output is a terminal (then untrusted text is escaped; see ``TerminalText``).
    var standardOutputIsTerminal: Bool { get }
    /// True when standard error is a terminal.
    var standardErrorIsTerminal: Bool { get }
    /// `--quiet`, `--color`: set by the dispatcher before the command runs.
    var style: OutputStyle { get set }
}

extension CommandIO {
    public func write(buffer bytes: UnsafeBufferPointer<UInt8>) {
        write(Array(bytes))
    }

    /// The rest of standard input in one piece, then `nil`.
    public func readStandardInputChunk() -> [UInt8]? {
        let rest = readStandardInput()
        return rest.isEmpty ? nil : rest
    }

    /// Nothing is buffered.
    public func flush() {}

    public var standardOutputIsTerminal: Bool { false }
    public var standardErrorIsTerminal: Bool { false }
    /// Streams that keep no style (a test's own IO) print as `--color never` without `--quiet`.
    public var style: OutputStyle {
        get { OutputStyle(color: .never) }
        set {}
    }

    /// Writes `text` and a newline to standard output; on a terminal, control and bidi
    /// characters are shown escaped (``TerminalText``).
    public func print(_ text: String) {
        let safe = standardOutputIsTerminal ? TerminalText.escape(text) : text
        write(Array(safe.utf8) + [0x0A])
    }

    /// Writes `text`, lines ended by newlines, to standard output: each line as ``print(_:)``
    /// writes it (escaped on a terminal), so a multi-line block keeps its line breaks. A final
    /// newline is not doubled.
    public func printLines(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines { print(String(line)) }
    }

    /// Writes `text` and a newline to standard error, escaped on a terminal like ``print(_:)``;
    /// an `error: ` prefix is shown in red when colour is on.
    public func printError(_ text: String) {
        var safe = standardErrorIsTerminal ? TerminalText.escape(text) : text
        if colorsStandardError, safe.hasPrefix("error: ") {
            safe = "\u{1B}[1;31merror:\u{1B}[0m " + safe.dropFirst("error: ".count)
        }
        writeError(safe + "\n")
    }

    /// One JSON v1 document on a line: a top-level object gets `schema_version` first when it
    /// has none; any other top-level value is wrapped as `{"schema_version":1,"value":…}`.
    public func printJSON(_ value: JSON) {
        print(JSONContract.versioned(value).serialized())
    }

    /// A note on standard error (what was chosen, what is being waited for): left out with
    /// `--quiet`. Errors use ``printError(_:)``, which `--quiet` never hides.
    public func note(_ text: String) {
        guard !style.quiet else { return }
        printError(text)
    }

    /// True when standard output gets colour (`--color`, `NO_COLOR`, a terminal).
    public var colorsStandardOutput: Bool { style.colors(terminal: standardOutputIsTerminal, environment: environment) }
    /// True when standard error gets colour.
    public var colorsStandardError: Bool { style.colors(terminal: standardErrorIsTerminal, environment: environment) }
}

/// How output looks: `--quiet` and `--color`.
public struct OutputStyle: Sendable, Equatable {
    public var quiet = false
    public var color = ColorChoice.auto

    public init(quiet: Bool = false, color: ColorChoice = .auto) {
        self.quiet = quiet
        self.color = color
    }

    /// Colour only where asked, or, by default, on a terminal when `NO_COLOR` is not set
    /// (no-color.org: any non-empty value).
    public func colors(terminal: Bool, environment: [String: String]) -> Bool {
        switch color {
        case .always: true
        case .never: false
        case .auto: terminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }
}

/// The real process. Standard output is buffered here, so bulk output (`decode --jsonl`) is not
/// one system call per line; standard error is written at once, after flushing standard output.
public final class ProcessIO: CommandIO {
    private var buffer: [UInt8] = []
    private static let flushThreshold = 1 << 16
    public let standardOutputIsTerminal = isatty(1) == 1
    public let standardErrorIsTerminal = isatty(2) == 1
    public var style = OutputStyle()

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

    public func readStandardInputChunk() -> [UInt8]? {
        switch DescriptorReader.readSome(0) {
        case .success(let chunk): return chunk
        // A read error ends the input, as the end of the stream would.
        case .failure: return nil
        }
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
    public var standardOutputIsTerminal: Bool
    public var standardErrorIsTerminal: Bool
    public var style = OutputStyle()

    /// `terminal`: pretend both streams are a terminal (to test escaping and colour).
    public init(input: [UInt8] = [], environment: [String: String] = [:], terminal: Bool = false) {
        self.input = input
        self.environment = environment
        self.standardOutputIsTerminal = terminal
        self.standardErrorIsTerminal = terminal
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
