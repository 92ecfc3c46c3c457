import CommandLineKit
import Foundation
import SUN
import Store
import TapCardSupport

/// `sun verify --jsonl`: every input line verified in this process, one JSON v1 result per line in
/// input order. A verifier is prepared once per key pair (the options' pair, or each distinct pair
/// the JSON objects name) and reused, so a line costs only its own URL's work.
struct SUNVerifyBatch {
    let metaKey: String?
    let fileKey: String?
    let pattern: SUNTemplatePattern?
    let store: (any SUNCounterStore)?
    let now: Date
    /// Verifiers by key pair (as given), or the key error that pair gives.
    private var verifiers: [KeyPair: Result<SUNVerifier, SUNError>] = [:]
    /// Lines malformed (65) and refused (1).
    private(set) var malformed = 0
    private(set) var refused = 0

    struct KeyPair: Hashable {
        var meta: String
        var file: String
    }

    /// Verifiers kept at most: a batch naming more key pairs starts over rather than grow.
    static let cachedPairs = 1024

    init(metaKey: String?, fileKey: String?, pattern: SUNTemplatePattern?, store: (any SUNCounterStore)?, now: Date) {
        self.metaKey = metaKey
        self.fileKey = fileKey
        self.pattern = pattern
        self.store = store
        self.now = now
    }

    /// Verifies every line of `input`; returns 0, 1 (some line refused) or 65 (some line malformed).
    mutating func run(_ input: [UInt8], io: some CommandIO) -> ExitStatus {
        var lineNumber = 0
        var start = 0
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        while start < input.count {
            let newline = input[start...].firstIndex(of: 0x0A) ?? input.count
            var end = newline
            if end > start, input[end - 1] == 0x0D { end -= 1 }
            lineNumber += 1
            if end > start {
                let line = String(decoding: input[start..<end], as: UTF8.self)
                let outcome = verify(line: line)
                if case .accepted(let result, let previous) = outcome {
                    Self.writeAccepted(result, previous: previous, tracked: store != nil, line: lineNumber, into: &out)
                } else {
                    JSONContract.versioned(
                        SUNVerifyCommand.resultJSON(outcome, tracked: store != nil, line: lineNumber)
                    )
                    .write(into: &out)
                }
                out.append(0x0A)
                if out.count >= 1 << 16 {
                    io.write(out)
                    out.removeAll(keepingCapacity: true)
                }
            }
            start = newline + 1
        }
        if !out.isEmpty { io.write(out) }
        if malformed > 0 {
            io.printError(
                "error: \(malformed) of the lines \(malformed == 1 ? "was" : "were") malformed (reason malformed-url or key-length)."
            )
            return .dataError
        }
        if refused > 0 {
            io.printError("error: \(refused) of the URLs \(refused == 1 ? "was" : "were") refused.")
            return .failure
        }
        return .success
    }

    /// The result line of an accepted URL written straight into `out`, byte for byte what
    /// ``SUNVerifyCommand/resultJSON(_:tracked:line:)`` serializes (a test holds the two together),
    /// without building the JSON tree: the batch's hot path.
    static func writeAccepted(
        _ result: SUNVerification, previous: Int?, tracked: Bool, line: Int, into out: inout [UInt8]
    ) {
        func append(_ text: StaticString) {
            text.withUTF8Buffer { out.append(contentsOf: $0) }
        }
        func appendInt(_ value: Int) { out.append(contentsOf: String(value).utf8) }
        func appendHex(_ bytes: [UInt8]) {
            out.append(0x22)
            for byte in bytes {
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
            out.append(0x22)
        }
        append("{\"schema_version\":")
        appendInt(JSONContract.schemaVersion)
        append(",\"line\":")
        appendInt(line)
        append(",\"valid\":true,\"uid\":")
        appendHex(result.uid)
        append(",\"counter\":")
        appendInt(result.counter)
        if let data = result.fileData {
            append(",\"file_data\":")
            appendHex(data)
            append(",\"file_text\":")
            JSON.writeString(String(decoding: data, as: UTF8.self), into: &out)
        } else {
            append(",\"file_data\":null,\"file_text\":null")
        }
        append(",\"reason\":null,\"message\":null,\"tracked\":")
        append(tracked ? "true" : "false")
        append(",\"last_counter\":")
        if let previous { appendInt(previous) } else { append("null") }
        out.append(0x7D)
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func verify(line: String) -> SUNVerifyCommand.Outcome {
        let outcome = outcomeOf(line)
        if case .refused(let error, _) = outcome {
            if error.origin == .input { malformed += 1 } else { refused += 1 }
        }
        return outcome
    }

    private mutating func outcomeOf(_ line: String) -> SUNVerifyCommand.Outcome {
        let parsed: SUNBatchLine
        do {
            // A URL line is the URL itself, no copy; only an object goes through the reader.
            let first = line.utf8.first
            parsed =
                first == UInt8(ascii: "{") || first == UInt8(ascii: " ") || first == UInt8(ascii: "\t")
                ? try SUNBatchLine.parse(line[...]) : SUNBatchLine(url: line)
        } catch {
            return .refused(
                .malformedURL(reason: "the line is not a URL nor a valid JSON object: \(error.reason)"),
                lastCounter: nil)
        }
        guard let meta = parsed.metaKey ?? metaKey else {
            return .refused(.malformedURL(reason: "no meta key: give --meta-key or \"meta_key\""), lastCounter: nil)
        }
        guard let file = parsed.fileKey ?? fileKey else {
            return .refused(.malformedURL(reason: "no file key: give --file-key or \"file_key\""), lastCounter: nil)
        }
        let verifier: SUNVerifier
        switch prepared(KeyPair(meta: meta, file: file)) {
        case .success(let ready): verifier = ready
        case .failure(let error): return .refused(error, lastCounter: nil)
        }
        do {
            return SUNVerifyCommand.record(try verifier.verify(url: parsed.url), store: store, at: now)
        } catch {
            return .refused(error, lastCounter: nil)
        }
    }

    private mutating func prepared(_ pair: KeyPair) -> Result<SUNVerifier, SUNError> {
        if let known = verifiers[pair] { return known }
        if verifiers.count >= Self.cachedPairs { verifiers.removeAll(keepingCapacity: true) }
        let made: Result<SUNVerifier, SUNError>
        do throws(SUNError) {
            made = .success(
                try SUNVerifier(
                    metaKey: try SUNVerifyCommand.key(pair.meta, name: "meta key"),
                    fileKey: try SUNVerifyCommand.key(pair.file, name: "file key"), pattern: pattern))
        } catch {
            made = .failure(error)
        }
        verifiers[pair] = made
        return made
    }
}
