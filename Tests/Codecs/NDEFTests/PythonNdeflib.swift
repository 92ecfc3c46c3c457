import Foundation
import Testing

/// Runs Python's ndeflib 0.3.3 (`pip install ndeflib`), the independent implementation the
/// agreement and divergence tests compare against. One `python3` process per call.
enum PythonNdeflib {
    /// True when the test command requires peers (`scripts/test.sh` sets `TAPCARD_REQUIRE_PEERS`):
    /// a missing ndeflib then fails instead of skipping.
    static var peersRequired: Bool { ProcessInfo.processInfo.environment["TAPCARD_REQUIRE_PEERS"] != nil }

    /// Whether `python3` can import ndeflib 0.3.3; checked once.
    static let isAvailable: Bool = {
        (try? run(script: "import ndef, sys; sys.stdout.write(ndef.__version__)", arguments: [])) == "0.3.3"
    }()

    /// Tests run when ndeflib is here, or when peers are required (and then fail if it is not).
    static var shouldRun: Bool { isAvailable || peersRequired }

    static let skipReason: Comment = "python3 with ndeflib 0.3.3 not found (pip install ndeflib==0.3.3); skipped"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `script` with `python3 -c` and returns its standard output.
    static func run(script: String, arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read before waiting so a large output cannot fill the pipe and block the child.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "python3 exited \(process.terminationStatus): "
                    + String(decoding: errorData, as: UTF8.self))
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// ndeflib's result for each hex message, one line each: `repr` of the decoded list of
    /// `(type, name, data hex, iri or text)` tuples, or `EXC <ExceptionName>: <message>`.
    static func describe(_ hexMessages: [String]) throws -> [String] {
        let script = """
            import sys, ndef
            for h in sys.argv[1:]:
                try:
                    rs = list(ndef.message_decoder(bytes.fromhex(h), errors='strict'))
                    print(repr([(r.type, r.name, r.data.hex(), getattr(r, 'iri', None), getattr(r, 'text', None)) for r in rs]))
                except Exception as e:
                    print('EXC %s: %s' % (type(e).__name__, e))
            """
        return try run(script: script, arguments: hexMessages).split(separator: "\n").map(String.init)
    }
}
